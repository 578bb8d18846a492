import { describe, expect, it } from 'vitest';
import { bestOfRule, chooseBestOf, leaderOf, oddUpTo, raceWinner } from './scoring';

describe('races', () => {
  it('needs the target and the lead', () => {
    const game = { target: 4, winBy: 2 };
    expect(raceWinner({ home: 4, away: 2 }, game)).toBe('home');
    expect(raceWinner({ home: 4, away: 3 }, game)).toBeNull();
    expect(raceWinner({ home: 6, away: 8 }, game)).toBe('away');
    expect(raceWinner({ home: 3, away: 1 }, game)).toBeNull();
  });

  it('stops at the cap whatever the lead', () => {
    const badminton = { target: 21, winBy: 2, cap: 30 };
    expect(raceWinner({ home: 29, away: 29 }, badminton)).toBeNull();
    expect(raceWinner({ home: 30, away: 29 }, badminton)).toBe('home');
    expect(raceWinner({ home: 21, away: 20 }, badminton)).toBeNull();
  });

  it('treats best-of-N as a race to a majority', () => {
    expect(bestOfRule(3)).toEqual({ target: 2, winBy: 1 });
    expect(bestOfRule(7)).toEqual({ target: 4, winBy: 1 });
    expect(raceWinner({ home: 1, away: 2 }, bestOfRule(3))).toBe('away');
  });

  it('names the leader', () => {
    expect(leaderOf({ home: 2, away: 2 })).toBeNull();
    expect(leaderOf({ home: 3, away: 2 })).toBe('home');
  });

  it('checks series lengths', () => {
    expect(chooseBestOf(undefined, { default: 3, allowed: [1, 3] })).toBe(3);
    expect(chooseBestOf(1, { default: 3, allowed: [1, 3] })).toBe(1);
    expect(() => chooseBestOf(2, { default: 3, allowed: [1, 3] })).toThrow(RangeError);
    expect(oddUpTo(7)).toEqual([1, 3, 5, 7]);
  });
});
