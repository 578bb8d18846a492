import type { ReactNode } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Icon } from '../../components/icon';
import { buttonClass, Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { withParams } from './params';

const panelClass =
  'flex flex-col items-center gap-3 rounded-xl bg-white px-6 py-12 text-center shadow-sm dark:bg-zinc-900';

/** Leagues and rows in grey while a list loads. */
export function MatchListSkeleton({ groups = 3 }: { groups?: number }) {
  const { t } = useTranslation('matches');
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {t('state.loading')}
      </span>
      {Array.from({ length: groups }, (_, group) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={group} className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-zinc-900">
          <div className="flex items-center gap-2 bg-zinc-50 px-3 py-2 dark:bg-zinc-800/50">
            <Skeleton className="size-4 rounded-full" />
            <Skeleton className="h-3.5 w-40" />
          </div>
          {Array.from({ length: 4 }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <div key={row} className="flex items-center gap-3 px-3 py-3">
              <Skeleton className="h-3.5 w-10" />
              <Skeleton className="h-3.5 flex-1" />
              <Skeleton className="h-3.5 w-8" />
              <Skeleton className="hidden h-3.5 flex-1 sm:block" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * A list of the visitor's days and hours: skeletons in its place while the page was rendered in
 * another time zone than the browser's, until its data for the browser's zone comes (app/root.tsx).
 */
export function VisitorsDayList({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="hidden zone-pending:block">
        <MatchListSkeleton />
      </div>
      <div className="zone-pending:hidden">{children}</div>
    </>
  );
}

/** Nothing to list, with a way on. */
export function EmptyMatches({ title, hint, action }: { title?: string; hint?: string; action?: ReactNode }) {
  const { t } = useTranslation('matches');
  return (
    <div className={panelClass}>
      <Icon size={36} className="text-zinc-400">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </Icon>
      <p className="font-semibold">{title ?? t('state.empty')}</p>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{hint ?? t('state.emptyHint')}</p>
      {action}
    </div>
  );
}

/** The home page's Highlights or Hot list tab with nothing in it: no data, and the way back to today's matches. */
export function EmptyContentTab({ tab }: { tab: 'highlights' | 'hot' }) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  return (
    <EmptyMatches
      title={t('messages:noData')}
      hint={t(tab === 'highlights' ? 'home.empty.highlights' : 'home.empty.hot')}
      action={
        <Link to={withParams(search, { tab: null, date: null })} className={buttonClass.secondary}>
          {t('home.empty.action')}
        </Link>
      }
    />
  );
}

/** A list that failed to load, with a retry. */
export function MatchesError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('matches');
  return (
    <div role="alert" className={panelClass}>
      <p className="text-zinc-700 dark:text-zinc-300">{t('state.error')}</p>
      <button type="button" onClick={onRetry} className={buttonClass.secondary}>
        {t('state.retry')}
      </button>
    </div>
  );
}

/** True while another view of the same list page loads (a tab or filter): its list gives way to skeletons. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  return (
    navigation.state === 'loading' && next?.pathname === location.pathname && next.search !== location.search
  );
}
