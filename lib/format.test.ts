import { describe, expect, it } from 'vitest';
import { formatCount, formatRelativeTime } from './format';
import { LOCALES } from './locales';

describe('formatCount', () => {
  it('shows English counts under 1000 as they are and 1000 or more as k with one decimal', () => {
    expect(formatCount(0, 'en_US')).toBe('0');
    expect(formatCount(999, 'en_US')).toBe('999');
    expect(formatCount(1000, 'en_US')).toBe('1k');
    expect(formatCount(1234, 'en_US')).toBe('1.2k');
    expect(formatCount(1299, 'en_US')).toBe('1.2k');
    expect(formatCount(15_050, 'en_US')).toBe('15k');
    expect(formatCount(1_234_567, 'en_US')).toBe('1234.5k');
  });

  it('abbreviates as each language does, with one decimal at most and never rounding up', () => {
    expect(formatCount(999, 'zh_CN')).toBe('999');
    expect(formatCount(12_345, 'zh_CN')).toBe('1.2万');
    expect(formatCount(12_999, 'zh_CN')).toBe('1.2万');
    expect(formatCount(1_299_000, 'zh_tw')).toBe('129.9萬');
    expect(formatCount(12_345, 'jp')).toBe('1.2万');
    expect(formatCount(1234, 'fr')).toBe('1,2\u00a0k');
    expect(formatCount(1234, 'ru')).toBe('1,2\u00a0тыс.');
    expect(formatCount(1_234_567, 'de')).toBe('1,2\u00a0Mio.');
  });

  it('gives every language a short form of a large count', () => {
    for (const locale of LOCALES) expect(formatCount(123_456_789, locale).length).toBeLessThan(12);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(+now - ms);
  const minute = 60_000;

  it('says just posted under a minute, then minutes, hours, days, weeks and months', () => {
    const en = (ms: number) => formatRelativeTime(ago(ms), now, 'en_US', 'just posted');
    expect(en(30_000)).toBe('just posted');
    expect(en(5 * minute)).toBe('5 minutes ago');
    expect(en(3 * 60 * minute)).toBe('3 hours ago');
    expect(en(2 * 24 * 60 * minute)).toBe('2 days ago');
    expect(en(15 * 24 * 60 * minute)).toBe('2 weeks ago');
    expect(en(65 * 24 * 60 * minute)).toBe('2 months ago');
  });

  it('speaks every interface language', () => {
    expect(formatRelativeTime(ago(5 * minute), now, 'zh_CN', '刚刚发布')).toBe('5分钟前');
    expect(formatRelativeTime(ago(5 * minute), now, 'de', '')).toBe('vor 5 Minuten');
    for (const locale of LOCALES) {
      expect(formatRelativeTime(ago(3 * 60 * minute), now, locale, '')).toMatch(/3|٣|สาม/);
    }
  });
});
