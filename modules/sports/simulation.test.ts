import { describe, expect, it } from 'vitest';
import { GAMES } from '../catalog/catalog.contract';
import type { SportRules } from './engine';
import { createRng } from './rng';
import { ALL_RULES, rulesForGame } from './rules-by-game';
import { playToEnd } from './test-support';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

describe('rules by game', () => {
  it('covers every game of the catalogue, each with rules of its own', () => {
    for (const game of GAMES) {
      expect(rulesForGame(game.id)?.gameId, game.slug).toBe(game.id);
      expect(rulesForGame(game.slug)).toBe(rulesForGame(game.id));
    }
    expect(ALL_RULES).toHaveLength(GAMES.length);
  });

  it('gives each sport and title its family', () => {
    const familyOf = (slug: string) => rulesForGame(slug)?.family;
    expect(familyOf('soccer')).toBe('soccer');
    expect(familyOf('americanfootball')).toBe('american_football');
    expect(familyOf('tabletennis')).toBe('table_tennis');
    for (const slug of ['lol', 'dota2', 'kog', 'lolmobile']) expect(familyOf(slug)).toBe('moba');
    for (const slug of ['csgo', 'valorant']) expect(familyOf(slug)).toBe('tactical_shooter');
    for (const slug of ['pubg', 'pubgmobile']) expect(familyOf(slug)).toBe('battle_royale');
    for (const slug of ['sf6', 'hearthstone', 'esportsother', 'sportsother'])
      expect(familyOf(slug)).toBe('generic');
  });

  it('knows nothing of games outside the catalogue', () => {
    expect(rulesForGame(10)).toBeUndefined();
    expect(rulesForGame('chess')).toBeUndefined();
  });
});

describe.each(ALL_RULES.map((rules) => ({ rules, slug: slugOf(rules) })))(
  'simulation of $slug',
  ({ rules }) => {
    const seeds = [11, 22];

    it('plays the same match for the same seed, whatever the steps, without touching its input', () => {
      for (const seed of seeds) {
        const atOnce = playToEnd(rules, seed);
        const rng = createRng(seed);
        let state = deepFreeze(rules.initial());
        // An odd step, so that steps end everywhere: between events, on them, across periods.
        while (!rules.isFinished(state)) state = deepFreeze(rules.advance(state, rng, 97).state);
        expect(state).toEqual(atOnce);
        expect(playToEnd(rules, seed)).toEqual(atOnce);
      }
    });

    it('resumes from a saved state and random state as if never stopped', () => {
      const seed = seeds[0] ?? 1;
      const atOnce = playToEnd(rules, seed);
      const rng = createRng(seed);
      const halfway = rules.advance(rules.initial(), rng, Math.floor(atOnce.elapsedSeconds / 2));
      const saved = JSON.parse(JSON.stringify({ state: halfway.state, rng: rng.state }));
      const resumed = rules.advance(saved.state, createRng(saved.rng), atOnce.elapsedSeconds);
      expect(resumed.state).toEqual(atOnce);
      expect([...halfway.incidents, ...resumed.incidents]).toEqual(atOnce.incidents);
    });

    it('numbers incidents 1, 2, 3... in time order, from the start to the finish', () => {
      for (const seed of seeds) {
        const { incidents } = playToEnd(rules, seed);
        expect(incidents.map((incident) => incident.seq)).toEqual(incidents.map((_, index) => index + 1));
        for (const [index, incident] of incidents.entries()) {
          expect(incident.elapsedSeconds).toBeGreaterThanOrEqual(incidents[index - 1]?.elapsedSeconds ?? 0);
        }
        expect(incidents[0]?.type).toBe('match_started');
        expect(incidents.at(-1)?.type).toBe('match_finished');
        expect(incidents.filter((incident) => incident.type === 'match_finished')).toHaveLength(1);
      }
    });

    it('does not move a finished match, nor one not started by zero seconds', () => {
      const finished = playToEnd(rules, 5);
      expect(rules.advance(finished, createRng(1), 600)).toEqual({ state: finished, incidents: [] });
      const fresh = rules.initial();
      expect(rules.advance(fresh, createRng(1), 0)).toEqual({ state: fresh, incidents: [] });
    });

    it('refuses parts of seconds and negative seconds', () => {
      expect(() => rules.advance(rules.initial(), createRng(1), 1.5)).toThrow(RangeError);
      expect(() => rules.advance(rules.initial(), createRng(1), -1)).toThrow(RangeError);
    });

    it('keeps the state plain JSON', () => {
      const state = playToEnd(rules, 7);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    });
  },
);

function slugOf(rules: SportRules): string {
  return GAMES.find((game) => game.id === rules.gameId)?.slug ?? String(rules.gameId);
}
