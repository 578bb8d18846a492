import { describe, expect, it } from 'vitest';
import { baseball } from './baseball';
import type { BaseballState } from './model';
import { average, playAll } from './test-support';

const games = playAll(baseball);

const total = (runs: readonly (number | null)[]) =>
  runs.reduce<number>((sum, value) => sum + (value ?? 0), 0);

/** Home runs before the last bottom half, and away runs after the last top half. */
function beforeLastBottom(state: BaseballState) {
  return { home: total(state.lineScore.home.slice(0, -1)), away: total(state.lineScore.away) };
}

describe('baseball', () => {
  it('never ends tied, and plays nine innings or more', () => {
    for (const state of games) {
      expect(state.score.home).not.toBe(state.score.away);
      expect(state.winner).toBe(state.score.home > state.score.away ? 'home' : 'away');
      expect(state.inning).toBeGreaterThanOrEqual(9);
      expect(state.lineScore.away).toHaveLength(state.inning);
      expect(state.lineScore.home).toHaveLength(state.inning);
      expect(total(state.lineScore.home)).toBe(state.score.home);
      expect(total(state.lineScore.away)).toBe(state.score.away);
    }
  });

  it('does not play the bottom of the ninth (or later) when the home side leads', () => {
    for (const state of games) {
      const { home, away } = beforeLastBottom(state);
      const lastBottom = state.lineScore.home.at(-1);
      expect(lastBottom === null).toBe(home > away);
      expect(state.lineScore.home.slice(0, -1)).not.toContain(null);
    }
    expect(games.some((state) => state.lineScore.home.at(-1) === null)).toBe(true);
  });

  it('ends a bottom half as soon as the home side goes ahead (walk-off)', () => {
    for (const state of games.filter(
      (game) => game.winner === 'home' && game.lineScore.home.at(-1) !== null,
    )) {
      const { home, away } = beforeLastBottom(state);
      expect(home).toBeLessThanOrEqual(away);
      // Only the winning run counts, unless a home run clears the bases: at most 4 ahead.
      expect(state.score.home - state.score.away).toBeLessThanOrEqual(4);
      expect(state.outs).toBeLessThan(3);
    }
  });

  it('goes to extra innings only when level after nine', () => {
    for (const state of games.filter((game) => game.inning > 9)) {
      expect(total(state.lineScore.home.slice(0, 9))).toBe(total(state.lineScore.away.slice(0, 9)));
    }
    expect(games.some((state) => state.inning > 9)).toBe(true);
  });

  it('scores about 4.5 runs a side', () => {
    const runs = average(games.flatMap((state) => [state.score.home, state.score.away]));
    expect(runs).toBeGreaterThan(3.8);
    expect(runs).toBeLessThan(5.2);
  });
});
