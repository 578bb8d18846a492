import { describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../lib/paging';
import { axeViolations, openPage, pageOverflow } from './browser';
import { DESKTOP, javaResult, PHONE, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();

/** A soccer team of the simulator's demo world by its English name, and a part of it a fan might type. */
async function demoTeam() {
  const teams = await javaResult<ListPage<{ id: number; name: string }>>(
    running.app,
    'GET',
    '/library/teams?gameIds=202&pageSize=1',
    undefined,
    undefined,
    'en_US',
  );
  const team = teams.list[0] as { id: number; name: string };
  // The longest word of the name, so that few other teams share it.
  const part = team.name.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
  return { ...team, part };
}

/**
 * The same team as a Chinese reader finds it: its Chinese name (the demo feed gives one), and the
 * first characters of it, the town, as a fan would type them.
 */
async function inChinese(team: { id: number; name: string }) {
  // `/java` answers in Simplified Chinese when the caller names no language.
  const hits = await javaResult<{ kind: string; id: number; label: string }[]>(
    running.app,
    'GET',
    `/search/suggest?text=${encodeURIComponent(team.name)}`,
  );
  const name = hits.find((hit) => hit.kind === 'team' && hit.id === team.id)?.label;
  if (!name || !/\p{Script=Han}/u.test(name)) throw new Error(`no Chinese name for ${team.name}`);
  return { ...team, name, part: name.slice(0, 4) };
}

const WIDE = { width: 1536, height: 900 };

describe('search in headless Chromium', () => {
  it('suggests as the fan types in the header, and the arrow keys and Enter open a suggestion', async () => {
    const team = await demoTeam();
    // The header keeps its box for wide screens; narrower ones get the search page's link.
    const page = await openPage(running.browser, running.app, '/en_US/', {
      viewport: WIDE,
      locale: 'en-US',
    });
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(team.part);
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const option = listbox.getByRole('option').filter({ hasText: team.name }).first();
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // The typed part is marked in the suggestion.
    expect(await option.locator('mark').first().textContent()).toBe(team.part);
    expect(await axeViolations(page, 'header')).toEqual([]);
    await shot(page, 'search-suggestions-desktop', false);

    const options = await listbox.getByRole('option').allTextContents();
    const index = options.findIndex((text) => text.includes(team.name));
    for (let n = 0; n <= index; n++) await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL(/\/squadLibrary\/\d+$/);
    await page.getByRole('heading', { level: 1, name: team.name }).waitFor();

    await box.fill(team.part);
    await listbox.getByRole('option').first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('shows the results in tabs with the matches highlighted, on a phone, in Chinese', async () => {
    const team = await inChinese(await demoTeam());
    const page = await openPage(running.browser, running.app, `/s/${encodeURIComponent(team.part)}`, {
      viewport: PHONE,
    });
    await page.getByRole('heading', { level: 1, name: `“${team.part}”的搜索结果` }).waitFor();
    const tabs = page.getByRole('navigation', { name: '结果类型' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      '综合',
      '相关比赛',
      '主播',
      '直播',
      '资讯',
    ]);
    const teams = page.getByRole('region', { name: '球队' });
    await teams.getByRole('link', { name: team.name }).waitFor();
    expect(await teams.locator('mark').first().textContent()).toBe(team.part);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'search-all-phone');

    await tabs.getByRole('link', { name: '相关比赛' }).click();
    await page.waitForURL(/\?tab=matches$/);
    await page.locator('main a[href^="/soccer/"]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'search-matches-phone');
    await page.context().close();
  });

  it('shows what was typed as text, never as markup', async () => {
    const typed = '<img src=x onerror=alert(1)>';
    const page = await openPage(running.browser, running.app, `/en_US/search/${encodeURIComponent(typed)}`, {
      viewport: DESKTOP,
      locale: 'en-US',
    });
    await page.getByRole('heading', { level: 1, name: `Results for “${typed}”` }).waitFor();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    await page.getByText(`Nothing found for “${typed}”`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'search-empty-desktop');
    await page.context().close();
  });
});
