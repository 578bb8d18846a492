/** The 22 interface languages, spelled as the product spells them in URLs and the `lang` cookie. */
export const LOCALES = [
  'zh_CN',
  'en_US',
  'zh_tw',
  'vi',
  'es',
  'pt',
  'fr',
  'de',
  'sv',
  'ru',
  'uk',
  'da',
  'pl',
  'nl',
  'ko',
  'ms',
  'tl',
  'el',
  'tr',
  'thai',
  'ar',
  'jp',
] as const;

export type Locale = (typeof LOCALES)[number];

/** Default and fallback language; its URLs carry no prefix. */
export const DEFAULT_LOCALE: Locale = 'zh_CN';
/** Where detection ends when nothing else matched. */
export const DETECTION_FALLBACK: Locale = 'en_US';

/** BCP-47 tag for `<html lang>`, hreflang and Intl formatters. */
export const BCP47: Record<Locale, string> = {
  zh_CN: 'zh-CN',
  en_US: 'en-US',
  zh_tw: 'zh-TW',
  vi: 'vi',
  es: 'es',
  pt: 'pt',
  fr: 'fr',
  de: 'de',
  sv: 'sv',
  ru: 'ru',
  uk: 'uk',
  da: 'da',
  pl: 'pl',
  nl: 'nl',
  ko: 'ko',
  ms: 'ms',
  tl: 'fil',
  el: 'el',
  tr: 'tr',
  thai: 'th',
  ar: 'ar',
  jp: 'ja',
};

/** Each language's own name, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  zh_CN: '简体中文',
  en_US: 'English',
  zh_tw: '繁體中文',
  vi: 'Tiếng Việt',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  de: 'Deutsch',
  sv: 'Svenska',
  ru: 'Русский',
  uk: 'Українська',
  da: 'Dansk',
  pl: 'Polski',
  nl: 'Nederlands',
  ko: '한국어',
  ms: 'Bahasa Melayu',
  tl: 'Tagalog',
  el: 'Ελληνικά',
  tr: 'Türkçe',
  thai: 'ไทย',
  ar: 'العربية',
  jp: '日本語',
};

const RTL = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

/** Loose match of a header value or tag ("zh-TW", "ja", "th-TH", "en") to one of ours. */
export function localeFromTag(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('-', '_');
  if (!lower) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [language = '', ...subtags] = lower.split('_');
  if (language === 'zh') {
    return subtags.some((s) => ['tw', 'hk', 'mo', 'hant'].includes(s)) ? 'zh_tw' : 'zh_CN';
  }
  const byTag = LOCALES.find((l) => BCP47[l].toLowerCase().split('-')[0] === language);
  if (byTag) return byTag;
  if (language === 'en') return 'en_US';
  return undefined;
}

/** Locale from an Accept-Language header, honouring q weights. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** Splits "/en_US/news/soccer" into its locale and the path without the prefix. */
export function splitLocalePath(pathname: string): { locale: Locale; prefixed: boolean; rest: string } {
  const [, first = '', ...more] = pathname.split('/');
  if (isLocale(first) && first !== DEFAULT_LOCALE) {
    return { locale: first, prefixed: true, rest: `/${more.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, prefixed: false, rest: pathname || '/' };
}

/** The same page in another language: "/news/soccer" -> "/en_US/news/soccer". */
export function localizePath(path: string, locale: Locale): string {
  const { rest } = splitLocalePath(path);
  if (locale === DEFAULT_LOCALE) return rest;
  return rest === '/' ? `/${locale}` : `/${locale}${rest}`;
}
