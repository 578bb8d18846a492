import { describe, expect, it } from 'vitest';
import { basketball } from './basketball';
import type { BasketballState } from './model';
import { average, playAll } from './test-support';

const games = playAll(basketball);

function levelAfter(state: BasketballState, periods: number): boolean {
  const played = state.periods.slice(0, periods);
  return played.reduce((sum, row) => sum + row.home - row.away, 0) === 0;
}

describe('basketball', () => {
  it('never ends level, and plays overtime only from a level score', () => {
    for (const state of games) {
      expect(state.score.home).not.toBe(state.score.away);
      expect(state.winner).toBe(state.score.home > state.score.away ? 'home' : 'away');
      const periods = state.periods.map((row) => row.period);
      expect(periods.slice(0, 4)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
      periods.slice(4).forEach((period, index) => {
        expect(period).toBe(`OT${index + 1}`);
        expect(levelAfter(state, 4 + index)).toBe(true);
      });
      expect(state.periods.reduce((sum, row) => sum + row.home, 0)).toBe(state.score.home);
      expect(state.periods.reduce((sum, row) => sum + row.away, 0)).toBe(state.score.away);
      expect(state.clock.secondsLeft).toBe(0);
    }
    expect(games.some((state) => state.periods.length > 4)).toBe(true);
  });

  it('scores about 100 to 120 points a side, a few more at home', () => {
    const home = average(games.map((state) => state.score.home));
    const away = average(games.map((state) => state.score.away));
    expect(home).toBeGreaterThan(100);
    expect(away).toBeGreaterThan(100);
    expect(home).toBeLessThan(120);
    expect(home).toBeGreaterThan(away);
  });
});
