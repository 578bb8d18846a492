import { gameBySlug } from '../catalog/catalog.contract';
import type {
  HeadToHeadState,
  Incident,
  MatchBase,
  MatchOptions,
  MatchState,
  Side,
  SportFamily,
} from './model';
import type { Rng } from './rng';

export interface Advance<S extends MatchState> {
  state: S;
  /** The incidents of the seconds played, oldest first. */
  incidents: Incident[];
}

/** The rules of one game of the catalogue. */
export interface SportRules<S extends MatchState = MatchState, O extends MatchOptions = MatchOptions> {
  readonly family: SportFamily;
  readonly gameId: number;
  /** A match not yet started; RangeError for an option the sport does not play. */
  initial(options?: O): S;
  /**
   * Plays `seconds` (a whole number) of the match from `state`, starting it if needed, and returns
   * the new state; `state` is left as it was. A finished, postponed or cancelled match does not move.
   * The same state, random sequence and total seconds give the same match however the seconds are
   * split between calls.
   */
  advance(state: S, rng: Rng, seconds: number): Advance<S>;
  isFinished(state: S): boolean;
}

export type NewIncident = Omit<Incident, 'seq' | 'elapsedSeconds' | 'period'>;
export type Recorder = (incident: NewIncident) => void;

/**
 * How a family plays a match: from one event (a goal chance, a possession, a point, a ball, a
 * round) to the next, each a whole number of seconds after the one before.
 */
export interface Simulation<S extends MatchState> {
  /** Sets the match up as it starts; returns the seconds until the first event. */
  begin(draft: S, rng: Rng, record: Recorder): number;
  /** Settles the event due now; returns the seconds until the next one (0: due at once). */
  resolve(draft: S, rng: Rng, record: Recorder): number;
  /** Runs the match clocks between events. */
  tick?(draft: S, seconds: number): void;
  /** The period code of incidents recorded now. */
  period(state: S): string;
}

/** The options of a sport that has none. */
export type NoOptions = Record<string, never>;

export interface RulesDefinition<S extends MatchState, O extends MatchOptions> extends Simulation<S> {
  family: S['family'];
  /** The catalogue slug of the game. */
  slug: string;
  initial(options: O | undefined, base: MatchBase<S['family']>): S;
}

export function defineRules<S extends MatchState, O extends MatchOptions = NoOptions>(
  definition: RulesDefinition<S, O>,
): SportRules<S, O> {
  const gameId = catalogueId(definition.slug);
  return {
    family: definition.family,
    gameId,
    initial: (options) =>
      definition.initial(options, {
        family: definition.family,
        gameId,
        status: 'not_started',
        elapsedSeconds: 0,
        secondsToNextEvent: 0,
        incidents: [],
      }),
    advance: (state, rng, seconds) => advanceMatch(state, rng, seconds, definition),
    isFinished: (state) => state.status === 'finished',
  };
}

function catalogueId(slug: string): number {
  const game = gameBySlug(slug);
  if (game === undefined) throw new Error(`${slug} is not in the game catalogue`);
  return game.id;
}

function advanceMatch<S extends MatchState>(
  state: S,
  rng: Rng,
  seconds: number,
  simulation: Simulation<S>,
): Advance<S> {
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new RangeError(`seconds must be a whole number of at least 0, got ${seconds}`);
  }
  const playable = state.status === 'in_progress' || (state.status === 'not_started' && seconds > 0);
  if (!playable) return { state, incidents: [] };

  const draft = structuredClone(state);
  const firstNew = draft.incidents.length;
  const record: Recorder = (incident) => {
    draft.incidents.push({
      seq: draft.incidents.length + 1,
      ...incident,
      elapsedSeconds: draft.elapsedSeconds,
      period: simulation.period(draft),
    });
  };

  if (draft.status === 'not_started') {
    draft.status = 'in_progress';
    record({ type: 'match_started' });
    draft.secondsToNextEvent = simulation.begin(draft, rng, record);
  }
  let budget = seconds;
  // Events due at the very end of the budget are settled now, so that the split of the seconds
  // between calls never changes the match.
  while (draft.status === 'in_progress' && (budget > 0 || draft.secondsToNextEvent === 0)) {
    const step = Math.min(budget, draft.secondsToNextEvent);
    if (step > 0) {
      draft.elapsedSeconds += step;
      draft.secondsToNextEvent -= step;
      budget -= step;
      simulation.tick?.(draft, step);
    }
    if (draft.secondsToNextEvent === 0) draft.secondsToNextEvent = simulation.resolve(draft, rng, record);
  }
  return { state: draft, incidents: draft.incidents.slice(firstNew) };
}

/** Ends a head-to-head match; `winner` null for a draw or a tie. */
export function finishMatch(draft: HeadToHeadState, winner: Side | null, record: Recorder): void {
  draft.status = 'finished';
  draft.winner = winner;
  record({ type: 'match_finished', score: { ...draft.score }, ...(winner ? { side: winner } : {}) });
}

/** The last item: the period, set, innings or game in play. */
export function lastOf<T>(items: readonly T[]): T {
  const item = items.at(-1);
  if (item === undefined) throw new Error('nothing has been played yet');
  return item;
}
