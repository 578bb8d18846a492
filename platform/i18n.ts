import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/locales';
import { memoByKey } from '../lib/memo';
import { createTranslations, type Namespaces, type TFunction } from '../lib/translate';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../app/i18n/locales');

/** Reads every namespace of every locale once, at start-up. */
export function loadResources(dir = localesDir): Record<Locale, Namespaces> {
  const all = {} as Record<Locale, Namespaces>;
  for (const locale of LOCALES) {
    const localeDir = path.join(dir, locale);
    const namespaces: Namespaces = {};
    for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.json'))) {
      namespaces[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(localeDir, file), 'utf8'));
    }
    all[locale] = namespaces;
  }
  return all;
}

/** Server-side translations: the same catalogue the pages use, zh_CN as the fallback. */
export interface Translator {
  /** A key of the `messages` namespace, or one naming its own (`common:brand`). */
  t(locale: Locale, key: string, params?: Record<string, unknown>): string;
  fixed(locale: Locale, namespace: string): TFunction;
  /** The namespaces a page needs, to hand to the browser. */
  resources(locale: Locale, namespaces: readonly string[]): Namespaces;
}

export function createTranslator(resources: Record<Locale, Namespaces> = loadResources()): Translator {
  const fallback = { language: DEFAULT_LOCALE, texts: resources[DEFAULT_LOCALE] };
  const byLocale = memoByKey((locale: Locale) =>
    createTranslations(locale, resources[locale], locale === DEFAULT_LOCALE ? undefined : fallback),
  );
  // The same object for the same pick, so pages can keep one set of translations per language.
  const picks = memoByKey((key: string): Namespaces => {
    const [locale, list = ''] = key.split(':') as [Locale, string];
    return Object.fromEntries(
      list.split(',').map((ns) => [ns, resources[locale][ns] ?? resources[DEFAULT_LOCALE][ns] ?? {}]),
    );
  });
  return {
    t: (locale, key, params) => byLocale(locale).fixed('messages')(key, params),
    fixed: (locale, namespace) => byLocale(locale).fixed(namespace),
    resources: (locale, namespaces) => picks(`${locale}:${namespaces.join(',')}`),
  };
}
