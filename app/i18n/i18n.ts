import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../lib/locales';
import { pluralRulesByLanguageTag } from '../../lib/plural-rules';

export type PageResources = Record<string, Record<string, unknown>>;

const instances = new WeakMap<PageResources, i18n>();

/**
 * The i18next instance for the page's locale, from the namespaces the root loader sent. The
 * server sends the same resources object for the same language, so instances are reused.
 */
export function pageI18n(locale: Locale, resources: PageResources): i18n {
  const cached = instances.get(resources);
  if (cached) return cached;
  const instance = createInstance();
  instances.set(resources, instance);
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
  pluralRulesByLanguageTag(instance);
  return instance;
}
