import { describe, expect, it } from 'vitest';
import { gameBySlug } from '../../catalog/catalog.contract';
import { computeTable, type TableResult } from '../../library/standings';
import { tableRules } from '../../library/tables.service';
import { GAME_SETUPS } from './competitions';

describe('the simulated seasons’ table rules, as the data library reads them', () => {
  it('rank football teams level on points by goal difference before head-to-head', () => {
    const football = GAME_SETUPS.find((setup) => setup.slug === 'soccer');
    const stored = JSON.parse(JSON.stringify(football?.rules));
    const rules = tableRules(gameBySlug('soccer')?.id ?? 0, stored);
    const results = [
      [1, 2, 1, 0],
      [2, 3, 4, 0],
      [1, 4, 0, 0],
      [2, 4, 0, 0],
    ].map(
      ([home, away, homeScore, awayScore], index): TableResult => ({
        matchId: index + 1,
        homeTeamId: home as number,
        awayTeamId: away as number,
        homeScore: homeScore as number,
        awayScore: awayScore as number,
        startsAt: index,
      }),
    );
    // 1 and 2 have 4 points each; 1 beat 2, but 2 is on +3 and 1 on +1.
    const table = computeTable([1, 2, 3, 4], results, rules);
    expect(table.map((row) => [row.teamId, row.points, row.difference])).toEqual([
      [2, 4, 3],
      [1, 4, 1],
      [4, 2, 0],
      [3, 0, -4],
    ]);
  });
});
