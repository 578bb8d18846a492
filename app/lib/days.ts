import type { Locale } from '../../lib/locales';

/**
 * Days as the visitor lives them: "today" and a kick-off time depend on their time zone. The
 * browser keeps its zone in the `tz` cookie (set before the first paint, app/root.tsx) so that pages
 * render its days on the server; before the first visit sets it, each language has a stable zone of
 * its own.
 */

export const TZ_COOKIE = 'tz';

/** How many days before and after today have matches (the board's window). */
export const WINDOW_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

/** The zone of a language's largest audience, until the browser tells its own. */
export const FALLBACK_ZONE: Record<Locale, string> = {
  zh_CN: 'Asia/Shanghai',
  en_US: 'UTC',
  zh_tw: 'Asia/Taipei',
  vi: 'Asia/Ho_Chi_Minh',
  es: 'Europe/Madrid',
  pt: 'America/Sao_Paulo',
  fr: 'Europe/Paris',
  de: 'Europe/Berlin',
  sv: 'Europe/Stockholm',
  ru: 'Europe/Moscow',
  uk: 'Europe/Kyiv',
  da: 'Europe/Copenhagen',
  pl: 'Europe/Warsaw',
  nl: 'Europe/Amsterdam',
  ko: 'Asia/Seoul',
  ms: 'Asia/Kuala_Lumpur',
  tl: 'Asia/Manila',
  el: 'Europe/Athens',
  tr: 'Europe/Istanbul',
  thai: 'Asia/Bangkok',
  ar: 'Asia/Riyadh',
  jp: 'Asia/Tokyo',
};

export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone of the `tz` cookie when it names one, else the language's. */
export function zoneFromCookie(cookieHeader: string | null, locale: Locale): string {
  const match = /(?:^|;\s*)tz=([^;]+)/.exec(cookieHeader ?? '');
  const zone = match ? decodeURIComponent(match[1] as string) : '';
  return isTimeZone(zone) ? zone : FALLBACK_ZONE[locale];
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) in `zone` at the instant `at`. */
export function dayOf(at: number, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, format);
  }
  return format.format(at);
}

export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How far `zone` is ahead of UTC at the instant `at`, in ms. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a day begins in `zone` (midnight, or the first moment after a skipped midnight). */
export function startOfDay(day: string, zone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, zone);
  // The offset at the guess may differ (a change of summer time between the two instants).
  return midnightUtc - offsetAt(guess, zone);
}

/** The instants of a day in `zone`: from inclusive, to exclusive. */
export function dayRange(day: string, zone: string): { from: number; to: number } {
  return { from: startOfDay(day, zone), to: startOfDay(addDays(day, 1), zone) };
}

/**
 * The push topics of the matches starting within [from, to): topics name UTC days, and a local
 * day spans parts of two of them.
 */
export function dayTopics(from: number, to: number): string[] {
  const topics: string[] = [];
  for (
    let day = new Date(from).toISOString().slice(0, 10);
    Date.parse(`${day}T00:00:00Z`) < to;
    day = addDays(day, 1)
  )
    topics.push(`day:${day}`);
  return topics;
}
