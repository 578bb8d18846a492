import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { BCP47, LOCALE_NAMES, LOCALES, type Locale, localizePath } from '../../lib/locales';
import { useTranslation } from '../i18n/translations';
import { MenuPopup } from './ui/menu-popup';

/** The list of languages, loaded when the language button is first pressed. */
export function LanguageMenu({ locale, trigger }: { locale: Locale; trigger: ReactElement }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Another language is another basename: a full page load, which also brings its translations.
  const choose = (next: Locale) => {
    document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
    window.location.assign(localizePath(location.pathname, next) + location.search);
  };
  return (
    <MenuPopup trigger={trigger} className="grid max-h-[70dvh] grid-cols-2 gap-1 overflow-y-auto p-2">
      <DropdownMenu.Label className="col-span-2 px-2 pb-1 text-xs text-zinc-500">
        {t('language.label')}
      </DropdownMenu.Label>
      {LOCALES.map((option) => (
        <DropdownMenu.Item
          key={option}
          lang={BCP47[option]}
          onSelect={() => choose(option)}
          className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 aria-[current=true]:font-semibold aria-[current=true]:text-brand-ink dark:data-[highlighted]:bg-zinc-800"
          aria-current={option === locale}
        >
          {LOCALE_NAMES[option]}
        </DropdownMenu.Item>
      ))}
    </MenuPopup>
  );
}
