import { lastOf } from './engine';
import type { PeriodScore, Score, Side } from './model';

/** A timed match scored per period (soccer, basketball, american football). */
interface PeriodTable {
  score: Score;
  periods: PeriodScore[];
}

export function openPeriod(table: PeriodTable, period: string): void {
  table.periods.push({ period, home: 0, away: 0 });
}

/** Adds to the headline score and to the row of the period in play. */
export function addPoints(table: PeriodTable, side: Side, points: number): void {
  table.score[side] += points;
  lastOf(table.periods)[side] += points;
}

const QUARTERS = 4;

/** Q1-Q4, then OT1, OT2... for the period after those already played. */
export function nextQuarterOrOvertime(table: PeriodTable): string {
  const number = table.periods.length + 1;
  return number <= QUARTERS ? `Q${number}` : `OT${number - QUARTERS}`;
}

export function inOvertime(table: PeriodTable): boolean {
  return table.periods.length > QUARTERS;
}

export function regulationOver(table: PeriodTable): boolean {
  return table.periods.length >= QUARTERS;
}
