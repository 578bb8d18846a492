import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BCP47, LOCALES } from '../../lib/locales';

const dir = new URL('./locales/', import.meta.url);
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`${locale}/${namespace}.json`, dir), 'utf8'));
const NAMESPACES = readdirSync(new URL('zh_CN/', dir)).map((file) => file.replace(/\.json$/, ''));

/** Every string of a namespace by its dotted key (array items by index). */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys without their plural forms: `views_one` and `views_other` are both `views`. */
const baseKeys = (keys: Iterable<string>) =>
  [...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

/** Values that are the ordinary word in a language too (loanwords such as "Live" in German). */
const sameAsEnglish: Record<string, string[]> = JSON.parse(
  readFileSync(new URL('./same-as-english.json', import.meta.url), 'utf8'),
);

/** Game titles and the brand keep their names; reviewed loanwords may equal English. */
function mayEqualEnglish(locale: string, namespace: string, key: string, value: string): boolean {
  if (namespace === 'games' && key.startsWith('names.')) return true;
  if (key === 'brand') return true;
  return [...(sameAsEnglish['*'] ?? []), ...(sameAsEnglish[locale] ?? [])].includes(value);
}

describe.each(NAMESPACES)('translations of "%s"', (namespace) => {
  const reference = flatten(read('zh_CN', namespace));
  const english = flatten(read('en_US', namespace));

  it.each(LOCALES)('%s has every key of zh_CN and no other', (locale) => {
    const localized = flatten(read(locale, namespace));
    expect(baseKeys(localized.keys())).toEqual(baseKeys(reference.keys()));
    for (const [key, value] of localized) expect(value.trim(), `${locale} ${namespace}:${key}`).not.toBe('');
  });

  it.each(LOCALES)("%s gives each counted noun exactly the language's plural forms", (locale) => {
    const forms = new Intl.PluralRules(BCP47[locale]).resolvedOptions().pluralCategories;
    const localized = [...flatten(read(locale, namespace)).keys()];
    const plurals = baseKeys(localized.filter((key) => PLURAL_SUFFIX.test(key)));
    for (const base of plurals) {
      const present = localized.filter((key) => key.replace(PLURAL_SUFFIX, '') === base && key !== base);
      expect(present.sort(), `${locale} ${namespace}:${base}`).toEqual(
        forms.map((form) => `${base}_${form}`).sort(),
      );
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en_US'))('%s is translated, not English', (locale) => {
    const localized = flatten(read(locale, namespace));
    const untranslated = [...localized].filter(
      ([key, value]) => value === english.get(key) && !mayEqualEnglish(locale, namespace, key, value),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)('%s keeps every {{placeholder}} of zh_CN', (locale) => {
    const localized = flatten(read(locale, namespace));
    for (const [key, value] of reference) {
      const placeholders = value.match(/\{\{\w+\}\}/g) ?? [];
      for (const placeholder of placeholders)
        expect(localized.get(key), `${locale} ${key}`).toContain(placeholder);
    }
  });
});
