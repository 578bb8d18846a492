import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The hot-list formula (docs/decisions/008-hot-lists.md): popularity that halves every
 * half-life since publication.
 *
 *   score = (views + LIKE_WEIGHT × likes) × 0.5 ^ (ageHours / halfLife)
 *
 * The daily list forgets fast (6 h), the weekly one slowly (48 h).
 */
export const HOT_PERIODS = ['daily', 'weekly'] as const;
export type HotPeriod = (typeof HOT_PERIODS)[number];

export const LIKE_WEIGHT = 5;
export const HALF_LIFE_HOURS: Record<HotPeriod, number> = { daily: 6, weekly: 48 };
/** Past this many half-lives every score is as good as zero; the cap keeps exp() from underflowing. */
const MAX_HALVINGS = 1000;

export function hotScore(item: { views: number; likes: number; ageHours: number }, period: HotPeriod) {
  const halvings = Math.min(Math.max(item.ageHours, 0) / HALF_LIFE_HOURS[period], MAX_HALVINGS);
  return (item.views + LIKE_WEIGHT * item.likes) * 0.5 ** halvings;
}

/** The same score in SQL, for ordering in the database. */
export function hotScoreSql(
  columns: { views: AnyPgColumn; likes: AnyPgColumn; publishedAt: AnyPgColumn },
  period: HotPeriod,
  now: Date,
): SQL<number> {
  const ageHours = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${columns.publishedAt})) / 3600, 0)`;
  const halvings = sql`least(${ageHours} / ${HALF_LIFE_HOURS[period]}, ${MAX_HALVINGS})`;
  return sql<number>`((${columns.views} + ${LIKE_WEIGHT} * ${columns.likes}) * exp(-ln(2) * ${halvings}))`;
}
