import { describe, expect, it } from 'vitest';
import {
  localeFromAcceptLanguage,
  localeFromTag,
  localizePath,
  splitLocalePath,
  textDirection,
} from './locales';

describe('locales', () => {
  it('splits the locale prefix off a path; zh_CN has none', () => {
    expect(splitLocalePath('/en_US/news/soccer')).toEqual({
      locale: 'en_US',
      prefixed: true,
      rest: '/news/soccer',
    });
    expect(splitLocalePath('/thai')).toEqual({ locale: 'thai', prefixed: true, rest: '/' });
    expect(splitLocalePath('/news/soccer')).toEqual({
      locale: 'zh_CN',
      prefixed: false,
      rest: '/news/soccer',
    });
    expect(splitLocalePath('/zh_CN/news')).toMatchObject({ locale: 'zh_CN', prefixed: false });
  });

  it('moves a path to another locale', () => {
    expect(localizePath('/news/soccer', 'en_US')).toBe('/en_US/news/soccer');
    expect(localizePath('/en_US/news/soccer', 'zh_CN')).toBe('/news/soccer');
    expect(localizePath('/vi/', 'ar')).toBe('/ar');
    expect(localizePath('/', 'jp')).toBe('/jp');
  });

  it('reads Accept-Language by weight and maps tags to our spellings', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('xx;q=1, th;q=0.5')).toBe('thai');
    expect(localeFromAcceptLanguage('en;q=0.2, ja;q=0.9')).toBe('jp');
    expect(localeFromAcceptLanguage('*')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromTag('zh-Hant-TW')).toBe('zh_tw');
    expect(localeFromTag('zh-HK')).toBe('zh_tw');
    expect(localeFromTag('zh')).toBe('zh_CN');
    expect(localeFromTag('fil')).toBe('tl');
    expect(localeFromTag('en-GB')).toBe('en_US');
  });

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en_US')).toBe('ltr');
  });
});
