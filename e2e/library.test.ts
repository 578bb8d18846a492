import { describe, expect, it } from 'vitest';
import type { LeaguePage } from '../modules/library/leagues.service';
import type { PlayerProfile } from '../modules/library/players.service';
import type { TeamProfile } from '../modules/library/squads.service';
import { axeViolations, openPage, pageOverflow } from './browser';
import { DESKTOP, javaResult, PHONE, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();
const SOCCER = 202;

const open = (pathname: string, viewport = DESKTOP, locale = 'zh-CN') =>
  openPage(running.browser, running.app, pathname, { viewport, locale });

const java = <T>(pathname: string) => javaResult<T>(running.app, 'GET', pathname);

/**
 * A soccer team of the most prominent league played as a table that has played in the simulated
 * week, with that league's id. A cup ranks above the leagues but its page shows only the teams
 * still in its current round, which a team may have left.
 */
async function soccerTeam(): Promise<TeamProfile & { leagueId: number }> {
  const leagues = await java<LeaguePage>(`/library/leagues?gameIds=${SOCCER}&pageSize=20`);
  const leagueId = leagues.list.find((league) => league.format === 'league')?.id as number;
  const league = await java<{ teams: { id: number }[] }>(`/library/league/${leagueId}`);
  for (const { id } of league.teams) {
    const team = await java<TeamProfile>(`/library/team/${id}`);
    if (team.recent.some((match) => match.status === 'finished')) return { ...team, leagueId };
  }
  throw new Error('no soccer team with a result');
}

describe('the squad and player libraries in headless Chromium', () => {
  it("goes from a league's table to a team, its squad and a player's numbers, on a phone", async () => {
    const team = await soccerTeam();
    const page = await open(`/en_US/leagueLibrary/${team.leagueId}`, PHONE, 'en-US');
    await page.locator(`main a[href="/en_US/squadLibrary/${team.team.id}"]`).first().click();
    await page.waitForURL(new RegExp(`/squadLibrary/${team.team.id}$`));
    // The page is in English: the team by its English name.
    const english = await javaResult<TeamProfile>(
      running.app,
      'GET',
      `/library/team/${team.team.id}`,
      undefined,
      undefined,
      'en_US',
    );
    await page.getByRole('heading', { level: 1, name: english.team.name }).waitFor();
    await page.getByRole('region', { name: 'Results' }).getByRole('listitem').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'team-overview-phone');

    await page.getByRole('navigation', { name: 'Team views' }).getByRole('link', { name: 'Squad' }).click();
    await page.getByRole('heading', { name: 'Goalkeeper' }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'team-squad-phone');

    // A keeper who started this week's matches: his page has numbers from their results.
    let starter: number | undefined;
    for (const player of team.squad.filter((p) => p.position === 'GK')) {
      const profile = await java<PlayerProfile>(`/library/player/${player.id}`);
      if (profile.seasons.some((season) => season.starts > 0)) starter = player.id;
    }
    await page.locator(`main a[href="/en_US/playerLibrary/${starter}"]`).click();
    await page.waitForURL(new RegExp(`/playerLibrary/${starter}$`));
    const table = page.getByRole('table', { name: 'Statistics by competition' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Apps', 'Min', 'G', 'A']),
    );
    expect(Number(await table.locator('tbody tr td').first().textContent())).toBeGreaterThan(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'player-overview-phone');

    await page
      .getByRole('navigation', { name: 'Player views' })
      .getByRole('link', { name: 'Matches' })
      .click();
    await page
      .getByRole('table', { name: 'Recent matches' })
      .locator(`a[href^="/en_US/soccer/"]`)
      .first()
      .waitFor();
    await shot(page, 'player-matches-phone');
    await page.context().close();
  });

  it("shows a basketball player's points, rebounds and assists, and an esports player's K/D/A", async () => {
    for (const [game, columns] of [
      ['basketball', ['Pts', 'Reb', 'A']],
      ['lol', ['K', 'D', 'A', 'Rtg']],
    ] as const) {
      const page = await open(`/en_US/playerLibrary?game=${game}`, DESKTOP, 'en-US');
      const players = page.locator('main a[href*="/playerLibrary/"]');
      const ids = (await players.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(
        (href) => Number(href?.split('/').pop()),
      );
      let shown: PlayerProfile | undefined;
      for (const id of ids) {
        const profile = await java<PlayerProfile>(`/library/player/${id}`);
        if (profile.seasons.length > 0) {
          shown = profile;
          break;
        }
      }
      if (!shown) throw new Error(`no ${game} player with a match played`);
      await page.goto(`${running.app.url}/en_US/playerLibrary/${shown.player.id}`);
      const table = page.getByRole('table', { name: 'Statistics by competition' });
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(
        expect.arrayContaining([...columns]),
      );
      await shot(page, `player-${game}-desktop`);
      await page.context().close();
    }
  });

  it('finds teams and players by name, in the page language', async () => {
    const team = await soccerTeam();
    const page = await open('/squadLibrary');
    await page.getByRole('link', { name: '球员' }).first().waitFor();
    await page.getByRole('searchbox', { name: '搜索球队' }).fill(team.team.name);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/q=/);
    await expect
      .poll(() => page.locator('main ul li a[href*="/squadLibrary/"]').allTextContents())
      .toEqual([expect.stringContaining(team.team.name)]);

    const player = team.squad[0];
    await page.goto(`${running.app.url}/playerLibrary?q=${encodeURIComponent(player?.name ?? '')}`);
    await page.locator(`main a[href="/playerLibrary/${player?.id}"]`).waitFor();
    await expect(page.title()).resolves.toContain('球员库');
    await shot(page, 'player-library-desktop');
    await page.context().close();
  });

  it('answers 404 for a team, a player or a view that does not exist', async () => {
    for (const pathname of [
      '/squadLibrary/424242',
      '/squadLibrary/1/nothing',
      '/playerLibrary/424242',
      '/playerLibrary/abc',
    ]) {
      const res = await fetch(`${running.app.url}${pathname}`, { headers: { cookie: 'lang=zh_CN' } });
      expect(res.status, pathname).toBe(404);
    }
  });
});
