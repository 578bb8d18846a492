import { lazy } from 'react';
import { LOCALE_NAMES } from '../../lib/locales';
import { useTranslation } from '../i18n/translations';
import { useLocale } from '../lib/use-locale';
import { Icon } from './icon';
import { LazyMenu } from './ui';

const loadLanguageMenu = () => import('./language-menu').then((module) => ({ default: module.LanguageMenu }));
const LanguageMenu = lazy(loadLanguageMenu);

/** The header's language button; its menu sets the `lang` cookie and opens the page in that language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <LazyMenu
      load={loadLanguageMenu}
      menu={(trigger) => <LanguageMenu locale={locale} trigger={trigger} />}
      trigger={
        <button
          type="button"
          className="flex h-9 items-center gap-1 rounded-full px-3 text-sm hover:bg-zinc-200 dark:hover:bg-zinc-800"
          aria-label={t('language.current', { name: LOCALE_NAMES[locale] })}
        >
          <Icon>
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z" />
          </Icon>
          <span className="hidden sm:inline">{LOCALE_NAMES[locale]}</span>
        </button>
      }
    />
  );
}
