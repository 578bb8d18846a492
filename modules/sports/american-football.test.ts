import { describe, expect, it } from 'vitest';
import { americanFootball } from './american-football';
import type { AmericanFootballState } from './model';
import { leaderOf } from './scoring';
import { average, playAll } from './test-support';

const regularSeason = playAll(americanFootball);
const playoffs = playAll(americanFootball, { knockout: true });

function checkPeriods(state: AmericanFootballState): void {
  const periods = state.periods.map((row) => row.period);
  expect(periods.slice(0, 4)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  periods.slice(4).forEach((period, index) => {
    expect(period).toBe(`OT${index + 1}`);
  });
  expect(state.periods.reduce((sum, row) => sum + row.home, 0)).toBe(state.score.home);
  expect(state.periods.reduce((sum, row) => sum + row.away, 0)).toBe(state.score.away);
  const regulation = state.periods.slice(0, 4).reduce((sum, row) => sum + row.home - row.away, 0);
  if (state.periods.length > 4) expect(regulation).toBe(0);
}

describe('american football', () => {
  it('ends a regular-season game after one overtime at most, level or not', () => {
    for (const state of regularSeason) {
      checkPeriods(state);
      expect(state.periods.length).toBeLessThanOrEqual(5);
      expect(state.winner).toBe(leaderOf(state.score));
    }
  });

  it('plays overtime in the playoffs until there is a winner', () => {
    for (const state of playoffs) {
      checkPeriods(state);
      expect(state.winner).not.toBeNull();
      expect(state.score.home).not.toBe(state.score.away);
    }
    expect(playoffs.some((state) => state.periods.length > 4)).toBe(true);
  });

  it('scores touchdowns of 6 to 8 points and about 23 points a side', () => {
    for (const state of regularSeason) {
      for (const incident of state.incidents.filter((item) => item.type === 'touchdown')) {
        expect([6, 7, 8]).toContain(incident.value);
      }
    }
    const points = average(regularSeason.flatMap((state) => [state.score.home, state.score.away]));
    expect(points).toBeGreaterThan(18);
    expect(points).toBeLessThan(28);
  });
});
