import { isLocale, type Locale } from '../../lib/locales';
import { useTranslation } from '../i18n/translations';

/** The current page language. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'zh_CN';
}
