import { describe, expect, it } from 'vitest';
import { bestOfRule, leaderOf } from './scoring';
import { snooker } from './snooker';
import { average, isFinalRaceScore, playAll, playToEnd, SEEDS } from './test-support';

const matches = playAll(snooker, { bestOf: 9 });

describe('snooker', () => {
  it('ends when a player has won the frames needed, every frame won outright', () => {
    for (const state of matches) {
      expect(isFinalRaceScore(state.score, bestOfRule(9))).toBe(true);
      expect(state.winner).toBe(leaderOf(state.score));
      for (const frame of state.games) {
        expect(frame.winner).not.toBeNull();
        expect(frame.winner).toBe(leaderOf(frame));
      }
      expect(state.games.filter((frame) => frame.winner === 'home')).toHaveLength(state.score.home);
    }
  });

  it('lets the players break off in turn', () => {
    for (const state of matches) {
      state.games.slice(1).forEach((frame, index) => {
        expect(frame.breakOff).not.toBe(state.games[index]?.breakOff);
      });
    }
  });

  it('makes centuries now and then, never more than 147', () => {
    const centuries = matches.flatMap((state) =>
      state.incidents.filter((item) => item.type === 'century_break'),
    );
    expect(centuries.length).toBeGreaterThan(50);
    for (const century of centuries) {
      expect(century.value).toBeGreaterThanOrEqual(100);
      expect(century.value).toBeLessThanOrEqual(147);
    }
    for (const state of matches) {
      expect(Math.max(state.highestBreak.home, state.highestBreak.away)).toBeLessThanOrEqual(147);
    }
  });

  it('scores frames like professionals: about 110 points between the two players', () => {
    const points = average(matches.flatMap((state) => state.games.map((frame) => frame.home + frame.away)));
    expect(points).toBeGreaterThan(80);
    expect(points).toBeLessThan(140);
  });

  it('plays any odd number of frames up to 35', () => {
    expect(playToEnd(snooker, SEEDS[0] ?? 1, { bestOf: 1 }).games).toHaveLength(1);
    expect(() => snooker.initial({ bestOf: 8 })).toThrow(RangeError);
    expect(() => snooker.initial({ bestOf: 37 })).toThrow(RangeError);
  });
});
