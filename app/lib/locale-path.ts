import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, localizePath } from '../../lib/locales';

/** The current page language. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'zh_CN';
}

/** Builds links that stay in the current language: "/about" -> "/en_US/about". */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(path, locale);
}
