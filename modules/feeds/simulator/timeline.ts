import type { MatchState, MatchStatus } from '../../sports';
import { cancel, createRng, postpone, type Rng } from '../../sports';
import { type Fate, fateOf, type MatchPlan, type Planner } from './schedule';

/**
 * Where a match stands at a moment. Its state is the initial state played on by the match-clock
 * seconds since kick-off (real seconds times the speed), less any suspension. Every position has
 * a `seq` that only grows along the timeline, so that the store keeps the latest whichever order
 * positions arrive in, and a restart that recomputes a position sends the very same seq:
 *   1 scheduled, 2 once the lineups are out (an hour before kick-off), 3 postponed, 4 cancelled,
 *   5 rescheduled (6 with lineups), then 10 + 4 × elapsed seconds while played (+1 while
 *   suspended, +2 at the moment it resumes).
 */
export type Moment =
  | { phase: 'scheduled'; startsAt: number; seq: number; lineups: boolean }
  | { phase: 'postponed' | 'cancelled'; startsAt: number; seq: number }
  | { phase: 'play'; startsAt: number; played: number; held: boolean; resumedNow: boolean };

/** Teams name their lineups an hour before kick-off. */
const LINEUPS_BEFORE_MS = 3_600_000;

export function momentOf(plan: MatchPlan, planner: Planner, time: number, speed: number): Moment {
  const fate = fateOf(plan);
  let startsAt = plan.kickoff;
  if (fate.kind !== 'normal' && fate.kind !== 'suspended' && time >= fate.announcedAt) {
    if (fate.kind === 'postponed') return { phase: 'postponed', startsAt, seq: 3 };
    if (fate.kind === 'cancelled') return { phase: 'cancelled', startsAt, seq: 4 };
    if (time < fate.rescheduledAt) return { phase: 'postponed', startsAt, seq: 3 };
    startsAt = fate.startsAt;
  }
  const rescheduled = fate.kind === 'rescheduled' && startsAt !== plan.kickoff;
  const clock = Math.floor(((time - startsAt) * speed) / 1000);
  if (clock <= 0) {
    const lineups = time >= startsAt - LINEUPS_BEFORE_MS;
    return { phase: 'scheduled', startsAt, seq: (rescheduled ? 5 : 1) + (lineups ? 1 : 0), lineups };
  }
  const hold = holdOf(plan, fate, planner);
  if (!hold || clock < hold.at)
    return { phase: 'play', startsAt, played: clock, held: false, resumedNow: false };
  if (clock < hold.at + hold.seconds)
    return { phase: 'play', startsAt, played: hold.at, held: true, resumedNow: false };
  const played = clock - hold.seconds;
  return { phase: 'play', startsAt, played, held: false, resumedNow: played === hold.at };
}

/** The elapsed second at which a suspended match stops, and for how long (match seconds). */
function holdOf(plan: MatchPlan, fate: Fate, planner: Planner): { at: number; seconds: number } | null {
  if (fate.kind !== 'suspended') return null;
  const at = Math.max(1, Math.floor(fate.atShare * planner.finalOf(plan).elapsedSeconds));
  return { at, seconds: fate.seconds };
}

/** A match being played: its state and random sequence as of `played` seconds. */
export interface Run {
  state: MatchState;
  rng: Rng;
  played: number;
}

export function startRun(plan: MatchPlan): Run {
  return { state: plan.rules.initial(plan.options), rng: createRng(plan.seed), played: 0 };
}

/** Plays the run on to `played` seconds (never back). */
export function playTo(plan: MatchPlan, run: Run, played: number): void {
  if (played <= run.played) return;
  run.state = plan.rules.advance(run.state, run.rng, played - run.played).state;
  run.played = played;
}

/** The state shown at a moment, from a run already played to it. */
export function shownState(
  plan: MatchPlan,
  moment: Moment,
  run: Run,
): { state: MatchState; status: MatchStatus } {
  if (moment.phase === 'play') {
    const state = moment.held && run.state.status === 'in_progress' ? postpone(run.state) : run.state;
    return { state, status: state.status };
  }
  const initial = plan.rules.initial(plan.options);
  if (moment.phase === 'scheduled') return { state: initial, status: 'not_started' };
  const state = moment.phase === 'postponed' ? postpone(initial) : cancel(initial);
  return { state, status: state.status };
}

export function seqOf(moment: Moment, state: MatchState): number {
  if (moment.phase !== 'play') return moment.seq;
  return 10 + 4 * state.elapsedSeconds + (moment.held ? 1 : moment.resumedNow ? 2 : 0);
}
