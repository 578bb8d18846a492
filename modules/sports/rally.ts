import { lastOf, type SportRules } from './engine';
import type { MatchOptions, RallyGame, RallyState, Side } from './model';
import type { Rng } from './rng';
import { type BestOfChoice, chooseBestOf, otherSide, type RaceRule, raceWinner } from './scoring';
import { defineSeriesRules } from './series';

export type RallyOptions = Pick<MatchOptions, 'bestOf'>;

/** A sport of rally-point games: every rally scores a point (volleyball, badminton, table tennis). */
export interface RallySport {
  family: RallyState['family'];
  slug: string;
  bestOf: BestOfChoice;
  periodPrefix: 'S' | 'G';
  gameWon: 'set_won' | 'game_won';
  /** The race of game number `number` (from 1) of a best-of-`bestOf` match. */
  gameRule(number: number, bestOf: number): RaceRule;
  serverWinsRally: number;
  rallySeconds: readonly [number, number];
  /** Who serves first in the game about to start; `previous` is the game before it, if any. */
  firstServer(previous: RallyGame | undefined, state: RallyState, rng: Rng): Side;
  /** Who serves the next rally of `game`, just won by `rallyWinner`. */
  nextServer(game: RallyGame, rallyWinner: Side): Side;
}

export function defineRallyRules(sport: RallySport): SportRules<RallyState, RallyOptions> {
  return defineSeriesRules<RallyState, RallyOptions>({
    family: sport.family,
    slug: sport.slug,
    periodPrefix: sport.periodPrefix,
    gameWon: sport.gameWon,
    edgeSpread: 0.03,
    initial: (options, series) => ({
      ...series,
      bestOf: chooseBestOf(options?.bestOf, sport.bestOf),
      server: 'home',
    }),
    startGame(draft, rng) {
      const firstServer = sport.firstServer(draft.games.at(-1), draft, rng);
      draft.games.push({ home: 0, away: 0, winner: null, firstServer });
      draft.server = firstServer;
    },
    playContest(draft, rng) {
      const game = lastOf(draft.games);
      const serverEdge = draft.server === 'home' ? draft.edge : -draft.edge;
      const winner = rng.chance(sport.serverWinsRally + serverEdge) ? draft.server : otherSide(draft.server);
      game[winner] += 1;
      game.winner = raceWinner(game, sport.gameRule(draft.games.length, draft.bestOf));
      if (game.winner === null) draft.server = sport.nextServer(game, winner);
    },
    contestSeconds: (_draft, rng) => rng.between(...sport.rallySeconds),
  });
}

/** The rally winner serves next (volleyball and badminton). */
export function rallyWinnerServes(_game: RallyGame, rallyWinner: Side): Side {
  return rallyWinner;
}
