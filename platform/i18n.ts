import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/locales';
import { memoByKey } from '../lib/memo';
import { pluralRulesByLanguageTag } from '../lib/plural-rules';

export type Resources = Record<string, Record<string, unknown>>;

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../app/i18n/locales');

/** Reads every namespace of every locale once, at start-up. */
export function loadResources(dir = localesDir): Record<Locale, Resources> {
  const all = {} as Record<Locale, Resources>;
  for (const locale of LOCALES) {
    const localeDir = path.join(dir, locale);
    const namespaces: Resources = {};
    for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.json'))) {
      namespaces[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(localeDir, file), 'utf8'));
    }
    all[locale] = namespaces;
  }
  return all;
}

/** Server-side translations: the same catalogue the pages use, zh_CN as the fallback. */
export interface Translator {
  t(locale: Locale, key: string, params?: Record<string, unknown>): string;
  fixed(locale: Locale, namespace: string): TFunction;
  /** The namespaces a page needs, to hand to the browser. */
  resources(locale: Locale, namespaces: readonly string[]): Resources;
}

export function createTranslator(resources: Record<Locale, Resources> = loadResources()): Translator {
  const instance: i18n = createInstance();
  instance.init({
    resources,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    lowerCaseLng: false,
    load: 'currentOnly',
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  pluralRulesByLanguageTag(instance);
  // The same object for the same pick, so pages can keep one i18next instance per language.
  const picks = memoByKey((key: string): Resources => {
    const [locale, list = ''] = key.split(':') as [Locale, string];
    return Object.fromEntries(
      list.split(',').map((ns) => [ns, resources[locale][ns] ?? resources[DEFAULT_LOCALE][ns] ?? {}]),
    );
  });
  return {
    t: (locale, key, params) => instance.getFixedT(locale)(key, params ?? {}) as string,
    fixed: (locale, namespace) => instance.getFixedT(locale, namespace),
    resources: (locale, namespaces) => picks(`${locale}:${namespaces.join(',')}`),
  };
}
