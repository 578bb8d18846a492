import type { Locale } from '../../lib/locales';
import { useTranslation } from '../i18n/translations';

/** The current page language. */
export function useLocale(): Locale {
  return useTranslation().i18n.language;
}
