import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LeaguePage } from '../modules/library/leagues.service';
import type { MatchSummary } from '../modules/matches/matches.contract';
import { axeViolations, openPage, pageOverflow } from './browser';
import { callJava, DESKTOP, javaResult, PHONE, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();
const SOCCER = 202;

const open = (pathname: string, viewport = DESKTOP, locale = 'zh-CN') =>
  openPage(running.browser, running.app, pathname, { viewport, locale });

/** The competitions of soccer, by format. */
async function soccerCompetitions(format: string) {
  const page = await javaResult<LeaguePage>(
    running.app,
    'GET',
    `/library/leagues?gameIds=${SOCCER}&pageSize=100`,
  );
  return page.list.filter((league) => league.format === format);
}

/**
 * A match whose next score is sure to come: every game of a series ends with a winner (a map or a
 * set won is a score, even the one that ends the series); basketball or american football before
 * the last quarter, baseball before the ninth, cricket in its first innings and soccer in the first
 * half score again before they end.
 */
function scoresAgainBeforeItEnds(match: MatchSummary): boolean {
  if (match.bestOf) return true;
  if (match.game === 'basketball' || match.game === 'americanfootball')
    return /^Q[1-3]$/.test(match.period ?? '');
  if (match.game === 'baseball') return /^[TB][1-8]$/.test(match.period ?? '');
  if (match.game === 'cricket') return match.period === 'INN1';
  return match.game === 'soccer' && match.period === 'H1';
}

/** The matches in play, of any game, that their competition's table counts (the table follows them). */
async function liveTableMatches(): Promise<MatchSummary[]> {
  const live = await javaResult<{ list: MatchSummary[] }>(
    running.app,
    'GET',
    '/v2/match/getPCLiveGameMatch?pageSize=100',
  );
  const counted: MatchSummary[] = [];
  for (const match of live.list.filter((m) => m.home && m.away && scoresAgainBeforeItEnds(m))) {
    const standings = await javaResult<{ live: number[] }>(
      running.app,
      'GET',
      `/library/league/${match.league.id}/standings`,
    ).catch(() => ({ live: [] as number[] }));
    if (standings.live.includes(match.id)) counted.push(match);
  }
  return counted;
}

/**
 * Plays the match on in the simulator until its score rises: the next event may be none (a point
 * inside a game, a period ending). Null when it ended first.
 */
async function playToAScore(match: MatchSummary): Promise<MatchSummary | null> {
  const total = (m: MatchSummary) => m.score.home + m.score.away;
  for (let step = 0; step < 20; step++) {
    const next = await callJava(running.app, 'POST', '/dev/simulator/advance', { matchId: match.id });
    if (next.status !== 'success') return null;
    if (total(next.result) > total(match)) return next.result;
  }
  return null;
}

/** Goals (points, runs, maps) for, as the table shows them, of the two teams of a match. */
async function goalsFor(page: Page, match: MatchSummary): Promise<number> {
  let total = 0;
  for (const team of [match.home, match.away]) {
    const cell = page.locator(`tr[data-team="${team?.id}"] td[data-column="for"]`);
    total += Number(await cell.textContent());
  }
  return total;
}

describe('the league library in headless Chromium', () => {
  it("changes a league's table without a reload when a match of it in play scores", async () => {
    for (const match of await liveTableMatches()) {
      const page = await open(`/leagueLibrary/${match.league.id}`);
      await page.evaluate(() => {
        (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
      });
      await page.locator('[role="status"][data-status="connected"]').waitFor();
      const before = await goalsFor(page, match);
      if (!(await playToAScore(match))) {
        await page.context().close();
        continue;
      }
      await expect.poll(() => goalsFor(page, match), { timeout: 15_000 }).toBeGreaterThan(before);
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
        true,
      );
      await shot(page, 'league-table-goal-desktop');
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
      return;
    }
    throw new Error('no match in play that a table counts scored');
  });

  it('draws a cup as a bracket that reads at phone width, round after round', async () => {
    const [cup] = await soccerCompetitions('cup');
    if (!cup) throw new Error('no soccer cup');
    const page = await open(`/en_US/leagueLibrary/${cup.id}/promotionTree`, PHONE, 'en-US');
    const rounds = page.locator('main h2');
    expect(await rounds.count()).toBeGreaterThan(1);
    await expect(rounds.last().textContent()).resolves.toBe('Final');
    // The rounds follow one another down the page, each tie a whole card within the screen.
    const boxes = await page.locator('main ol > li').evaluateAll((ties) =>
      ties.map((tie) => {
        const box = tie.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'league-bracket-phone');
    await page.context().close();
  });

  it('finds a league by name from the header, and opens its fixtures by round', async () => {
    const page = await open('/en_US/', DESKTOP, 'en-US');
    await page.getByRole('link', { name: 'Data centre' }).first().click();
    await page.waitForURL(/\/leagueLibrary$/);
    await page.getByRole('searchbox', { name: 'Search leagues' }).fill('Premier Division');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=Premier/);
    const results = page.locator('main ul li a[href*="/leagueLibrary/"]');
    await expect
      .poll(() => results.allTextContents())
      .toEqual([expect.stringContaining('English Premier Division')]);

    await results.first().click();
    await page.getByRole('link', { name: 'Fixtures' }).click();
    await page.waitForURL(/scheduleTable/);
    await expect(page.locator('main h2').first().textContent()).resolves.toMatch(/^Round \d+$/);
    expect(await page.locator('main li a[href^="/en_US/soccer/"]').count()).toBeGreaterThan(0);
    await shot(page, 'league-fixtures-desktop');
    await page.context().close();
  });

  it('answers 404 for a league or a view that does not exist', async () => {
    for (const pathname of ['/leagueLibrary/424242', '/leagueLibrary/1/nothing', '/leagueLibrary/abc']) {
      const res = await fetch(`${running.app.url}${pathname}`, { headers: { cookie: 'lang=zh_CN' } });
      expect(res.status, pathname).toBe(404);
    }
  });
});
