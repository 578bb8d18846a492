import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../lib/locales';

export type PageResources = Record<string, Record<string, unknown>>;

/** One i18next instance for the page's locale, from the namespaces the root loader sent. */
export function createPageI18n(locale: Locale, resources: PageResources): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    fallbackLng: false,
    lowerCaseLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
