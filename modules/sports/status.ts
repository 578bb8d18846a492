import type { MatchState, MatchStatus } from './model';

/**
 * Spec point 4: moves a match between states outside play. A match starts and finishes by playing
 * (`SportRules.advance`); a postponed match may resume, even one suspended part-way; finished and
 * cancelled are final.
 */
const ALLOWED: Record<MatchStatus, readonly MatchStatus[]> = {
  not_started: ['postponed', 'cancelled'],
  in_progress: ['postponed', 'cancelled'],
  postponed: ['not_started', 'in_progress', 'cancelled'],
  finished: [],
  cancelled: [],
};

export function postpone<S extends MatchState>(state: S): S {
  return moveTo(state, 'postponed');
}

export function cancel<S extends MatchState>(state: S): S {
  return moveTo(state, 'cancelled');
}

/** A postponed match is back on: where it stopped, or not started if it had not begun. */
export function resume<S extends MatchState>(state: S): S {
  return moveTo(state, state.incidents.length > 0 ? 'in_progress' : 'not_started');
}

function moveTo<S extends MatchState>(state: S, status: MatchStatus): S {
  if (!ALLOWED[state.status].includes(status)) {
    throw new Error(`a match cannot go from ${state.status} to ${status}`);
  }
  return { ...state, status };
}
