import type { Score, Side } from './model';

export const SIDES: readonly Side[] = ['home', 'away'];

export function otherSide(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

export function zeroScore(): Score {
  return { home: 0, away: 0 };
}

/** The side ahead, or null when level. */
export function leaderOf(score: Score): Side | null {
  if (score.home === score.away) return null;
  return score.home > score.away ? 'home' : 'away';
}

/**
 * "First to `target`, clear by `winBy`", optionally stopped at `cap` where the next point wins
 * whatever the lead (badminton: 30). Games, sets, tie-breaks, map rounds and best-of series are all
 * races of this kind.
 */
export interface RaceRule {
  target: number;
  winBy: number;
  cap?: number;
}

/** The side that has won the race, or null while it goes on. */
export function raceWinner(score: Score, rule: RaceRule): Side | null {
  const leader = leaderOf(score);
  if (leader === null) return null;
  const leaderScore = score[leader];
  if (rule.cap !== undefined && leaderScore >= rule.cap) return leader;
  const lead = leaderScore - score[otherSide(leader)];
  return leaderScore >= rule.target && lead >= rule.winBy ? leader : null;
}

/** Best of N: the first to win a majority of the N games takes the series. */
export function bestOfRule(bestOf: number): RaceRule {
  return { target: Math.floor(bestOf / 2) + 1, winBy: 1 };
}

export interface BestOfChoice {
  default: number;
  allowed: readonly number[];
}

/** The requested series length, or the default; RangeError for a length the sport does not play. */
export function chooseBestOf(requested: number | undefined, choice: BestOfChoice): number {
  const bestOf = requested ?? choice.default;
  if (!choice.allowed.includes(bestOf)) {
    throw new RangeError(`best of ${bestOf} is not played; use one of ${choice.allowed.join(', ')}`);
  }
  return bestOf;
}

/** Odd series lengths from 1 to `longest`. */
export function oddUpTo(longest: number): number[] {
  return Array.from({ length: Math.ceil(longest / 2) }, (_, index) => 2 * index + 1);
}
