import { describe, expect, it } from 'vitest';
import { matchesCalendar } from './calendar';
import { testSummary } from './test-summaries';

const calendar = (title: (name: string) => string = (name) => name) =>
  matchesCalendar(
    [
      testSummary(7, { startTime: Date.UTC(2026, 10, 25, 19, 30), status: 'not_started' }),
      testSummary(8, { startTime: Date.UTC(2026, 10, 26, 12), status: 'cancelled' }),
    ],
    {
      name: 'Reds, Blues; and \\ friends',
      origin: 'https://scores.example',
      now: Date.UTC(2026, 10, 25, 8),
      title: (match) => title(`${match.home?.name} vs ${match.away?.name}`),
    },
  );

describe('a calendar of matches (RFC 5545)', () => {
  it('has one event per match, at its kick-off in UTC, with a stable id and a link to its page', () => {
    const file = calendar();
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(file).toContain('UID:match-7@scores.example\r\n');
    expect(file).toContain('DTSTART:20261125T193000Z\r\nDTEND:20261125T213000Z\r\n');
    expect(file).toContain('DTSTAMP:20261125T080000Z\r\n');
    expect(file).toContain('SUMMARY:Northbridge vs Eastfield\r\n');
    expect(file).toContain('URL:https://scores.example/soccer/7\r\n');
    expect(file).toContain('STATUS:CANCELLED\r\n');
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    expect(calendar()).toContain('X-WR-CALNAME:Reds\\, Blues\\; and \\\\ friends\r\n');
    expect(calendar((name) => `${name}\nsecond line`)).toContain(
      'SUMMARY:Northbridge vs Eastfield\\nsecond line',
    );
  });

  it('folds lines over 75 octets without splitting a character', () => {
    const long = '北京国安对上海申花'.repeat(6);
    const file = calendar(() => long);
    const lines = file.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const start = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    let unfolded = lines[start] ?? '';
    for (let i = start + 1; lines[i]?.startsWith(' '); i++) unfolded += lines[i]?.slice(1);
    expect(unfolded).toBe(`SUMMARY:${long}`);
  });
});
