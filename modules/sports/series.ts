import { defineRules, finishMatch, lastOf, type Recorder, type SportRules } from './engine';
import type { IncidentType, MatchBase, MatchOptions, SeriesState } from './model';
import type { Rng } from './rng';
import { bestOfRule, raceWinner, zeroScore } from './scoring';

/**
 * A sport played as a best-of-N series of games (sets, frames, maps): the series bookkeeping is
 * here, the sport says how one contest of a game is played.
 */
export interface SeriesDefinition<S extends SeriesState, O extends MatchOptions> {
  family: S['family'];
  slug: string;
  /** Prefix of the period codes: S1 S2 for sets, G1 for games, F1 for frames, M1 for maps. */
  periodPrefix: string;
  gameWon: IncidentType;
  /** Spread of the strength edge drawn for each match. */
  edgeSpread: number;
  /** `series` holds the fields every series starts with. */
  initial(options: O | undefined, series: SeriesStart<S>): S;
  /** Adds the next game, at 0-0, to `draft.games`. */
  startGame(draft: S, rng: Rng): void;
  /**
   * Plays the contest due now (a point, a rally, a shot, a round, a fight) of the game in play,
   * setting the game's winner once it is decided.
   */
  playContest(draft: S, rng: Rng, record: Recorder): void;
  /** Seconds until the next contest is decided. */
  contestSeconds(draft: S, rng: Rng): number;
  tick?(draft: S, seconds: number): void;
}

export type SeriesStart<S extends SeriesState> = MatchBase<S['family']> &
  Pick<SeriesState, 'score' | 'winner' | 'edge'> & { games: [] };

export function defineSeriesRules<S extends SeriesState, O extends MatchOptions>(
  series: SeriesDefinition<S, O>,
): SportRules<S, O> {
  return defineRules<S, O>({
    family: series.family,
    slug: series.slug,
    initial: (options, base) =>
      series.initial(options, { ...base, score: zeroScore(), winner: null, edge: 0, games: [] }),
    // The first game's code also stands for the moment before it starts.
    period: (state) => `${series.periodPrefix}${Math.max(1, state.games.length)}`,
    begin(draft, rng) {
      draft.edge = rng.normal(0, series.edgeSpread);
      series.startGame(draft, rng);
      return series.contestSeconds(draft, rng);
    },
    resolve(draft, rng, record) {
      series.playContest(draft, rng, record);
      const winner = lastOf(draft.games).winner;
      if (winner !== null) {
        draft.score[winner] += 1;
        record({ type: series.gameWon, side: winner, score: { ...draft.score }, value: draft.games.length });
        const champion = raceWinner(draft.score, bestOfRule(draft.bestOf));
        if (champion !== null) {
          finishMatch(draft, champion, record);
          return 0;
        }
        series.startGame(draft, rng);
      }
      return series.contestSeconds(draft, rng);
    },
    tick: series.tick,
  });
}
