import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app';
import { javaClient } from '../../test/java';
import { createRng } from '../sports/rng';
import { rulesForGame } from '../sports/rules-by-game';
import { soccer } from '../sports/soccer';
import { playToEnd } from '../sports/test-support';
import type { FeedMatch } from './feed';
import type { MatchSummary } from './matches.contract';
import { fixtures, SOURCE, soccerMatch } from './test-fixtures';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const lol = rulesForGame('lol');
if (!lol) throw new Error('lol has no rules');

let app: FastifyInstance;
const ids: Record<string, number> = {};

/** A best-of-3 LoL match between two esports teams, `minutes` into its first map. */
function lolMatch(externalId: string, startsAt: Date, minutes: number): FeedMatch {
  const state = lol?.advance(lol.initial({ bestOf: 3 }), createRng(2), minutes * 60).state;
  if (!state) throw new Error('no state');
  return {
    externalId,
    gameId: state.gameId,
    competitionExternalId: 'lpl',
    homeTeamExternalId: 'tigers',
    awayTeamExternalId: 'dragons',
    startsAt,
    bestOf: 3,
    initial: { externalId, seq: 5, status: state.status, state },
  };
}

beforeAll(async () => {
  app = await buildTestApp();
  const now = Date.now();
  const base = fixtures([
    soccerMatch(
      'live',
      'red',
      'blue',
      new Date(now - 30 * 60_000),
      soccer.advance(soccer.initial(), createRng(1), 1800).state,
    ),
    soccerMatch('next', 'blue', 'green', new Date(now + 2 * HOUR)),
    soccerMatch('done', 'green', 'red', new Date(now - 2 * DAY), playToEnd(soccer, 4)),
    lolMatch('esport', new Date(now - 20 * 60_000), 20),
  ]);
  await app.services.matches.store.upsertFixtures(SOURCE, {
    ...base,
    competitions: [
      ...(base.competitions ?? []),
      {
        externalId: 'lpl',
        gameId: lol.gameId,
        name: 'Pro League',
        shortName: 'PL',
        region: 'cn',
        format: 'league',
        rank: 2,
      },
    ],
    teams: [
      ...(base.teams ?? []),
      ...['tigers', 'dragons'].map((name) => ({
        externalId: name,
        gameId: lol.gameId,
        name,
        shortName: name.slice(0, 3),
      })),
    ],
  });
  // The board learns of them from the bus.
  await vi.waitFor(() => expect([...app.services.matches.board.all()]).toHaveLength(4));
  for (const summary of app.services.matches.board.all()) {
    const name =
      summary.status === 'in_progress' ? (summary.game === 'lol' ? 'esport' : 'live') : summary.status;
    ids[name] = summary.id;
  }
});
afterAll(() => app.close());

const idsOf = (list: MatchSummary[]) => list.map((summary) => summary.id);

describe('the match calls', () => {
  it('list the matches in play, filtered by game (comma list or repeated) and paginated', async () => {
    const java = javaClient(app);
    const all = await java.get('/v2/match/getPCLiveGameMatch');
    expect(all.status).toBe('success');
    expect(idsOf(all.result.list)).toEqual([ids.live, ids.esport]);
    expect((await java.get('/v2/match/getPCLiveGameMatch?gameIds=202')).result).toMatchObject({
      total: 1,
      list: [{ id: ids.live, game: 'soccer', period: 'H1', clock: { direction: 'up' } }],
    });
    expect((await java.get('/v2/match/getPCLiveGameMatch?gameIds=202,1')).result.total).toBe(2);
    expect((await java.get('/v2/match/getPCLiveGameMatch?gameIds=202&gameIds=1')).result.total).toBe(2);
    const second = await java.get('/v2/match/getPCLiveGameMatch?pageSize=1&pageIndex=2');
    expect(second.result).toMatchObject({ total: 2, pageIndex: 2, pageSize: 1 });
    expect(idsOf(second.result.list)).toEqual([ids.esport]);
  });

  it('serve the in-play list from cached bytes until a match changes', async () => {
    const matches = app.services.matches;
    const page = vi.spyOn(matches, 'page');
    const url = '/java/v2/match/getPCLiveGameMatch?pageSize=7';
    const first = await app.inject({ url });
    const again = await app.inject({ url });
    expect(again.body).toBe(first.body);
    expect(page).toHaveBeenCalledTimes(1);

    const state = soccer.advance(soccer.initial(), createRng(1), 2400).state;
    await matches.store.applyUpdate(SOURCE, { externalId: 'live', seq: 200, status: state.status, state });
    await vi.waitFor(() => expect(matches.board.get(ids.live ?? 0)?.seq).toBe(200));
    const changed = await app.inject({ url });
    expect(page).toHaveBeenCalledTimes(2);
    expect(changed.json().result.list[0].seq).toBe(200);
    page.mockRestore();
  });

  it('refuse bad filters, naming the field', async () => {
    const java = javaClient(app);
    for (const [query, field] of [
      ['pageSize=1000', 'pageSize'],
      ['pageIndex=0', 'pageIndex'],
      ['date=2026-02-30', 'date'],
      ['status=playing', 'status'],
      ['gameIds=soccer', 'gameIds'],
      ['tz=5000', 'tz'],
    ]) {
      const answer = await java.get(`/v2/match/getPCLiveGameMatch?${query}`, { lan: 'en_US' });
      expect(answer).toMatchObject({ httpStatus: 400, status: 'fail', errorCode: 1002 });
      expect(answer.errorMsg).toContain(field);
    }
    const body = await java.post('/v2/match/getPCPastGameMatch', { pageSize: 'many' }, { lan: 'en_US' });
    expect(body).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(body.errorMsg).toContain('pageSize');
  });

  it('answer one match by game and id, and an unknown one with a 404 envelope', async () => {
    const java = javaClient(app);
    const detail = await java.get(`/soccer/${ids.live}`);
    expect(detail.result).toMatchObject({
      summary: { id: ids.live, home: { name: 'red FC' }, league: { name: 'Premier' } },
      state: { family: 'soccer' },
      form: { away: [] },
    });
    expect(detail.result.form.home).toEqual([expect.stringMatching(/^[WDL]$/)]);
    for (const url of ['/soccer/999999', `/lol/${ids.live}`, `/chess/${ids.live}`]) {
      expect(await java.get(url)).toMatchObject({ httpStatus: 404, status: 'fail', errorCode: 1001 });
    }
  });

  it("list a game's results and upcoming matches, past results, and matches by day and league", async () => {
    const java = javaClient(app);
    expect(idsOf((await java.get('/soccer/results/1')).result.list)).toEqual([ids.finished]);
    expect(idsOf((await java.get('/soccer/upcoming/1')).result.list)).toEqual([ids.not_started]);
    expect(idsOf((await java.get('/lol/live/1')).result.list)).toEqual([ids.esport]);
    expect(idsOf((await java.post('/v2/match/getPCPastGameMatch', { gameIds: [202] })).result.list)).toEqual([
      ids.finished,
    ]);
    const byCondition = await java.post('/v2/match/getPCGameMatchByCondition', {
      status: 'in_progress,finished',
    });
    expect(byCondition.result.total).toBe(3);
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const grouped = await java.get(`/match/pcMatches?date=${twoDaysAgo}`);
    expect(grouped.result).toMatchObject([{ league: { name: 'Premier' }, matches: [{ id: ids.finished }] }]);
    const range = `from=${Date.now() - 3 * DAY}&to=${Date.now() - DAY}`;
    const ranged = await java.get(`/match/groups?${range}&gameIds=202&status=finished`);
    expect(ranged.result).toEqual(grouped.result);
    expect((await java.get(`/match/groups?${range}&gameIds=1`)).result).toEqual([]);
    const backwards = await java.get(`/match/groups?from=${Date.now()}&to=${Date.now() - DAY}`);
    expect(backwards).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(backwards.result.issues).toMatchObject([{ field: 'to', reason: 'invalidValue' }]);
    const upcoming = await java.post('/v2/match/getPCUpcomingGameMatch', {});
    expect(idsOf(upcoming.result.list)).toEqual([ids.not_started]);
  });

  it('list a day as live-score sites do: in play first, then to come, then over, each by kick-off', async () => {
    const java = javaClient(app);
    const range = `from=${Date.now() - 3 * DAY}&to=${Date.now() + DAY}&gameIds=202`;
    const byTime = await java.get(`/match/groups?${range}`);
    expect(byTime.result[0].matches.map((m: MatchSummary) => m.id)).toEqual([
      ids.finished,
      ids.live,
      ids.not_started,
    ]);
    const live = await java.get(`/match/groups?${range}&order=live`);
    expect(live.result[0].matches.map((m: MatchSummary) => m.id)).toEqual([
      ids.live,
      ids.not_started,
      ids.finished,
    ]);
  });

  it('count matches per game and list the leagues of sports and of esports apart', async () => {
    const java = javaClient(app);
    const counts = (await java.get('/match/getSeriesCount')).result as { gameId: number; live: number }[];
    expect(counts.find((count) => count.gameId === 202)?.live).toBe(1);
    expect(counts.find((count) => count.gameId === 1)?.live).toBe(1);
    const sports = await java.get('/sprots_league/match_leagues');
    expect(sports.result.map((entry: { league: { name: string } }) => entry.league.name)).toEqual([
      'Premier',
    ]);
    const esports = await java.get('/league/match_leagues');
    expect(esports.result).toMatchObject([{ league: { name: 'Pro League' }, gameId: 1, matches: 1 }]);
    expect(idsOf((await java.get('/sport_match/sportsLiving')).result.list)).toEqual([ids.live]);
    expect(idsOf((await java.get('/match/gameMatchLive')).result.list)).toEqual([ids.esport]);
    expect(idsOf((await java.get('/match/gameLivingFuture')).result.list)).toEqual([ids.live, ids.esport]);
  });
  it("name leagues, teams and players in the caller's language where the feed gave one, else as the feed does", async () => {
    const java = javaClient(app);
    const base = fixtures([]);
    const named = (red: string) => ({
      ...base,
      competitions: base.competitions?.map((c) => ({ ...c, localizedNames: { zh_CN: '超级联赛' } })),
      teams: base.teams?.map((t) => (t.externalId === 'red' ? { ...t, localizedNames: { zh_CN: red } } : t)),
      players: base.players?.map((p) =>
        p.externalId === 'keeper' ? { ...p, localizedNames: { zh_CN: '金门将' } } : p,
      ),
    });
    const inPlay = async (lan: string) =>
      (await java.get('/v2/match/getPCLiveGameMatch?gameIds=202', { lan })).result.list[0];

    await app.services.matches.store.upsertFixtures(SOURCE, named('红队'));
    await vi.waitFor(async () => expect((await inPlay('zh_CN')).home.name).toBe('红队'));
    expect(await inPlay('zh_CN')).toMatchObject({ league: { name: '超级联赛' }, away: { name: 'blue FC' } });
    expect(await inPlay('en_US')).toMatchObject({ league: { name: 'Premier' }, home: { name: 'red FC' } });
    const groups = await java.get('/match/groups?gameIds=202', { lan: 'zh_CN' });
    expect(groups.result[0].league.name).toBe('超级联赛');
    const page = await java.get(`/soccer/${ids.live}`, { lan: 'zh_CN' });
    expect(page.result.summary.home.name).toBe('红队');
    expect(page.result.injuries).toMatchObject([{ player: { name: '金门将' } }]);
    expect((await java.get(`/soccer/${ids.live}`, { lan: 'en_US' })).result.injuries).toMatchObject([
      { player: { name: 'Kim Keeper' } },
    ]);

    // A feed renaming the team in Chinese renames it on every list.
    await app.services.matches.store.upsertFixtures(SOURCE, named('红色队'));
    await vi.waitFor(async () => expect((await inPlay('zh_CN')).home.name).toBe('红色队'));
  });
});
