import { describe, expect, it } from 'vitest';
import { cricket } from './cricket';
import type { CricketInnings } from './model';
import { otherSide } from './scoring';
import { average, playAll } from './test-support';

const league = playAll(cricket);
const knockout = playAll(cricket, { knockout: true });

function reachedLimit(innings: CricketInnings): boolean {
  return innings.balls === innings.maxOvers * 6 || innings.wickets === innings.maxWickets;
}

function checkInnings(innings: CricketInnings): void {
  expect(innings.balls).toBeLessThanOrEqual(innings.maxOvers * 6);
  expect(innings.wickets).toBeLessThanOrEqual(innings.maxWickets);
  if (innings.target === null) {
    expect(reachedLimit(innings)).toBe(true);
    return;
  }
  // A chase stops on the ball that passes the target: a six at most beyond it.
  if (innings.runs >= innings.target) expect(innings.runs).toBeLessThan(innings.target + 6);
  else expect(reachedLimit(innings)).toBe(true);
}

describe('cricket (T20)', () => {
  it('keeps every innings within its overs and wickets, and ends a chase when the target is passed', () => {
    for (const state of [...league, ...knockout]) {
      const [first, second] = state.innings;
      if (!first || !second) throw new Error('two innings are always played');
      expect(second.batting).toBe(otherSide(first.batting));
      expect(second.target).toBe(first.runs + 1);
      expect({ [first.batting]: first.runs, [second.batting]: second.runs }).toEqual(state.score);
      for (const innings of state.innings) checkInnings(innings);
    }
  });

  it('states the result by runs or wickets, or as a tie in a league match', () => {
    for (const state of league) {
      const [first, second] = state.innings;
      const result = state.result;
      if (!first || !second || !result) throw new Error('a finished match has two innings and a result');
      expect(state.innings).toHaveLength(2);
      expect(result.winner).toBe(state.winner);
      if (result.method === 'wickets')
        expect(result).toMatchObject({ winner: second.batting, margin: 10 - second.wickets });
      if (result.method === 'runs')
        expect(result).toMatchObject({ winner: first.batting, margin: first.runs - second.runs });
      if (result.method === 'tie') expect(first.runs).toBe(second.runs);
      expect(result.margin === null || result.margin > 0).toBe(true);
    }
  });

  it('settles a knockout tie by super overs: one over, two wickets, the side batting second first', () => {
    for (const state of knockout) {
      expect(state.winner).not.toBeNull();
      const superOvers = state.innings.slice(2);
      expect(superOvers.length % 2).toBe(0);
      superOvers.forEach((innings, index) => {
        expect(innings).toMatchObject({ maxOvers: 1, maxWickets: 2 });
        const previous = state.innings[index + 1];
        if (index % 2 === 0) expect(innings.batting).toBe(previous?.batting);
      });
      if (superOvers.length > 0) expect(state.result?.method).toBe('super_over');
    }
    expect(knockout.some((state) => state.innings.length > 2)).toBe(true);
  });

  it('makes about 160 runs an innings batting first', () => {
    const runs = average(league.map((state) => state.innings[0]?.runs ?? 0));
    expect(runs).toBeGreaterThan(140);
    expect(runs).toBeLessThan(180);
  });
});
