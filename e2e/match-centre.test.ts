import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameBySlug } from '../modules/catalog/catalog.contract';
import type { MatchDetail, MatchSummary } from '../modules/matches/matches.contract';
import { axeViolations, openPage, pageOverflow } from './browser';
import { DESKTOP, javaResult, PHONE, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();
const SOCCER = gameBySlug('soccer')?.id;

/** A soccer match in play, else one that finished: both have a momentum graph and ratings. */
async function soccerMatch(): Promise<MatchSummary> {
  const query = `pageSize=100&gameIds=${SOCCER}`;
  const live = await javaResult<{ list: MatchSummary[] }>(
    running.app,
    'GET',
    `/v2/match/getPCLiveGameMatch?${query}`,
  );
  // Ten minutes in at least, so that the graph has bars and the players ratings.
  const playing = live.list.find((match) => (match.clock?.seconds ?? 0) > 10 * 60);
  if (playing) return playing;
  const past = await javaResult<{ list: MatchSummary[] }>(
    running.app,
    'POST',
    '/v2/match/getPCPastGameMatch',
    {
      pageSize: 10,
      gameIds: [SOCCER],
    },
  );
  const finished = past.list[0];
  if (!finished) throw new Error('no soccer match in play or finished');
  return finished;
}

const open = (pathname: string, viewport = PHONE) =>
  openPage(running.browser, running.app, pathname, { viewport });

const graph = (page: Page) => page.getByTestId('momentum-graph');

describe('the match centre of a soccer match in headless Chromium', () => {
  it('draws the attack momentum with its numbers as a table for screen readers', async () => {
    const match = await soccerMatch();
    const detail = await javaResult<MatchDetail>(running.app, 'GET', `/${match.game}/${match.id}`);
    const bars = detail.momentum?.bars ?? [];
    expect(bars.length).toBeGreaterThan(10);
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await open(`/${match.game}/${match.id}`, viewport);
      await page.getByRole('heading', { name: '进攻势头' }).waitFor();
      await graph(page).scrollIntoViewIfNeeded();
      // uPlot draws on a canvas once its chunk has loaded.
      await graph(page).locator('canvas').waitFor();
      const table = page.getByRole('table', { name: '进攻势头' });
      expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(bars.length);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `match-momentum-${name}`, false);
      await page.context().close();
    }
  });

  it('rates the players in the lineups in their colour bands', async () => {
    const match = await soccerMatch();
    const detail = await javaResult<MatchDetail>(running.app, 'GET', `/${match.game}/${match.id}`);
    expect(detail.ratings?.length).toBeGreaterThan(10);
    const page = await open(`/${match.game}/${match.id}`, PHONE);
    await page.getByRole('tab', { name: '阵容' }).click();
    await page.getByTestId('player-rating').first().waitFor();
    expect(await page.getByTestId('player-rating').count()).toBeGreaterThan(10);
    await shot(page, 'match-ratings-phone');
    await page.context().close();
  });

  it('shows no ratings in a sport without them', async () => {
    const live = await javaResult<{ list: MatchSummary[] }>(
      running.app,
      'GET',
      '/v2/match/getPCLiveGameMatch?pageSize=100',
    );
    const other = live.list.find((match) => match.game !== 'soccer' && match.home);
    if (!other) return;
    const detail = await javaResult<MatchDetail>(running.app, 'GET', `/${other.game}/${other.id}`);
    expect(detail.ratings).toBeNull();
    expect(detail.momentum).toBeNull();
  });

  it('has no serious accessibility problems with the graph on the page, in Chinese, English and Arabic', async () => {
    const match = await soccerMatch();
    // Chinese is the site's own language; the others are under their prefix.
    for (const [prefix, dir] of [
      ['', 'ltr'],
      ['/en_US', 'ltr'],
      ['/ar', 'rtl'],
    ] as const) {
      const page = await open(`${prefix}/${match.game}/${match.id}`, DESKTOP);
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe(dir);
      await graph(page).scrollIntoViewIfNeeded();
      await graph(page).locator('canvas').waitFor();
      expect(await axeViolations(page), prefix).toEqual([]);
      await page.context().close();
    }
  });
});
