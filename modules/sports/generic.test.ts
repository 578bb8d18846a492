import { describe, expect, it } from 'vitest';
import { defineGenericRules, GENERIC_TITLES } from './generic';
import { bestOfRule, leaderOf } from './scoring';
import { isFinalRaceScore, playAll } from './test-support';

describe.each(GENERIC_TITLES.map((title) => ({ title, rules: defineGenericRules(title) })))(
  'generic: $title.slug',
  ({ title, rules }) => {
    const matches = playAll(rules);

    it('ends the series at the wins it needs, every game won legally', () => {
      for (const state of matches) {
        expect(state.bestOf).toBe(title.bestOf.default);
        expect(isFinalRaceScore(state.score, bestOfRule(state.bestOf))).toBe(true);
        expect(state.winner).toBe(leaderOf(state.score));
        for (const game of state.games) {
          expect(game.winner).toBe(leaderOf(game));
          if (title.format.kind === 'race') expect(isFinalRaceScore(game, title.format.rule)).toBe(true);
        }
      }
    });

    if (title.format.kind === 'timed') {
      it('settles a level game by sudden death, one goal clear', () => {
        const overtimes = matches.flatMap((state) =>
          state.incidents.filter((item) => item.type === 'overtime_started'),
        );
        expect(overtimes.length).toBeGreaterThan(0);
        for (const state of matches) {
          const suddenDeaths = state.incidents
            .filter((item) => item.type === 'overtime_started')
            .map((item) => item.period);
          state.games.forEach((game, index) => {
            if (suddenDeaths.includes(`G${index + 1}`)) expect(Math.abs(game.home - game.away)).toBe(1);
          });
        }
      });
    }
  },
);

describe('generic: series lengths', () => {
  it('refuses a series length the title does not play', () => {
    const sf6 = GENERIC_TITLES.find((title) => title.slug === 'sf6');
    if (sf6 === undefined) throw new Error('sf6 is a generic title');
    expect(() => defineGenericRules(sf6).initial({ bestOf: 7 })).toThrow(RangeError);
  });
});
