import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales';
import { createTranslations, type Namespaces, type TFunction, type Translations } from '../../lib/translate';

const made = new WeakMap<Namespaces, Translations>();

/**
 * The page's translations, from the namespaces its loaders sent. The server sends the same
 * object for the same language and namespaces, so one is made per language and reused.
 */
export function pageTranslations(locale: Locale, resources: Namespaces): Translations {
  let translations = made.get(resources);
  if (!translations) {
    translations = createTranslations(locale, resources);
    made.set(resources, translations);
  }
  return translations;
}

const TranslationsContext = createContext<Translations>(createTranslations(DEFAULT_LOCALE, {}));

export function TranslationsProvider({ value, children }: { value: Translations; children: ReactNode }) {
  return <TranslationsContext value={value}>{children}</TranslationsContext>;
}

/** `t` for these namespaces (`common` when none is named), and the page's translations. */
export function useTranslation(namespaces: string | readonly string[] = 'common'): {
  t: TFunction;
  i18n: Translations;
} {
  const translations = useContext(TranslationsContext);
  return { t: translations.fixed(namespaces), i18n: translations };
}
