import { BCP47, isLocale } from './locales';

/** The part of an i18next instance that picks plural forms. */
interface PluralPicker {
  services: { pluralResolver: { getRule(code: string, options?: object): unknown } };
}

/**
 * i18next picks plural forms (`views_one`, `views_other`) with the rules of its language code,
 * and some of ours are not language tags ('jp', 'thai'): it asks for each locale's BCP 47 tag instead.
 */
export function pluralRulesByLanguageTag(instance: PluralPicker): void {
  const resolver = instance.services.pluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLocale(code) ? BCP47[code] : code, options);
}
