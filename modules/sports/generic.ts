import { lastOf, type SportRules } from './engine';
import type { GenericState, MatchOptions, Side } from './model';
import type { Rng } from './rng';
import { type BestOfChoice, chooseBestOf, leaderOf, type RaceRule, raceWinner } from './scoring';
import { defineSeriesRules } from './series';

export type GenericOptions = Pick<MatchOptions, 'bestOf'>;

/**
 * How one game of the title is scored: a race to a number of points (rounds, games won), or a
 * timed game that goes to sudden death when level at the end.
 */
export type GameFormat =
  | { kind: 'race'; rule: RaceRule; pointSeconds: readonly [number, number] }
  | { kind: 'timed'; gameSeconds: number; pointsPerSide: number };

export interface GenericTitle {
  slug: string;
  format: GameFormat;
  bestOf: BestOfChoice;
}

/** A game that is simply won or lost: its score is 1-0. */
const ONE_GAME: RaceRule = { target: 1, winBy: 1 };

export const GENERIC_TITLES: readonly GenericTitle[] = [
  // Siege pro settings: 12 rounds, first to 7; at 6-6 up to three overtime rounds, won by two (8-6)
  // or at 8 (8-7).
  {
    slug: 'r6',
    format: { kind: 'race', rule: { target: 7, winBy: 2, cap: 8 }, pointSeconds: [120, 225] },
    bestOf: { default: 3, allowed: [1, 3, 5] },
  },
  // Overwatch maps are scored by mode; Control maps, the reference here, are first to 2 rounds.
  {
    slug: 'overwatch',
    format: { kind: 'race', rule: { target: 2, winBy: 1 }, pointSeconds: [240, 480] },
    bestOf: { default: 5, allowed: [3, 5, 7] },
  },
  // Call of Duty League Search & Destroy: first to 6 rounds.
  {
    slug: 'cod',
    format: { kind: 'race', rule: { target: 6, winBy: 1 }, pointSeconds: [60, 120] },
    bestOf: { default: 5, allowed: [3, 5, 7] },
  },
  // Rocket League: 5-minute games; a level game goes to sudden-death overtime.
  {
    slug: 'rocketleague',
    format: { kind: 'timed', gameSeconds: 5 * 60, pointsPerSide: 1.4 },
    bestOf: { default: 5, allowed: [3, 5, 7] },
  },
  // EA Sports FC: two 6-minute halves; a level game is settled here by a golden goal.
  {
    slug: 'eafc',
    format: { kind: 'timed', gameSeconds: 12 * 60, pointsPerSide: 1.8 },
    bestOf: { default: 1, allowed: [1, 3] },
  },
  // Street Fighter 6: a game is first to 2 rounds; Tekken 8: first to 3.
  {
    slug: 'sf6',
    format: { kind: 'race', rule: { target: 2, winBy: 1 }, pointSeconds: [30, 99] },
    bestOf: { default: 3, allowed: [3, 5] },
  },
  {
    slug: 'tekken8',
    format: { kind: 'race', rule: { target: 3, winBy: 1 }, pointSeconds: [20, 60] },
    bestOf: { default: 3, allowed: [3, 5] },
  },
  ...['sc2', 'warcraft3', 'hearthstone', 'fortnite', 'tft', 'esportsother'].map(
    (slug): GenericTitle => ({
      slug,
      format: { kind: 'race', rule: ONE_GAME, pointSeconds: [600, 1500] },
      bestOf: { default: 3, allowed: [1, 3, 5, 7] },
    }),
  ),
  // Sports without rules of their own: one timed game with a score.
  {
    slug: 'sportsother',
    format: { kind: 'timed', gameSeconds: 60 * 60, pointsPerSide: 1.5 },
    bestOf: { default: 1, allowed: [1] },
  },
];

export function defineGenericRules(title: GenericTitle): SportRules<GenericState, GenericOptions> {
  const { format } = title;
  return defineSeriesRules<GenericState, GenericOptions>({
    family: 'generic',
    slug: title.slug,
    periodPrefix: 'G',
    gameWon: 'game_won',
    edgeSpread: 0.1,
    initial: (options, series) => ({
      ...series,
      bestOf: chooseBestOf(options?.bestOf, title.bestOf),
      gameSeconds: 0,
      suddenDeath: false,
    }),
    startGame(draft) {
      draft.games.push({ home: 0, away: 0, winner: null });
      draft.gameSeconds = 0;
      draft.suddenDeath = false;
    },
    tick(draft, seconds) {
      draft.gameSeconds += seconds;
    },
    playContest(draft, rng, record) {
      const game = lastOf(draft.games);
      if (format.kind === 'race') {
        game[pointWinner(draft, rng)] += 1;
        game.winner = raceWinner(game, format.rule);
      } else if (draft.suddenDeath || draft.gameSeconds < format.gameSeconds) {
        const scorer = pointWinner(draft, rng);
        game[scorer] += 1;
        if (draft.suddenDeath) game.winner = scorer;
      } else {
        game.winner = leaderOf(game);
        if (game.winner === null) {
          draft.suddenDeath = true;
          record({ type: 'overtime_started' });
        }
      }
    },
    contestSeconds(draft, rng) {
      if (format.kind === 'race') return rng.between(...format.pointSeconds);
      const wait = rng.waitSeconds(format.gameSeconds / (2 * format.pointsPerSide));
      return draft.suddenDeath ? wait : Math.min(wait, format.gameSeconds - draft.gameSeconds);
    },
  });
}

function pointWinner(state: GenericState, rng: Rng): Side {
  return rng.chance(0.5 + state.edge) ? 'home' : 'away';
}

export const GENERIC_RULES = GENERIC_TITLES.map(defineGenericRules);
