import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { ApiFailure } from '../../lib/api-client';

export const buttonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-full bg-brand px-5 text-sm font-medium text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-full border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800';
export const inputClass =
  'block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-brand focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
export const labelClass = 'mb-1 block text-sm font-medium';
export const hintClass = 'mt-1 text-xs text-zinc-500 dark:text-zinc-400';

/** A white block of the user centre with an optional heading. */
export function Card({
  title,
  id,
  children,
  className = '',
}: {
  title?: string;
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-2xl bg-white p-4 shadow-sm sm:p-6 dark:bg-zinc-900 ${className}`}
    >
      {title && (
        <h2 id={id} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/** A sub-page's title; on a phone, with the way back to the list of sub-pages. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation('user');
  return (
    <header className="flex flex-col gap-1">
      <Link
        to="/userInfo"
        className="mb-1 inline-flex items-center gap-1 self-start text-sm text-zinc-600 hover:text-brand-ink md:hidden dark:text-zinc-400"
      >
        <Icon size={16} className="rtl:rotate-180">
          <path d="M15 18l-6-6 6-6" />
        </Icon>
        {t('nav.back')}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      {description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
    </header>
  );
}

/** The outcome of a form: a success in green, a failure in red; read out by screen readers. */
export function FormStatus({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  return (
    <p role="status" className="min-h-0 text-sm text-emerald-700 dark:text-emerald-400">
      {ok}
    </p>
  );
}

/** The message of a failed call: the server's, in the page language. */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiFailure ? error.message : fallback;
}

export function SkeletonLine({ className = '' }: { className?: string }) {
  return <span className={`block animate-pulse rounded bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

/** What a sub-page looks like while it loads. */
export function PageSkeleton() {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        {t('state.loading')}
      </span>
      <SkeletonLine className="h-7 w-40" />
      <div className="flex items-center gap-4 rounded-2xl bg-white p-6 shadow-sm dark:bg-zinc-900">
        <SkeletonLine className="size-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <SkeletonLine className="h-5 w-1/3" />
          <SkeletonLine className="h-4 w-2/3" />
        </div>
      </div>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm dark:bg-zinc-900">
        <SkeletonLine className="h-4 w-full" />
        <SkeletonLine className="h-4 w-5/6" />
        <SkeletonLine className="h-4 w-2/3" />
      </div>
    </div>
  );
}

/** A failed load, with a retry. */
export function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('user');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-zinc-700 dark:text-zinc-300">{t('state.error')}</p>
      <button type="button" onClick={onRetry} className={secondaryButtonClass}>
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

/** Dates of the account (registration, follows) as the day they happened, in the page language. */
export function formatDay(iso: string, bcp47: string): string {
  return new Intl.DateTimeFormat(bcp47, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
