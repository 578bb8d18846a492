import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { MatchBoard } from '../matches/board';
import type { MatchSummary } from '../matches/matches.contract';
import type { Leagues } from './leagues.service';
import { cacheLibrary } from './library.cache';
import type { Players } from './players.service';
import type { Squads } from './squads.service';
import type { Tables } from './tables.service';

/** Library parts that count what they compute; competition 404 is unknown. */
function countingTables() {
  const computed: string[] = [];
  const view =
    (name: string) =>
    async (competitionId: number, scope?: { seasonId?: number }): Promise<never> => {
      computed.push(`${name} ${competitionId} ${scope?.seasonId ?? ''}`.trim());
      if (competitionId === 404) throw new AppError('notFound');
      return { name, competitionId, at: computed.length } as never;
    };
  const tables = { standings: view('standings'), bracket: view('bracket'), schedule: view('schedule') };
  const leagues = {
    overview: view('overview'),
    list: async (query: { text?: string }) => {
      computed.push(`list ${query.text}`);
      return { list: [], total: 0, pageIndex: 1, pageSize: 30 };
    },
    regions: async () => [],
  };
  const squads = { team: view('team'), teams: view('teams') };
  const players = { player: view('player'), players: view('players') };
  return {
    parts: {
      tables: tables as unknown as Tables,
      leagues: leagues as unknown as Leagues,
      squads: squads as unknown as Squads,
      players: players as unknown as Players,
    },
    computed,
  };
}

function testBoard() {
  let listener: (summary: MatchSummary, previous: MatchSummary | undefined) => void = () => {};
  const board: Pick<MatchBoard, 'subscribe'> = {
    subscribe(next) {
      listener = next;
      return () => {};
    },
  };
  const changeMatchOf = (leagueId: number, teams: [number, number] = [0, 0]) =>
    listener(
      { league: { id: leagueId }, home: { id: teams[0] }, away: { id: teams[1] } } as MatchSummary,
      undefined,
    );
  return { board, changeMatchOf };
}

describe('the data library cache', () => {
  it('answers from what it kept until a match of the competition changes', async () => {
    const { parts, computed } = countingTables();
    const { board, changeMatchOf } = testBoard();
    const cached = cacheLibrary(parts, board);

    const first = await cached.standings(1);
    await cached.overview(1);
    await cached.overview(1);
    expect(await cached.standings(1)).toBe(first);
    await cached.standings(1, { seasonId: 7 });
    await cached.bracket(1);
    await cached.standings(2);
    expect(computed).toEqual(['standings 1', 'overview 1', 'standings 1 7', 'bracket 1', 'standings 2']);

    changeMatchOf(2);
    expect(await cached.standings(1)).toBe(first);
    changeMatchOf(1);
    expect(await cached.standings(1)).not.toBe(first);
    await cached.overview(1);
    expect(computed).toEqual([
      'standings 1',
      'overview 1',
      'standings 1 7',
      'bracket 1',
      'standings 2',
      'standings 1',
      'overview 1',
    ]);
  });

  it("keeps a team's profile until a match of the team changes", async () => {
    const { parts, computed } = countingTables();
    const { board, changeMatchOf } = testBoard();
    const cached = cacheLibrary(parts, board);
    const first = await cached.team(10);
    expect(await cached.team(10)).toBe(first);
    changeMatchOf(1, [11, 12]);
    expect(await cached.team(10)).toBe(first);
    changeMatchOf(1, [12, 10]);
    expect(await cached.team(10)).not.toBe(first);
    expect(computed).toEqual(['team 10', 'team 10']);
  });

  it('computes once for askers at the same moment, and keeps no failure', async () => {
    const { parts, computed } = countingTables();
    const cached = cacheLibrary(parts, testBoard().board);
    await Promise.all([cached.schedule(3), cached.schedule(3), cached.schedule(3)]);
    expect(computed).toEqual(['schedule 3']);

    await expect(cached.schedule(404)).rejects.toThrow(AppError);
    await expect(cached.schedule(404)).rejects.toThrow(AppError);
    expect(computed).toEqual(['schedule 3', 'schedule 404', 'schedule 404']);
  });

  it('computes again once an answer is a minute old', async () => {
    const { parts, computed } = countingTables();
    let clock = 0;
    const cached = cacheLibrary(parts, testBoard().board, { now: () => clock });
    await cached.standings(5);
    clock = 59_000;
    await cached.standings(5);
    clock = 61_000;
    await cached.standings(5);
    expect(computed).toEqual(['standings 5', 'standings 5']);
    await cached.list({ text: 'cup', pageIndex: 1, pageSize: 30 });
    clock = 90_000;
    await cached.list({ text: 'cup', pageIndex: 1, pageSize: 30 });
    await cached.list({ text: 'cup', pageIndex: 2, pageSize: 30 });
    clock = 121_000;
    await cached.list({ text: 'cup', pageIndex: 1, pageSize: 30 });
    expect(computed.filter((line) => line.startsWith('list'))).toEqual(['list cup', 'list cup', 'list cup']);
  });
});
