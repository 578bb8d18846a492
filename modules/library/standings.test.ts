import { describe, expect, it } from 'vitest';
import {
  computeTable,
  POINTS_THEN_HEAD_TO_HEAD,
  SERIES_THEN_MAP_DIFFERENCE,
  type TableResult,
  WIN_PERCENTAGE,
} from './standings';

let nextId = 1;
/** A result played at `at`, home team first. */
function result(at: number, home: number, homeScore: number, awayScore: number, away: number): TableResult {
  return { matchId: nextId++, homeTeamId: home, awayTeamId: away, homeScore, awayScore, startsAt: at };
}

const positions = (table: { teamId: number }[]) => table.map((row) => row.teamId);

describe('a league table', () => {
  // Worked by hand: A=1, B=2, C=3, D=4.
  //   B 6 pts (GD +2); A and C 4 pts each, A with the better goal difference (+1 against 0),
  //   but C beat A, so C is above A; D 2 pts.
  const results = [
    result(1, 1, 2, 0, 2),
    result(2, 3, 1, 1, 4),
    result(3, 1, 0, 1, 3),
    result(4, 2, 3, 0, 4),
    result(5, 2, 1, 0, 3),
    result(6, 4, 2, 2, 1),
  ];

  it('equals the hand-worked table, a tie on points broken by head-to-head before goal difference', () => {
    const table = computeTable([1, 2, 3, 4], results, POINTS_THEN_HEAD_TO_HEAD);
    expect(positions(table)).toEqual([2, 3, 1, 4]);
    expect(table[0]).toMatchObject({ teamId: 2, played: 3, won: 2, drawn: 0, lost: 1, points: 6 });
    expect(table[0]).toMatchObject({ scored: 4, conceded: 2, difference: 2 });
    expect(table[1]).toMatchObject({ teamId: 3, points: 4, difference: 0 });
    expect(table[2]).toMatchObject({
      teamId: 1,
      won: 1,
      drawn: 1,
      lost: 1,
      scored: 4,
      conceded: 3,
      points: 4,
    });
    expect(table[3]).toMatchObject({ teamId: 4, won: 0, drawn: 2, lost: 1, difference: -3, points: 2 });
  });

  it('orders teams level on everything by goal difference once head-to-head is level too', () => {
    const level = [result(1, 1, 1, 1, 2), result(2, 1, 3, 0, 3), result(3, 2, 1, 0, 3)];
    // 1 and 2 drew each other and both beat 3; 1 by more.
    expect(positions(computeTable([1, 2, 3], level, POINTS_THEN_HEAD_TO_HEAD))).toEqual([1, 2, 3]);
  });

  it('gives the form of the last five, latest first, and lists teams that have not played', () => {
    const table = computeTable([1, 2, 3, 4, 5], results, POINTS_THEN_HEAD_TO_HEAD);
    expect(table.find((row) => row.teamId === 1)?.form).toEqual(['D', 'L', 'W']);
    expect(table.at(-1)).toMatchObject({ teamId: 5, played: 0, points: 0, form: [] });
  });

  it('marks the zones of the rules by position', () => {
    const rules = {
      ...POINTS_THEN_HEAD_TO_HEAD,
      zones: [
        { from: 1, to: 1, zone: 'promotion' as const },
        { from: 4, to: 4, zone: 'relegation' as const },
      ],
    };
    expect(computeTable([1, 2, 3, 4], results, rules).map((row) => row.zone)).toEqual([
      'promotion',
      null,
      null,
      'relegation',
    ]);
  });

  it('counts a draw decided by a shoot-out as a win for the side that won it', () => {
    const shootout = { ...result(1, 1, 1, 1, 2), winner: 'away' as const };
    const table = computeTable([1, 2], [shootout], POINTS_THEN_HEAD_TO_HEAD);
    expect(table[0]).toMatchObject({ teamId: 2, won: 1, points: 3 });
  });
});

describe('a basketball table', () => {
  it('ranks by win percentage, not by wins or points', () => {
    const results = [
      result(1, 1, 100, 90, 2),
      result(2, 1, 80, 85, 3),
      result(3, 2, 99, 98, 3),
      result(4, 1, 101, 99, 3),
      result(5, 2, 95, 94, 1),
    ];
    // Team 1: 2-2 (50%); team 2: 2-1 (67%); team 3: 1-2 (33%).
    const table = computeTable([1, 2, 3], results, WIN_PERCENTAGE);
    expect(positions(table)).toEqual([2, 1, 3]);
    expect(table[0]?.winPct).toBeCloseTo(2 / 3);
    expect(table[1]).toMatchObject({ teamId: 1, won: 2, lost: 2, winPct: 0.5 });
  });
});

describe('an esports group', () => {
  it('ranks by series won, then map difference, then head-to-head', () => {
    // Scores are maps of best-of-3 series. Teams 1, 2 and 3 each won two series; team 1 has the
    // best map difference (+2); 2 and 3 are level at +1 and 2 beat 3.
    const results = [
      result(1, 1, 2, 0, 2),
      result(2, 3, 2, 1, 1),
      result(3, 1, 2, 1, 4),
      result(4, 2, 2, 0, 3),
      result(5, 2, 2, 1, 4),
      result(6, 3, 2, 0, 4),
    ];
    const table = computeTable([1, 2, 3, 4], results, SERIES_THEN_MAP_DIFFERENCE);
    expect(positions(table)).toEqual([1, 2, 3, 4]);
    expect(table.map((row) => row.difference)).toEqual([2, 1, 1, -4]);
  });
});
