import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/translations';
import { Icon } from '../icon';
import { buttonClass } from './button';

/**
 * A grey placeholder bar while something loads; size and shape come from `className`. Marked, so
 * browser checks can wait until no placeholder is left.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      data-placeholder
      className={`block animate-pulse rounded bg-zinc-200 dark:bg-zinc-800 ${className}`}
    />
  );
}

/** A failed load, with a retry. */
export function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-zinc-700 dark:text-zinc-300">{t('state.error')}</p>
      <button type="button" onClick={onRetry} className={buttonClass.secondary}>
        {t('state.retry')}
      </button>
    </div>
  );
}

/** Nothing to show yet, and where to go from here. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <Icon size={40} className="text-zinc-300 dark:text-zinc-700">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </Icon>
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>}
      {action}
    </div>
  );
}
