import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';

/** Downloads matches as a calendar file (.ics) in the page's language: a team's fixtures or the user's reservations. */
export function CalendarLink({ href }: { href: string }) {
  const { t } = useTranslation('matches');
  const locale = useLocale();
  return (
    <a href={`${href}?locale=${locale}`} download className={`${buttonClass.secondary} self-start`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width={16}
        height={16}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M16 3v4M8 3v4M3 10h18" />
      </svg>
      {t('calendar.export')}
    </a>
  );
}
