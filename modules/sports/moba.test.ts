import { describe, expect, it } from 'vitest';
import { defineMobaRules, MOBA_TITLES } from './moba';
import { bestOfRule, leaderOf, otherSide } from './scoring';
import { average, isFinalRaceScore, playAll, SEEDS } from './test-support';

describe.each(MOBA_TITLES.map((title) => ({ title, rules: defineMobaRules(title) })))(
  'MOBA: $title.slug',
  ({ title, rules }) => {
    const bestOf3 = playAll(rules);

    it('ends a best-of-3 at two map wins, every map won by taking the base', () => {
      for (const state of bestOf3) {
        expect(isFinalRaceScore(state.score, bestOfRule(3))).toBe(true);
        expect(state.winner).toBe(leaderOf(state.score));
        for (const map of state.games) {
          if (map.winner === null) throw new Error('an unfinished map in a finished match');
          expect(map.towers[map.winner]).toBeGreaterThanOrEqual(title.towersBeforeBase);
          expect(map.towers[map.winner]).toBeLessThanOrEqual(title.towersPerSide);
          expect(map.towers[otherSide(map.winner)]).toBeLessThanOrEqual(title.towersPerSide);
          expect(map.firstBlood !== null).toBe(map.home + map.away > 0);
        }
      }
    });

    it('keeps only map-level and notable incidents', () => {
      for (const state of bestOf3) {
        const types = new Set(state.incidents.map((incident) => incident.type));
        expect(
          [...types].every((type) =>
            ['match_started', 'first_blood', 'objective_taken', 'map_won', 'match_finished'].includes(type),
          ),
        ).toBe(true);
        expect(state.incidents.filter((incident) => incident.type === 'first_blood')).toHaveLength(
          state.games.filter((map) => map.firstBlood !== null).length,
        );
        for (const incident of state.incidents.filter((item) => item.type === 'objective_taken')) {
          expect(incident.objective).toBe(title.objective);
        }
      }
    });

    it(`lasts about ${title.typicalMinutes} minutes a map`, () => {
      const minutes = average(bestOf3.flatMap((state) => state.games.map((map) => map.gameSeconds / 60)));
      expect(minutes).toBeGreaterThan(title.typicalMinutes * 0.75);
      expect(minutes).toBeLessThan(title.typicalMinutes * 1.25);
    });

    it('plays best-of-5 to three map wins', () => {
      for (const state of playAll(rules, { bestOf: 5 }, SEEDS.slice(0, 50))) {
        expect(Math.max(state.score.home, state.score.away)).toBe(3);
      }
    });
  },
);
