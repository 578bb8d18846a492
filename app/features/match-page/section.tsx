import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** A white block of the match page with its heading. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A part of the match that the feed has no data for (yet). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{children}</p>;
}

/** A failed load, with a retry. */
export function ErrorNote({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('match');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('state.error')}</p>
      <button type="button" onClick={onRetry} className={buttonClass.secondary}>
        {t('state.retry')}
      </button>
    </div>
  );
}
