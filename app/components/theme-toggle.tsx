import { useTranslation } from '../i18n/translations';
import { saveTheme } from '../lib/theme';
import { Icon } from './icon';

/** Light/dark switch; the choice is kept in a cookie so the server renders it next time. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const toggle = () => saveTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark');
  return (
    <button
      type="button"
      onClick={toggle}
      className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-zinc-200 dark:hover:bg-zinc-800"
    >
      <span className="sr-only dark:hidden">{t('theme.toDark')}</span>
      <span className="sr-only hidden dark:inline">{t('theme.toLight')}</span>
      <Icon className="dark:hidden">
        <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
      </Icon>
      <Icon className="hidden dark:block">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </Icon>
    </button>
  );
}
