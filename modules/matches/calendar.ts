import type { MatchSummary } from './matches.contract';

/** How long a calendar entry lasts: matches have no fixed length, two hours covers most. */
const ENTRY_MS = 2 * 3_600_000;

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** UTC date-time, e.g. 20261125T193000Z. */
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarOptions {
  /** The calendar's name, shown by calendar apps. */
  name: string;
  /** The site's origin, for each entry's link and unique id. */
  origin: string;
  /** Fixed for tests; now by default. */
  now?: number;
  /** "Home vs Away" in the reader's language. */
  title(match: MatchSummary): string;
}

/** Matches as an iCalendar file (RFC 5545) that calendar apps import or subscribe to. */
export function matchesCalendar(matches: readonly MatchSummary[], options: CalendarOptions): string {
  const host = new URL(options.origin).host;
  const stamp = utc(options.now ?? Date.now());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//matches//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(options.name)}`,
  ];
  for (const match of matches) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:match-${match.id}@${host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(match.startTime)}`,
      `DTEND:${utc(match.startTime + ENTRY_MS)}`,
      `SUMMARY:${text(options.title(match))}`,
      `DESCRIPTION:${text(match.league.name)}`,
      `URL:${options.origin}/${match.game}/${match.id}`,
      match.status === 'cancelled' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
