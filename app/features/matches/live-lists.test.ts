import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../test-support/match-summary';
import { regroup } from './live-lists';

const league = (id: number) => ({
  id,
  name: `League ${id}`,
  shortName: `L${id}`,
  logo: null,
  region: 'World',
});

describe('live matches regrouped by league', () => {
  const first = summaryOf({ id: 1, league: league(1) });
  const second = summaryOf({ id: 2, league: league(2) });
  const groups = [
    { league: league(2), matches: [second] },
    { league: league(1), matches: [first] },
  ];

  it('keeps the order of the leagues and puts the newest version of each match in place', () => {
    const scored = { ...first, score: { home: 1, away: 0 }, seq: 2 };
    expect(regroup(groups, [scored, second])).toEqual([
      { league: league(2), matches: [second] },
      { league: league(1), matches: [scored] },
    ]);
  });

  it('adds a match that went live to its league, or to a new league after the others', () => {
    const joined = summaryOf({ id: 3, league: league(1), status: 'in_progress' });
    const elsewhere = summaryOf({ id: 4, league: league(9), status: 'in_progress' });
    const result = regroup(groups, [first, second, joined, elsewhere]);
    expect(result.map((group) => [group.league.id, group.matches.map((m) => m.id)])).toEqual([
      [2, [2]],
      [1, [1, 3]],
      [9, [4]],
    ]);
  });
});
