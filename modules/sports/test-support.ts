import type { SportRules } from './engine';
import type { MatchOptions, MatchState, Score } from './model';
import { createRng } from './rng';
import { type RaceRule, raceWinner } from './scoring';

/** The seeds every family plays through. */
export const SEEDS = Array.from({ length: 200 }, (_, index) => index + 1);

const LONGEST_MATCH_SECONDS = 7 * 24 * 3600;

/** Plays a match to its end, in steps of `stepSeconds` (all at once by default). */
export function playToEnd<S extends MatchState, O extends MatchOptions>(
  rules: SportRules<S, O>,
  seed: number,
  options?: O,
  stepSeconds = LONGEST_MATCH_SECONDS,
): S {
  const rng = createRng(seed);
  let state = rules.initial(options);
  for (let played = 0; played < LONGEST_MATCH_SECONDS; played += stepSeconds) {
    state = rules.advance(state, rng, stepSeconds).state;
    if (rules.isFinished(state)) return state;
  }
  throw new Error(`seed ${seed} did not finish within a week`);
}

/** Plays a match one event at a time, showing `visit` the state before and after each. */
export function playByEvent<S extends MatchState, O extends MatchOptions>(
  rules: SportRules<S, O>,
  seed: number,
  visit: (before: S, after: S) => void,
  options?: O,
): S {
  const rng = createRng(seed);
  let state = rules.initial(options);
  while (!rules.isFinished(state)) {
    const next = rules.advance(state, rng, Math.max(1, state.secondsToNextEvent)).state;
    visit(state, next);
    state = next;
  }
  return state;
}

export function playAll<S extends MatchState, O extends MatchOptions>(
  rules: SportRules<S, O>,
  options?: O,
  seeds: readonly number[] = SEEDS,
): S[] {
  return seeds.map((seed) => playToEnd(rules, seed, options));
}

/** A race score that has just been won: won now, and not yet before the winner's last point. */
export function isFinalRaceScore(score: Score, rule: RaceRule): boolean {
  const winner = raceWinner(score, rule);
  if (winner === null) return false;
  return raceWinner({ ...score, [winner]: score[winner] - 1 }, rule) === null;
}

export function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function count<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.filter(test).length;
}
