import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../modules/matches/matches.contract';
import { axeViolations, newContext, openIn, openPage, pageOverflow } from './browser';
import { DESKTOP, javaResult, PHONE, registerByEmail, sharedAppAndBrowser, shot } from './harness';
import { matchThatScoresAgain } from './live-matches';

const running = sharedAppAndBrowser();

const open = (pathname: string, viewport = PHONE) =>
  openPage(running.browser, running.app, pathname, { viewport, locale: 'zh-CN' });

/**
 * Games whose every change of the headline score is an incident of the timeline (a goal, a
 * touchdown, a set, game, frame or map won); basketball points, baseball runs and cricket
 * runs are not incidents.
 */
const TIMELINE_SCORES = [
  'soccer',
  'americanfootball',
  'tennis',
  'volleyball',
  'snooker',
  'lol',
  'csgo',
  'dota2',
];

/** Whether the next score of a match in play shows in its timeline as well as in its header. */
const scoresInTimeline = (match: MatchSummary) => TIMELINE_SCORES.includes(match.game);

/** A match in play sure to score again, one whose next score shows in the timeline if there is one. */
const liveMatch = () => matchThatScoresAgain(running.app, scoresInTimeline);

const score = (page: Page) => page.getByTestId('match-score').textContent();
const timelineItems = (page: Page) => page.getByRole('list', { name: '比赛事件' }).getByRole('listitem');

describe('the match page in headless Chromium', () => {
  it('shows the header, the period table and the timeline on a phone and on a desktop', async () => {
    const match = await liveMatch();
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await open(`/${match.game}/${match.id}`, viewport);
      await expect(page.title()).resolves.toContain(`${match.home?.name} 对 ${match.away?.name}`);
      await page.getByRole('heading', { name: match.home?.name, exact: true }).waitFor();
      await page.getByRole('heading', { name: match.away?.name, exact: true }).waitFor();
      await page.getByRole('table', { name: '分节比分' }).waitFor();
      if (scoresInTimeline(match)) expect(await timelineItems(page).count()).toBeGreaterThan(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `match-page-${name}`);
      await page.context().close();
    }
  });

  it('puts a simulated score into the header and the timeline without a reload', async () => {
    const match = await liveMatch();
    const page = await open(`/${match.game}/${match.id}`, DESKTOP);
    await page.getByTestId('match-score').waitFor();
    const events = await timelineItems(page).count();
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    const scored = await javaResult<MatchSummary>(running.app, 'POST', '/dev/simulator/advance', {
      matchId: match.id,
    });
    await expect
      .poll(() => score(page), { timeout: 10_000 })
      .toMatch(new RegExp(`${scored.score.home}\\s*–\\s*${scored.score.away}`));
    if (scoresInTimeline(match)) {
      await expect.poll(() => timelineItems(page).count(), { timeout: 10_000 }).toBeGreaterThan(events);
    }
    // The tab's title leads with the score, so it shows among the other tabs.
    await expect
      .poll(() => page.title(), { timeout: 10_000 })
      .toMatch(new RegExp(`^\\(${scored.score.home}-${scored.score.away}\\) `));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await shot(page, 'match-page-scored');
    await page.context().close();
  });

  it('keeps scores hidden until tapped for a fan in spoiler-free mode', async () => {
    const match = await liveMatch();
    const fan = await registerByEmail(running.app, 'spoiler-free@example.com');
    await javaResult(
      running.app,
      'POST',
      '/user/saveUserDataStatus',
      { data: { hideScores: true } },
      fan.token,
    );
    const page = await openPage(running.browser, running.app, `/${match.game}/${match.id}`, {
      viewport: PHONE,
      account: fan,
    });
    const show = page.getByRole('button', { name: '显示比分' });
    await show.first().waitFor();
    expect(await page.getByTestId('match-score').count()).toBe(0);
    expect(await page.title()).not.toMatch(/^\(/);
    await shot(page, 'match-page-spoiler-free');
    await show.first().click();
    await page.getByTestId('match-score').waitFor();
    await expect(page.title()).resolves.toMatch(/^\(\d+-\d+\) /);

    const list = await openPage(running.browser, running.app, `/?tab=live&games=${match.game}`, {
      viewport: PHONE,
      account: fan,
    });
    const row = list.locator(`li[data-match="${match.id}"]`);
    await row.getByRole('button', { name: '显示比分' }).waitFor();
    await page.context().close();
    await list.context().close();
  });

  it('chimes on a goal of a favourite match for a fan with the goal sound on, and not for one with it off', async () => {
    const match = await liveMatch();
    const chimesFor = async (goalSound: boolean) => {
      const fan = await registerByEmail(running.app, `goal-sound-${goalSound}-${Date.now()}@example.com`);
      await javaResult(running.app, 'POST', '/user/saveUserDataStatus', { data: { goalSound } }, fan.token);
      await javaResult(
        running.app,
        'POST',
        '/match/attention',
        { matchId: match.id, favourite: true },
        fan.token,
      );
      const context = await newContext(running.browser, running.app, { viewport: PHONE, account: fan });
      // Counts the tones the page starts: headless Chromium has no speakers to listen to.
      await context.addInitScript(() => {
        const start = OscillatorNode.prototype.start;
        (window as unknown as { tones: number }).tones = 0;
        OscillatorNode.prototype.start = function (...args) {
          (window as unknown as { tones: number }).tones += 1;
          return start.apply(this, args);
        };
      });
      const page = await openIn(context, running.app, `/${match.game}/${match.id}`);
      await page.getByTestId('match-score').waitFor();
      // The page knows the match is a favourite (its star is on), so it listens for its goals.
      await page.getByRole('button', { name: '已收藏', pressed: true }).waitFor();
      return page;
    };
    const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);
    const [on, off] = [await chimesFor(true), await chimesFor(false)];
    const scored = await javaResult<MatchSummary>(running.app, 'POST', '/dev/simulator/advance', {
      matchId: match.id,
    });
    for (const page of [on, off])
      await expect
        .poll(() => score(page), { timeout: 10_000 })
        .toMatch(new RegExp(`${scored.score.home}\\s*–\\s*${scored.score.away}`));
    await expect.poll(() => tones(on), { timeout: 10_000 }).toBeGreaterThan(0);
    // The same score reached the other page, which stayed silent.
    expect(await tones(off)).toBe(0);
    for (const page of [on, off]) await page.context().close();
  });

  it('has no serious accessibility problems', async () => {
    const match = await liveMatch();
    const page = await open(`/${match.game}/${match.id}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('answers the 404 page for a game that is not in the catalogue, an id of another game or no match', async () => {
    const match = await liveMatch();
    const other = match.game === 'soccer' ? 'basketball' : 'soccer';
    for (const pathname of ['/nosuchgame/1', `/${other}/${match.id}`, `/${match.game}/999999999`]) {
      const page = await open(pathname);
      const response = await page.reload();
      expect(response?.status(), pathname).toBe(404);
      await page.getByRole('heading', { name: '页面未找到' }).waitFor();
      await page.context().close();
    }
  });

  it("shows a game's live data and every match in play, linking to the match pages", async () => {
    const match = await liveMatch();
    const page = await open(`/${match.game}/data`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator(`a[href$="/${match.game}/${match.id}"]`).first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'game-data-phone');

    await page.goto(`${running.app.url}/live/data`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '实时数据', level: 1 }).waitFor();
    await page.locator(`a[href$="/${match.game}/${match.id}"]`).first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'live-data-phone');
    await page.context().close();
  });
});
