import { BCP47, type Locale } from './locales';

/**
 * The texts of the site in one language, for pages and the server alike (decision 034): the
 * catalogue's files under `app/i18n/locales` as they are, and the part of i18next's lookup they
 * use: namespaces, nested keys, `{{variable}}`, plural forms by the language's rules.
 */

/** One language's texts: namespace → nested keys → a text, or a group or list of texts. */
export type Namespaces = Record<string, Record<string, unknown>>;

export interface TOptions {
  /** Picks the plural form (`views_one`, `views_other`; `_zero` first for 0) and fills `{{count}}`. */
  count?: number;
  /** The text when no language has the key. */
  defaultValue?: string;
  /** A group or list of texts is answered whole, each text filled in, instead of its key. */
  returnObjects?: boolean;
  /** The values of `{{name}}` in the text. */
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string | readonly string[], options: TOptions & { returnObjects: true }): unknown;
  (key: string | readonly string[], options?: TOptions): string;
}

export interface Translations {
  readonly language: Locale;
  /** This language's texts, as given. */
  readonly texts: Namespaces;
  /**
   * Looks keys up in these namespaces in turn (a key may name its own: `common:brand`); of several
   * keys, the first one found. A key nobody has gives `defaultValue`, or the key itself.
   */
  fixed(namespaces: string | readonly string[]): TFunction;
  exists(key: string, namespaces?: string | readonly string[]): boolean;
}

const rules = new Map<Locale, Intl.PluralRules>();
function pluralRule(language: Locale): Intl.PluralRules {
  let rule = rules.get(language);
  if (!rule) {
    // Some of our codes are not language tags ('jp', 'thai').
    rule = new Intl.PluralRules(BCP47[language]);
    rules.set(language, rule);
  }
  return rule;
}

function at(tree: unknown, path: string[]): unknown {
  let node = tree;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const VARIABLE = /\{\{(.+?)\}\}/g;

/** `{{name}}` (or `{{a.b}}`) from the options; one the options do not mention stays as it is. */
function fill(text: string, options: TOptions): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const trimmed = name.trim();
    const value = at(options, trimmed.split('.'));
    if (value === undefined) return Object.hasOwn(options, trimmed) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

function fillAll(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string') return fill(value, options);
  if (Array.isArray(value)) return value.map((item) => fillAll(item, options));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, options)]));
  return value;
}

/** The translations of `language`, falling back key by key to `fallback` (another language's texts). */
export function createTranslations(
  language: Locale,
  texts: Namespaces,
  fallback?: { language: Locale; texts: Namespaces },
): Translations {
  const languages = [{ language, texts }, ...(fallback ? [fallback] : [])];

  function find(key: string, namespaces: readonly string[], options: TOptions): unknown {
    const split = key.indexOf(':');
    const inNamespaces = split > 0 ? [key.slice(0, split)] : namespaces;
    const path = (split > 0 ? key.slice(split + 1) : key).split('.');
    const counted = typeof options.count === 'number';
    for (const namespace of inNamespaces)
      for (const one of languages) {
        const tree = one.texts[namespace];
        if (!tree) continue;
        const last = path.length - 1;
        const base = path[last] as string;
        const forms = counted
          ? [
              ...(options.count === 0 ? [`${base}_zero`] : []),
              `${base}_${pluralRule(one.language).select(options.count as number)}`,
              base,
            ]
          : [base];
        const parent = at(tree, path.slice(0, last));
        for (const form of forms) {
          const value = at(parent, [form]);
          if (value !== undefined && value !== null) return value;
        }
      }
    return undefined;
  }

  function translate(
    keys: string | readonly string[],
    namespaces: readonly string[],
    options: TOptions = {},
  ) {
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      const value = find(key, namespaces, options);
      if (typeof value === 'string') return fill(value, options);
      if (value !== undefined && options.returnObjects) return fillAll(value, options);
    }
    if (options.defaultValue !== undefined) return fill(options.defaultValue, options);
    const last = list[list.length - 1] ?? '';
    const split = last.indexOf(':');
    return split > 0 ? last.slice(split + 1) : last;
  }

  const fixedOnes = new Map<string, TFunction>();
  const asList = (namespaces: string | readonly string[]) =>
    typeof namespaces === 'string' ? [namespaces] : namespaces;
  return {
    language,
    texts,
    fixed(namespaces) {
      const list = asList(namespaces);
      const name = list.join(',');
      let t = fixedOnes.get(name);
      if (!t) {
        t = ((keys: string | readonly string[], options?: TOptions) =>
          translate(keys, list, options)) as TFunction;
        fixedOnes.set(name, t);
      }
      return t;
    },
    exists: (key, namespaces = 'common') => find(key, asList(namespaces), {}) !== undefined,
  };
}
