import { describe, expect, it } from 'vitest';
import type { Score } from './model';
import { bestOfRule, leaderOf } from './scoring';
import { counterStrikeMapWinner, defineShooterRules, SHOOTER_TITLES } from './shooter';
import { isFinalRaceScore, playAll } from './test-support';

/** 13-0 to 13-11, or an overtime result: 16-x after 12-12, 19-x after 15-15, and so on. */
function isLegalCounterStrikeMap(rounds: Score): boolean {
  const high = Math.max(rounds.home, rounds.away);
  const low = Math.min(rounds.home, rounds.away);
  if (high === 13) return low <= 11;
  const overtimes = (high - 16) / 3;
  return (
    Number.isInteger(overtimes) && overtimes >= 0 && low >= 12 + 3 * overtimes && low <= 14 + 3 * overtimes
  );
}

/** 13-0 to 13-11, or two clear from 12-12: 14-12, 15-13... */
function isLegalValorantMap(rounds: Score): boolean {
  const high = Math.max(rounds.home, rounds.away);
  const low = Math.min(rounds.home, rounds.away);
  return (high === 13 && low <= 11) || (low >= 12 && high === low + 2);
}

const LEGAL_MAP: Record<string, (rounds: Score) => boolean> = {
  csgo: isLegalCounterStrikeMap,
  valorant: isLegalValorantMap,
};

describe.each(SHOOTER_TITLES.map((title) => ({ title, rules: defineShooterRules(title) })))(
  'tactical shooter: $title.slug',
  ({ title, rules }) => {
    const isLegalMap = LEGAL_MAP[title.slug];
    if (isLegalMap === undefined) throw new Error(`no map check for ${title.slug}`);
    const matches = playAll(rules);

    it('ends a best-of-3 at two map wins, every map score legal', () => {
      for (const state of matches) {
        expect(isFinalRaceScore(state.score, bestOfRule(3))).toBe(true);
        expect(state.winner).toBe(leaderOf(state.score));
        for (const map of state.games) {
          expect(isLegalMap(map), `${map.home}-${map.away}`).toBe(true);
          expect(map.winner).toBe(leaderOf(map));
          expect(map.overtime).toBe(Math.min(map.home, map.away) >= 12);
        }
      }
    });

    it('goes to overtime now and then, and records it', () => {
      const overtimes = matches.flatMap((state) => state.games.filter((map) => map.overtime));
      expect(overtimes.length).toBeGreaterThan(20);
      const recorded = matches.flatMap((state) =>
        state.incidents.filter((item) => item.type === 'overtime_started'),
      );
      expect(recorded).toHaveLength(overtimes.length);
    });
  },
);

describe('CS2 map winner', () => {
  it('follows MR12 with MR3 overtimes', () => {
    expect(counterStrikeMapWinner({ home: 13, away: 11 })).toBe('home');
    expect(counterStrikeMapWinner({ home: 12, away: 12 })).toBeNull();
    expect(counterStrikeMapWinner({ home: 13, away: 12 })).toBeNull();
    expect(counterStrikeMapWinner({ home: 15, away: 12 })).toBeNull();
    expect(counterStrikeMapWinner({ home: 14, away: 16 })).toBe('away');
    expect(counterStrikeMapWinner({ home: 15, away: 15 })).toBeNull();
    expect(counterStrikeMapWinner({ home: 16, away: 15 })).toBeNull();
    expect(counterStrikeMapWinner({ home: 19, away: 17 })).toBe('home');
  });
});
