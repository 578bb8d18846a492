import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayRange, dayTopics, isDay, isTimeZone, zoneFromCookie } from './days';

describe('days in the visitor time zone', () => {
  it('tells the calendar day of an instant in a zone', () => {
    const at = Date.UTC(2026, 10, 22, 20, 0);
    expect(dayOf(at, 'UTC')).toBe('2026-11-22');
    expect(dayOf(at, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(dayOf(at, 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('spans a day from local midnight to the next', () => {
    expect(dayRange('2026-11-23', 'Asia/Shanghai')).toEqual({
      from: Date.UTC(2026, 10, 22, 16),
      to: Date.UTC(2026, 10, 23, 16),
    });
    expect(dayRange('2026-11-23', 'UTC')).toEqual({
      from: Date.UTC(2026, 10, 23),
      to: Date.UTC(2026, 10, 24),
    });
  });

  it('has 23 or 25 hours on the days summer time starts or ends', () => {
    const spring = dayRange('2026-03-29', 'Europe/Berlin');
    expect(spring.from).toBe(Date.UTC(2026, 2, 28, 23));
    expect(spring.to - spring.from).toBe(23 * 3600_000);
    const autumn = dayRange('2026-10-25', 'Europe/Berlin');
    expect(autumn.to - autumn.from).toBe(25 * 3600_000);
  });

  it('moves across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('accepts only real days', () => {
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('22-11-2026')).toBe(false);
  });

  it('follows the UTC days a local day touches', () => {
    const { from, to } = dayRange('2026-11-23', 'Asia/Shanghai');
    expect(dayTopics(from, to)).toEqual(['day:2026-11-22', 'day:2026-11-23']);
    const utc = dayRange('2026-11-23', 'UTC');
    expect(dayTopics(utc.from, utc.to)).toEqual(['day:2026-11-23']);
  });

  it("takes the zone from the cookie, else the language's", () => {
    expect(zoneFromCookie('theme=dark; tz=Europe%2FLondon', 'zh_CN')).toBe('Europe/London');
    expect(zoneFromCookie('tz=Mars/Base', 'zh_CN')).toBe('Asia/Shanghai');
    expect(zoneFromCookie(null, 'de')).toBe('Europe/Berlin');
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('<script>')).toBe(false);
  });
});
