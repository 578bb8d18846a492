import { createHash } from 'node:crypto';
import type { HeadToHeadState, MatchState, SeriesState } from '../sports';
import {
  HISTORY_WINDOWS,
  HIT_OUTCOMES,
  type HitWindow,
  type Market,
  type MonthlyReturn,
  type Outcome,
  type ReturnPoint,
} from './experts.contract';

/** The pure rules of expert tips: how a prediction settles, the statistics, the commitment hash. */

// Settlement ------------------------------------------------------------------------------------

export interface SettledPrediction {
  market: Market;
  line: number | null;
  pick: string;
}

type Half = 'win' | 'push' | 'lose';

const compare = (margin: number): Half => (margin > 0 ? 'win' : margin < 0 ? 'lose' : 'push');

/**
 * A line bet: a quarter line (x.25, x.75) is half the stake on each of the two lines next to it,
 * which gives half wins and half losses.
 */
function onLine(margin: (line: number) => number, line: number): Outcome {
  if (Number.isInteger(line * 2)) return compare(margin(line));
  const [a, b] = [compare(margin(line - 0.25)), compare(margin(line + 0.25))];
  if (a === b) return a;
  // Two lines half a goal apart: one pushes, the other wins or loses.
  return a === 'win' || b === 'win' ? 'half_win' : 'half_lose';
}

/** Soccer markets are settled on regular time (the two halves), without extra time or penalties. */
function finalScore(state: MatchState): { home: number; away: number } {
  if (state.family === 'soccer') {
    const regular = state.periods.filter((p) => p.period === 'H1' || p.period === 'H2');
    if (regular.length > 0)
      return regular.reduce((sum, p) => ({ home: sum.home + p.home, away: sum.away + p.away }), {
        home: 0,
        away: 0,
      });
  }
  return 'score' in state ? state.score : { home: 0, away: 0 };
}

const sideWins = (winner: 'home' | 'away' | null, pick: string): Outcome =>
  winner === null ? 'push' : winner === pick ? 'win' : 'lose';

/**
 * How a prediction came out on a match that was played to the end. A cancelled or postponed match
 * voids every prediction (the caller does not ask).
 */
export function settlePrediction(p: SettledPrediction, state: MatchState): Outcome {
  const score = finalScore(state);
  const line = p.line ?? 0;
  switch (p.market) {
    case '1x2': {
      const result = score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
      return result === p.pick ? 'win' : 'lose';
    }
    case 'winner':
    case 'series_winner':
      return sideWins((state as HeadToHeadState).winner, p.pick);
    case 'handicap': {
      const [mine, theirs] = p.pick === 'home' ? [score.home, score.away] : [score.away, score.home];
      return onLine((l) => mine + l - theirs, line);
    }
    case 'over_under': {
      const sign = p.pick === 'over' ? 1 : -1;
      return onLine((l) => sign * (score.home + score.away - l), line);
    }
    case 'btts':
      return (score.home > 0 && score.away > 0) === (p.pick === 'yes') ? 'win' : 'lose';
    case 'map_winner': {
      const game = (state as SeriesState).games?.[line - 1];
      return game?.winner ? sideWins(game.winner, p.pick) : 'void';
    }
  }
}

/** Who gets a plan's escrow: the expert on a hit; on anything else the buyer if the plan promised a refund. */
export function escrowGoesTo(outcome: Outcome, refundOnMiss: boolean): 'expert' | 'buyer' {
  if (outcome === 'void') return 'buyer';
  if (HIT_OUTCOMES.includes(outcome)) return 'expert';
  return refundOnMiss ? 'buyer' : 'expert';
}

/** The platform's share of a price, rounded down; the expert receives the rest. */
export function split(price: number, sharePercent: number): { income: number; platformShare: number } {
  const platformShare = Math.floor((price * sharePercent) / 100);
  return { income: price - platformShare, platformShare };
}

// Statistics -------------------------------------------------------------------------------------

/** A settled, committed plan as the statistics see it; the list is in match order, oldest first. */
export interface SettledPlan {
  planId: number;
  outcome: Outcome;
  odds: number;
  /** When the match started: the order of the record, and its month. */
  at: Date;
}

const counts = (o: Outcome) => o !== 'push' && o !== 'void';
const isHit = (o: Outcome) => HIT_OUTCOMES.includes(o);
const round1 = (v: number) => Math.round(v * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

/** A plan's return on a stake of one unit at its odds. */
export function unitsOf(outcome: Outcome, odds: number): number {
  switch (outcome) {
    case 'win':
      return odds - 1;
    case 'half_win':
      return (odds - 1) / 2;
    case 'half_lose':
      return -0.5;
    case 'lose':
      return -1;
    default:
      return 0;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface RecordStats {
  settled: number;
  hits: number;
  hitRate: number;
  windows: HitWindow[];
  recent: boolean[];
  currentStreak: number;
  bestStreak: number;
  roi: number;
}

/**
 * Hit rate overall and over the last 5, 7, 10, 15 and 30 counting plans, the current and the best
 * run of hits, and the ROI. Pushes and voids neither hit nor miss: they are left out.
 */
export function recordStats(plans: SettledPlan[]): RecordStats {
  const counting = plans.filter((p) => counts(p.outcome));
  const hitsOf = (list: SettledPlan[]) => list.filter((p) => isHit(p.outcome)).length;
  const newestFirst = [...counting].reverse();
  let bestStreak = 0;
  let run = 0;
  for (const plan of counting) {
    run = isHit(plan.outcome) ? run + 1 : 0;
    bestStreak = Math.max(bestStreak, run);
  }
  const firstMiss = newestFirst.findIndex((p) => !isHit(p.outcome));
  const units = counting.reduce((sum, p) => sum + unitsOf(p.outcome, p.odds), 0);
  const hits = hitsOf(counting);
  return {
    settled: counting.length,
    hits,
    hitRate: percent(hits, counting.length),
    windows: HISTORY_WINDOWS.map((window) => {
      const last = newestFirst.slice(0, window);
      const windowHits = hitsOf(last);
      return { window, plans: last.length, hits: windowHits, hitRate: percent(windowHits, last.length) };
    }),
    recent: newestFirst.slice(0, 10).map((p) => isHit(p.outcome)),
    currentStreak: firstMiss === -1 ? newestFirst.length : firstMiss,
    bestStreak,
    roi: percent(units, counting.length),
  };
}

/** The return graph: each settled plan's units and the running total. */
export function returnGraph(plans: SettledPlan[]): ReturnPoint[] {
  let cumulative = 0;
  return plans
    .filter((p) => p.outcome !== 'void')
    .map((p) => {
      const units = round2(unitsOf(p.outcome, p.odds));
      cumulative = round2(cumulative + units);
      return { planId: p.planId, settledAt: p.at.toISOString(), outcome: p.outcome, units, cumulative };
    });
}

/** Returns per month (UTC), newest first. */
export function monthlyReturns(plans: SettledPlan[]): MonthlyReturn[] {
  const months = new Map<string, SettledPlan[]>();
  for (const plan of plans.filter((p) => counts(p.outcome))) {
    const month = plan.at.toISOString().slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), plan]);
  }
  return [...months]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([month, list]) => {
      const hits = list.filter((p) => isHit(p.outcome)).length;
      const units = list.reduce((sum, p) => sum + unitsOf(p.outcome, p.odds), 0);
      return {
        month,
        plans: list.length,
        hits,
        hitRate: percent(hits, list.length),
        units: round2(units),
        roi: percent(units, list.length),
      };
    });
}

// The commitment chain ----------------------------------------------------------------------------

export const GENESIS_HASH = '0'.repeat(64);

export interface CommittedPrediction {
  planId: number;
  expertId: number;
  matchId: number;
  market: string;
  line: number | null;
  pick: string;
  committedAt: Date;
  prevHash: string;
}

/** SHA-256 of the prediction's fields, in a fixed order, with the previous commitment's hash. */
export function commitmentHash(c: CommittedPrediction): string {
  const fields = [
    c.planId,
    c.expertId,
    c.matchId,
    c.market,
    c.line,
    c.pick,
    c.committedAt.toISOString(),
    c.prevHash,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
