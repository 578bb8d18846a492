import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  DESKTOP,
  javaResult,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

const signedIn = (account: Account | null, viewport = PHONE) =>
  newContext(running.browser, running.app, { viewport, account });

const open = (context: BrowserContext, pathname: string) => openIn(context, running.app, pathname);

/**
 * Waits until a list page shows the browser's days: a first visit is drawn in the zone the server
 * guessed, and its list (still in the document, hidden) is replaced once the data for the
 * browser's zone has come. Read before that, "tomorrow" is another day's list.
 */
async function inBrowsersZone(page: Page): Promise<Page> {
  await page.waitForFunction(() => document.documentElement.dataset.zonePending === undefined);
  return page;
}

describe('favourites and reservations in headless Chromium', () => {
  let fan: Account;
  beforeAll(async () => {
    fan = await registerByEmail(running.app, `reserver-${Date.now()}@example.com`);
  });

  it('asks a guest to log in when they press a bell', async () => {
    const context = await signedIn(null);
    const page = await open(context, '/?tab=tomorrow');
    await page.getByRole('button', { name: '预约', exact: true }).first().click();
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('sessionState') ?? '{}'));
    expect(state.showModel).toBe(true);
    await context.close();
  });

  it('reserves a match from a list, shows it in My reservations, and cancels it there', async () => {
    const context = await signedIn(fan);
    const list = await open(context, '/?tab=tomorrow');
    const bell = list.getByRole('button', { name: '预约', exact: true }).first();
    const matchId = Number(await bell.locator('xpath=ancestor::li[1]').getAttribute('data-match'));
    await bell.click();
    const row = list.locator(`li[data-match="${matchId}"]`);
    await row.getByRole('button', { name: '取消预约' }).waitFor();
    await list.getByRole('alert').getByText('预约成功').waitFor();
    const marks = await javaResult<{ reserved: number[] }>(
      running.app,
      'GET',
      '/match/attention/marks',
      undefined,
      fan.token,
    );
    expect(marks.reserved).toEqual([matchId]);

    // The user centre lists the sub-view, and the reservation is there, not started.
    const centre = await open(context, '/userInfo');
    await centre
      .getByRole('navigation', { name: '个人中心' })
      .last()
      .getByRole('link', { name: /我的预约/ })
      .click();
    await centre.getByRole('heading', { name: '我的预约', level: 1 }).waitFor();
    const reserved = centre.locator(`li[data-match="${matchId}"]`);
    await reserved.getByText('未开始').waitFor();
    expect(await pageOverflow(centre)).toBeLessThanOrEqual(0);
    await shot(centre, 'reservations-phone');

    await reserved.getByRole('button', { name: '取消预约' }).click();
    await reserved.getByText('已取消').waitFor();
    const after = await javaResult<{ list: { matchId: number; state: string }[] }>(
      running.app,
      'GET',
      '/match/reservation',
      undefined,
      fan.token,
    );
    expect(after.list).toMatchObject([{ matchId, state: 'cancelled' }]);
    await context.close();
  });

  it('favourites a match and finds it under Favourites on a desktop', async () => {
    const context = await signedIn(fan, DESKTOP);
    const list = await open(context, '/?tab=tomorrow');
    const star = list.getByRole('button', { name: '收藏比赛', exact: true }).first();
    const matchId = await star.locator('xpath=ancestor::li[1]').getAttribute('data-match');
    await star.click();
    await list.locator(`li[data-match="${matchId}"]`).getByRole('button', { name: '取消收藏' }).waitFor();

    const favourites = await open(context, '/userInfo/favourites');
    await favourites.getByRole('heading', { name: '我的收藏', level: 1 }).waitFor();
    await favourites.locator(`li[data-match="${matchId}"]`).waitFor();
    await shot(favourites, 'favourites-desktop');
    await favourites.getByRole('link', { name: '球队' }).click();
    await favourites.getByText('还没有关注的球队').waitFor();

    // A league of the world, favourited on another device: listed under its region's name.
    const worldLeague = list.locator('h3', { hasText: /^世界: / }).first();
    const leagueId = Number((await worldLeague.getAttribute('id'))?.replace('league-', ''));
    await javaResult(
      running.app,
      'POST',
      '/match/attention/league',
      { leagueId, favourite: true },
      fan.token,
    );
    await favourites.getByRole('link', { name: '赛事' }).click();
    await favourites
      .getByText(/^世界 · /)
      .first()
      .waitFor();
    await context.close();
  });

  it('pins a favourite match first on the home page and the match list, and puts it back when unstarred', async () => {
    const pinner = await registerByEmail(running.app, `pinner-${Date.now()}@example.com`);
    const phone = await signedIn(pinner);
    const home = await inBrowsersZone(await open(phone, '/?tab=tomorrow'));
    const rowIds = (page: Page) =>
      page
        .locator('li[data-match]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-match'))));
    const before = await rowIds(home);
    expect(before.length).toBeGreaterThan(5);
    // A match far down the list, in a league folded past the first screens, starred elsewhere
    // (on another device, say): the page loads the folded leagues to pin it.
    const foldedLinks = await home
      .locator('details a')
      .evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')?.split('/').pop())));
    expect(foldedLinks.length).toBeGreaterThan(0);
    const matchId = foldedLinks[foldedLinks.length - 1] as number;
    await javaResult(running.app, 'POST', '/match/attention', { matchId, favourite: true }, pinner.token);

    const pinnedFirst = async (page: Page) => {
      const pinned = page.getByRole('region', { name: '我的收藏' });
      await pinned.locator(`li[data-match="${matchId}"]`).waitFor();
      expect((await rowIds(page))[0]).toBe(matchId);
      // Moved, not copied: the league group below no longer lists it.
      expect(await page.locator(`li[data-match="${matchId}"]`).count()).toBe(1);
    };
    await home.reload({ waitUntil: 'networkidle' });
    await pinnedFirst(home);
    expect(await pageOverflow(home)).toBeLessThanOrEqual(0);
    await shot(home, 'pinned-favourites-phone');

    const desktop = await signedIn(pinner, DESKTOP);
    const list = await inBrowsersZone(await open(desktop, '/match?day=tomorrow'));
    await pinnedFirst(list);
    await shot(list, 'pinned-favourites-desktop');
    await desktop.close();

    // Unstarred with the star of its pinned row: the pinned group goes and the match is back in place.
    await home.locator(`li[data-match="${matchId}"]`).getByRole('button', { name: '取消收藏' }).click();
    await home.getByRole('region', { name: '我的收藏' }).waitFor({ state: 'detached' });
    // Back in its league, once, and the list stays unfolded. Other files play matches of the
    // shared app meanwhile, so the rule is checked on the list as it is now, not as it was.
    const unfolded = await rowIds(home);
    expect(unfolded.filter((id) => id === matchId)).toHaveLength(1);
    expect(unfolded[0]).not.toBe(matchId);
    expect(unfolded.length).toBeGreaterThan(before.length);
    await home.reload({ waitUntil: 'networkidle' });
    expect(await home.getByRole('region', { name: '我的收藏' }).count()).toBe(0);
    expect((await rowIds(home))[0]).not.toBe(matchId);
    await phone.close();
  });
});
