import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueGroup, MatchSummary } from '../modules/matches/matches.contract';
import { axeViolations, newContext, openIn, openPage, pageOverflow } from './browser';
import {
  DESKTOP,
  fixturesFilled,
  javaResult,
  launchBrowser,
  PHONE,
  type RunningApp,
  SCREENSHOTS,
  shot,
  startApp,
} from './harness';
import { matchThatScoresAgain } from './live-matches';

// One data directory for the app's whole life here: the restart brings back the same matches.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-matches-'));
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [app, browser] = await Promise.all([startApp({}, dataDir), launchBrowser()]);
  await fixturesFilled(app);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (pathname: string, viewport = DESKTOP, locale = 'zh-CN') =>
  openPage(browser, app, pathname, { viewport, locale });

/** The score a row shows, as "home-away". */
async function rowScore(page: Page, id: number): Promise<string> {
  const cells = page.locator(`li[data-match="${id}"] .tabular-nums`);
  return (await cells.allTextContents()).join('-');
}

const liveMatch = () => matchThatScoresAgain(app);

describe('the live-score home page in headless Chromium', () => {
  it("shows today's matches by league, with kick-off times in the visitor's zone", async () => {
    // A returning visitor: the page knows the browser's zone (this machine's) from its cookie.
    const context = await newContext(browser, app, { viewport: DESKTOP, locale: 'zh-CN' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await context.addCookies([{ name: 'tz', value: encodeURIComponent(zone), url: app.url }]);
    // The day the page was opened on, also if midnight passes while the test runs.
    const openedOn = new Date().toDateString();
    const page = await openIn(context, app, '/');
    const rows = page.locator('li[data-match]');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await page.locator('section[aria-labelledby^="league-"] h3').count()).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: '今日' }).getAttribute('aria-current')).resolves.toBe('page');
    // Every match listed starts today where the browser is.
    const times = await page
      .locator('li[data-match] time')
      .evaluateAll((nodes) =>
        nodes.map((node) => new Date(node.getAttribute('datetime') ?? '').toDateString()),
      );
    const days = new Set(times);
    expect(days.size).toBeLessThanOrEqual(1);
    if (days.size === 1) expect([openedOn, new Date().toDateString()]).toContain([...days][0]);
    await page.context().close();
  });

  it('changes a score on screen without a reload when a goal is scored, and flashes the row', async () => {
    const match = await liveMatch();
    const page = await open(`/?tab=live&games=${match.game}`);
    await page.evaluate(() => {
      (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    await page.locator('[role="status"][data-status="connected"]').waitFor();
    const row = page.locator(`li[data-match="${match.id}"]`);
    await row.waitFor();
    const before = await rowScore(page, match.id);

    const scored = await javaResult<MatchSummary>(app, 'POST', '/dev/simulator/advance', {
      matchId: match.id,
    });
    const after = `${scored.score.home}-${scored.score.away}`;
    expect(after).not.toBe(before);
    await expect.poll(() => rowScore(page, match.id), { timeout: 10_000 }).toBe(after);
    await expect(row.getAttribute('data-changed')).resolves.toBe('true');
    await shot(page, 'matches-goal-desktop');
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await page.context().close();
  });

  it('reconnects by itself after the server restarts and shows the current score', {
    timeout: 240_000,
  }, async () => {
    const match = await liveMatch();
    const page = await open(`/?tab=live&games=${match.game}`);
    await page.evaluate(() => {
      (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    const badge = page.locator('[role="status"][data-status]');
    await page.locator('[role="status"][data-status="connected"]').waitFor();

    const port = Number(new URL(app.url).port);
    await app.stop();
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 10_000 }).not.toBe('connected');
    app = await startApp({}, dataDir, port);
    // The simulator plays the match on again once it has read its fortnight anew.
    await fixturesFilled(app);

    // A goal after the restart reaches the page over the connection it opened again by itself.
    const scored = await javaResult<MatchSummary>(app, 'POST', '/dev/simulator/advance', {
      matchId: match.id,
    });
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 30_000 }).toBe('connected');
    const current = async () => {
      const now = await javaResult<{ list: MatchSummary[] }>(
        app,
        'POST',
        '/v2/match/getPCGameMatchByCondition',
        { gameIds: [match.gameId], pageSize: 100, status: ['in_progress', 'finished'] },
      );
      const latest = now.list.find((m) => m.id === match.id) ?? scored;
      return `${latest.score.home}-${latest.score.away}`;
    };
    await expect
      .poll(async () => (await rowScore(page, match.id)) === (await current()), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('looks right on a %s with no serious accessibility problems', async (name, viewport) => {
    const page = await open('/', viewport);
    await shot(page, `matches-home-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const list = await open('/match/soccer?tab=score&day=yesterday', viewport);
    await shot(list, `matches-list-${name}`);
    expect(await axeViolations(list)).toEqual([]);
    expect(await pageOverflow(list)).toBeLessThanOrEqual(0);
    await page.context().close();
    await list.context().close();
  });

  it('sends the first screens of a long list, the other leagues folded to links, and unfolds them as the visitor scrolls', async () => {
    // What a crawler or a browser without the script gets: rows for the first screens, links for the rest.
    const html = await (await fetch(`${app.url}/match`)).text();
    const rowsSent = html.match(/<li data-match=/g)?.length ?? 0;
    const linksSent = html.match(/<li><a href="\/[a-z0-9]+\/\d+"/g)?.length ?? 0;
    expect(rowsSent).toBeGreaterThanOrEqual(40);
    expect(linksSent).toBeGreaterThan(0);

    const page = await open('/match', PHONE);
    const rows = await page.locator('li[data-match]').count();
    const links = await page.locator('details li a').count();
    expect(links).toBeGreaterThan(0);
    const folded = page.locator('details');
    const firstFolded = folded.first();
    const league = await firstFolded.locator('h3').textContent();
    // The whole list comes in one call, as it stands then: the clock may have moved matches on
    // since the page was sent, so the rows are counted against that answer.
    const whole = page.waitForResponse((response) => response.url().includes('/java/match/groups'));
    await firstFolded.scrollIntoViewIfNeeded();
    const answer = (await (await whole).json()) as { result: LeagueGroup[] };
    await folded.first().waitFor({ state: 'detached' });
    const answered = answer.result.reduce((sum, group) => sum + group.matches.length, 0);
    expect(answered).toBeGreaterThan(rows);
    expect(await page.locator('li[data-match]').count()).toBeGreaterThanOrEqual(answered);
    await expect(
      page.locator('section[aria-labelledby^="league-"] h3', { hasText: league ?? '' }).count(),
    ).resolves.toBe(1);
    await page.context().close();
  });

  it('lays the lists out right to left in Arabic, each league under its region named in Arabic', async () => {
    const page = await open('/ar/?tab=bytime', PHONE, 'ar');
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    expect(await page.locator('li[data-match]').count()).toBeGreaterThan(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'matches-home-ar-phone');
    await page.context().close();

    const byLeague = await open('/ar/', PHONE, 'ar');
    const regions = await byLeague.locator('section h3 > span').allTextContents();
    expect(regions).toContain('العالم: ');
    // Not the feed's codes ('world', 'US'): every region is named in the page's language.
    expect(regions.filter((region) => /[A-Za-z]/.test(region))).toEqual([]);
    await byLeague.context().close();
  });

  it('filters by game and day from the URL, and sends a guest who wants favourites to the login dialog', async () => {
    const page = await open('/match/basketball?day=tomorrow');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('篮球比赛');
    expect(await page.locator('li[data-match]').count()).toBeGreaterThan(0);
    const games = await page
      .locator('li[data-match] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.split('/')[1]));
    expect(new Set(games)).toEqual(new Set(['basketball']));
    await page.getByRole('navigation', { name: '筛选' }).getByRole('link', { name: '只看收藏' }).click();
    await page.getByRole('dialog').waitFor();
    expect(page.url()).toBe(`${app.url}/match/basketball?day=tomorrow`);
    await page.context().close();
  });
});
