import { Icon } from '../../components/icon';
import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useSessionState } from '../../state/session-state';

/** What a guest sees on an own page of the user centre: an invitation to log in, not an error. */
export function GuestPrompt() {
  const { t } = useTranslation('user');
  const [, update] = useSessionState();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm dark:bg-zinc-900">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand/10 text-brand-ink">
        <Icon size={32}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
        </Icon>
      </span>
      <h1 className="text-xl font-bold">{t('guest.title')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('guest.text')}</p>
      <button
        type="button"
        className={buttonClass.primary}
        onClick={() => update({ showModel: true, modelState: 1 })}
      >
        {t('guest.action')}
      </button>
    </section>
  );
}
