import { describe, expect, it } from 'vitest';
import type { FinalSetRule, TennisSet, TennisState } from './model';
import { bestOfRule, leaderOf, otherSide } from './scoring';
import { gamePointLabels, tennis } from './tennis';
import { isFinalRaceScore, playByEvent, playToEnd, SEEDS } from './test-support';

const FORMATS = [
  { bestOf: 3, finalSet: 'tiebreak_7' },
  { bestOf: 3, finalSet: 'tiebreak_10' },
  { bestOf: 5, finalSet: 'tiebreak_10' },
  { bestOf: 5, finalSet: 'advantage' },
] as const satisfies readonly { bestOf: number; finalSet: FinalSetRule }[];

const matches = SEEDS.map((seed, index) => {
  const format = FORMATS[index % FORMATS.length] ?? FORMATS[0];
  return playToEnd(tennis, seed, format);
});

/** 6-0 to 6-4, 7-5, 7-6 with a won tie-break, or a deciding advantage set won by two games. */
function isLegalSet(set: TennisSet, state: TennisState, deciding: boolean): boolean {
  const high = Math.max(set.home, set.away);
  const low = Math.min(set.home, set.away);
  if (deciding && state.finalSet === 'advantage') {
    return set.tiebreak === null && high >= 6 && (high - low === 2 || (high === 6 && low <= 4));
  }
  if (set.tiebreak !== null) {
    const target = deciding && state.finalSet === 'tiebreak_10' ? 10 : 7;
    return high === 7 && low === 6 && isFinalRaceScore(set.tiebreak, { target, winBy: 2 });
  }
  return (high === 6 && low <= 4) || (high === 7 && low === 5);
}

describe('tennis', () => {
  it('ends exactly when a player has won the sets needed, every set legal', () => {
    for (const state of matches) {
      const sets = state.games;
      expect(isFinalRaceScore(state.score, bestOfRule(state.bestOf))).toBe(true);
      expect(state.winner).toBe(leaderOf(state.score));
      sets.forEach((set, index) => {
        expect(isLegalSet(set, state, index + 1 === state.bestOf), JSON.stringify(set)).toBe(true);
        expect(set.winner).toBe(leaderOf(set));
      });
      expect(sets.filter((set) => set.winner === 'home')).toHaveLength(state.score.home);
      expect(sets.filter((set) => set.winner === 'away')).toHaveLength(state.score.away);
    }
  });

  it('plays every kind of set among the seeds', () => {
    const sets = matches.flatMap((state) => state.games);
    expect(sets.some((set) => set.tiebreak !== null)).toBe(true);
    expect(sets.some((set) => Math.max(set.home, set.away) > 7)).toBe(true);
    expect(matches.some((state) => state.games.length === 5)).toBe(true);
  });

  it('has the server hold about 80% of service games', () => {
    let games = 0;
    let breaks = 0;
    for (const state of matches) {
      for (const set of state.games) games += set.home + set.away - (set.tiebreak === null ? 0 : 1);
      breaks += state.incidents.filter((incident) => incident.type === 'break_of_serve').length;
    }
    expect(1 - breaks / games).toBeGreaterThan(0.75);
    expect(1 - breaks / games).toBeLessThan(0.86);
  });

  it('rotates the serve in a tie-break: one point, then two each', () => {
    let checked = 0;
    for (const seed of SEEDS.slice(0, 15)) {
      playByEvent(tennis, seed, (_before, state) => {
        const tiebreak = state.games.at(-1)?.tiebreak;
        const first = state.tiebreakFirstServer;
        if (!tiebreak || !first) return;
        // Servers of points 1, 2, 3...: A B B A A B B A...
        const played = tiebreak.home + tiebreak.away;
        expect(state.server).toBe([0, 3].includes(played % 4) ? first : otherSide(first));
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('calls the points of a game as the umpire does', () => {
    expect(gamePointLabels({ home: 0, away: 0 })).toEqual({ home: '0', away: '0' });
    expect(gamePointLabels({ home: 2, away: 1 })).toEqual({ home: '30', away: '15' });
    expect(gamePointLabels({ home: 3, away: 2 })).toEqual({ home: '40', away: '30' });
    expect(gamePointLabels({ home: 5, away: 5 })).toEqual({ home: '40', away: '40' });
    expect(gamePointLabels({ home: 5, away: 6 })).toEqual({ home: '40', away: 'AD' });
  });

  it('refuses formats that are not played', () => {
    expect(() => tennis.initial({ bestOf: 4 })).toThrow(RangeError);
    expect(() => tennis.initial({ finalSet: 'sudden_death' as FinalSetRule })).toThrow(RangeError);
  });
});
