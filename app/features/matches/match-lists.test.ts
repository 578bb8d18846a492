import { describe, expect, it } from 'vitest';
import type { FollowMarks } from '../../../modules/matches/follows.contract';
import { summaryOf } from '../../test-support/match-summary';
import { splitPinned } from './match-lists';

const league = (id: number) => ({
  id,
  name: `League ${id}`,
  shortName: `L${id}`,
  logo: null,
  region: 'World',
});
const team = (id: number) => ({ id, name: `Team ${id}`, shortName: `T${id}`, logo: null });
const marks = (patch: Partial<FollowMarks>): FollowMarks => ({
  matches: [],
  teams: [],
  leagues: [],
  reserved: [],
  ...patch,
});

describe("the fan's favourites pinned above the lists", () => {
  const late = summaryOf({ id: 1, league: league(1), startTime: 3000 });
  const early = summaryOf({ id: 2, league: league(1), startTime: 1000, home: team(21), away: team(22) });
  const other = summaryOf({ id: 3, league: league(2), startTime: 2000, home: team(31), away: team(32) });
  const groups = [
    { league: league(1), matches: [early, late] },
    { league: league(2), matches: [other] },
  ];

  it('moves favourite matches and the matches of favourite teams out of their leagues, by kick-off', () => {
    const { pinned, rest } = splitPinned(groups, marks({ matches: [1], teams: [31] }));
    expect(pinned.map((m) => m.id)).toEqual([3, 1]);
    expect(rest).toEqual([{ league: league(1), matches: [early] }]);
  });

  it('pins a battle-royale lobby with a favourite team in it', () => {
    const lobby = summaryOf({
      id: 4,
      home: null,
      away: null,
      lobby: [{ team: team(41), rank: 1, points: 10 }],
    });
    expect(splitPinned([{ league: league(3), matches: [lobby] }], marks({ teams: [41] })).pinned).toEqual([
      lobby,
    ]);
  });

  it('leaves the lists as they are without favourites, or with a league followed', () => {
    expect(splitPinned(groups, marks({ leagues: [1], reserved: [1] }))).toEqual({ pinned: [], rest: groups });
  });
});
