import { describe, expect, it } from 'vitest';
import { createTranslations } from './translate';

const english = createTranslations('en_US', {
  common: {
    brand: 'Scores',
    nav: { home: 'Home', live: 'Live' },
    greeting: 'Hello {{name}}, welcome to {{site.name}}',
    views_one: '{{count}} view',
    views_other: '{{count}} views',
    goals_zero: 'No goals',
    goals_one: 'One goal',
    goals_other: '{{count}} goals',
    group: { title: 'About {{brand}}', lines: ['Made by {{brand}}', 'Since {{year}}'] },
  },
  match: { title: 'Match', nav: { home: 'Match home' } },
});

describe('looking a text up', () => {
  it('follows nested keys in the namespaces named, in turn', () => {
    expect(english.fixed('common')('nav.live')).toBe('Live');
    expect(english.fixed(['match', 'common'])('nav.home')).toBe('Match home');
    expect(english.fixed(['match', 'common'])('brand')).toBe('Scores');
  });

  it('takes a namespace named in the key over those given', () => {
    expect(english.fixed('match')('common:nav.home')).toBe('Home');
  });

  it('answers the first of several keys that is found', () => {
    expect(english.fixed('common')(['nav.missing', 'nav.live'])).toBe('Live');
  });

  it('answers the default, or the key without its namespace, when no language has it', () => {
    const t = english.fixed('common');
    expect(t('nav.missing', { defaultValue: 'Other {{n}}', n: 2 })).toBe('Other 2');
    expect(t('match:nav.missing')).toBe('nav.missing');
    expect(t('nav')).toBe('nav');
  });

  it('tells whether a key exists', () => {
    expect(english.exists('common:nav.home')).toBe(true);
    expect(english.exists('nav.home', 'match')).toBe(true);
    expect(english.exists('common:nav.away')).toBe(false);
  });
});

describe('filling a text in', () => {
  it('puts in variables, by path too, and leaves those not given as they are', () => {
    const t = english.fixed('common');
    expect(t('greeting', { name: 'Li', site: { name: 'Scores' } })).toBe('Hello Li, welcome to Scores');
    expect(t('greeting', { name: '{{site.name}}' })).toBe('Hello {{site.name}}, welcome to {{site.name}}');
    expect(t('greeting', { name: null })).toBe('Hello , welcome to {{site.name}}');
  });

  it('answers a group of texts whole, each filled in, only when asked to', () => {
    const t = english.fixed('common');
    expect(t('group', { returnObjects: true, brand: 'Scores', year: 2026 })).toEqual({
      title: 'About Scores',
      lines: ['Made by Scores', 'Since 2026'],
    });
    expect(t('group', { brand: 'Scores' })).toBe('group');
  });
});

describe('plural forms', () => {
  it("pick the language's form for the count, the zero form first for none", () => {
    const t = english.fixed('common');
    expect(t('views', { count: 1 })).toBe('1 view');
    expect(t('views', { count: 0 })).toBe('0 views');
    expect(t('goals', { count: 0 })).toBe('No goals');
    expect(t('goals', { count: 1 })).toBe('One goal');
    expect(t('goals', { count: 12 })).toBe('12 goals');
  });

  it('follow the rules of the language, whose code need not be a language tag', () => {
    const arabic = createTranslations('ar', {
      common: {
        days_zero: 'z',
        days_one: 'o',
        days_two: 't',
        days_few: 'f',
        days_many: 'm',
        days_other: 'x',
      },
    }).fixed('common');
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic('days', { count }))).toEqual([
      'z',
      'o',
      't',
      'f',
      'm',
      'x',
    ]);
    const japanese = createTranslations('jp', { common: { days_other: '{{count}}日' } }).fixed('common');
    expect(japanese('days', { count: 1 })).toBe('1日');
  });
});

describe('a fallback language', () => {
  const chinese = { common: { brand: '比分', nav: { home: '首页', live: '直播' } } };
  const partial = createTranslations(
    'fr',
    { common: { nav: { home: 'Accueil' } } },
    { language: 'zh_CN', texts: chinese },
  );

  it('gives, key by key, what the language lacks', () => {
    const t = partial.fixed('common');
    expect(t('nav.home')).toBe('Accueil');
    expect(t('nav.live')).toBe('直播');
    expect(t('brand')).toBe('比分');
  });
});
