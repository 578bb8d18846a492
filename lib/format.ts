import { BCP47, type Locale } from './locales';
import { memoByKey } from './memo';

// Truncated like the English k, so a count never shows more than it is.
const compactFormat = memoByKey(
  (locale: Locale) =>
    new Intl.NumberFormat(BCP47[locale], {
      notation: 'compact',
      maximumFractionDigits: 1,
      roundingMode: 'trunc',
    }),
);

/**
 * A count as the language abbreviates it ("1,2 k", "1.2万" for 12,345). English keeps the spec's
 * k with one decimal from 1000: 999 -> "999", 1234 -> "1.2k", 15000 -> "15k".
 */
export function formatCount(count: number, locale: Locale): string {
  if (locale !== 'en_US') return compactFormat(locale).format(count);
  if (Math.abs(count) < 1000) return String(count);
  const thousands = Math.floor((count / 1000) * 10) / 10;
  return `${Number.isInteger(thousands) ? thousands.toFixed(0) : thousands.toFixed(1)}k`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

// Making a formatter costs far more than using one: a list page formats dozens of times.
const relativeTimeFormat = memoByKey(
  (locale: Locale) => new Intl.RelativeTimeFormat(BCP47[locale], { numeric: 'always' }),
);

/**
 * Relative time in the page language: months, weeks, days, hours or minutes ago, and
 * `justPosted` (the translated 'just posted') under a minute.
 */
export function formatRelativeTime(
  then: Date | number,
  now: Date | number,
  locale: Locale,
  justPosted: string,
): string {
  const elapsed = Math.max(0, +now - +then);
  if (elapsed < MINUTE) return justPosted;
  const format = relativeTimeFormat(locale);
  if (elapsed >= MONTH) return format.format(-Math.floor(elapsed / MONTH), 'month');
  if (elapsed >= WEEK) return format.format(-Math.floor(elapsed / WEEK), 'week');
  if (elapsed >= DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / MINUTE), 'minute');
}
