import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useContext, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import {
  type FavouriteLeague,
  type FavouriteTeam,
  type Reservation,
  type ReservationState,
  reservationStateOf,
} from '../../../modules/matches/follows.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { buttonClass, EmptyState, ErrorState } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { AlertChoicesButton } from '../alerts';
import { FavouriteButton, FOLLOW_MARKS_KEY, FollowButtons } from './follow-buttons';
import { useLiveMatches } from './live';
import { RegionNames } from './match-lists';
import { MatchRow, TeamLogo } from './match-row';
import { matchName } from './reservation-alerts';
import { timeFormat, usePageTime } from './time';

interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** The first page from the loader, more on demand, each item once. */
function usePages<T>(
  first: Page<T>,
  path: string,
  query: Record<string, string | undefined>,
  idOf: (item: T) => number,
) {
  const api = useApi();
  const [items, setItems] = useState(first.list);
  const [last, setLast] = useState({ pageIndex: first.pageIndex, total: first.total });
  const more = useMutation({
    mutationFn: () =>
      api.get<Page<T>>(path, {
        query: { ...query, pageIndex: last.pageIndex + 1, pageSize: first.pageSize },
        quiet: true,
      }),
    onSuccess: (page) => {
      setItems((list) => [
        ...list,
        ...page.list.filter((item) => !list.some((known) => idOf(known) === idOf(item))),
      ]);
      setLast({ pageIndex: page.pageIndex, total: page.total });
    },
  });
  const hasMore = last.pageIndex * first.pageSize < last.total;
  return { items, setItems, more, hasMore };
}

function MorePages({
  pages,
}: {
  pages: { more: { isError: boolean; isPending: boolean; mutate: () => void }; hasMore: boolean };
}) {
  const { t } = useTranslation('matches');
  if (pages.more.isError) return <ErrorState onRetry={() => pages.more.mutate()} />;
  if (!pages.hasMore) return null;
  return (
    <button
      type="button"
      disabled={pages.more.isPending}
      onClick={() => pages.more.mutate()}
      className={`${buttonClass.secondary} self-center`}
    >
      {t('favourites.more')}
    </button>
  );
}

/** Tabs of a page of the user centre, as links so each view has its address. */
export function SubTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { to: string; label: string; current: boolean }[];
}) {
  return (
    <nav
      aria-label={label}
      className="-mx-4 overflow-x-auto border-b border-zinc-200 px-4 sm:-mx-6 sm:px-6 dark:border-zinc-800"
    >
      <ul className="flex">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <Link
              to={tab.to}
              replace
              aria-current={tab.current ? 'page' : undefined}
              className="-mb-px block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-zinc-600 aria-[current=page]:border-brand aria-[current=page]:text-zinc-900 sm:px-4 dark:text-zinc-400 dark:aria-[current=page]:text-white"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Nothing followed yet: where to find something to follow. */
function NothingYet({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation('matches');
  return (
    <EmptyState
      title={title}
      hint={hint}
      action={
        <Link to="/" className={`${buttonClass.secondary} mt-2`}>
          {t('favourites.browse')}
        </Link>
      }
    />
  );
}

/** Summaries kept live on the score socket while the page is open. */
function useLiveSummaries(matches: MatchSummary[]) {
  const topics = useMemo(
    () =>
      matches
        .filter((m) => m.status === 'not_started' || m.status === 'in_progress')
        .map((m) => `match:${m.id}`),
    [matches],
  );
  return useLiveMatches(matches, topics);
}

/** Matches under a heading for each day of kick-off in the visitor's zone, in the order given. */
function ByDay({
  matches,
  children,
}: {
  matches: MatchSummary[];
  children: (matches: MatchSummary[]) => ReactNode;
}) {
  const { zone } = usePageTime();
  const format = timeFormat(BCP47[useLocale()], zone, {
    weekday: 'short',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const days: { label: string; matches: MatchSummary[] }[] = [];
  for (const match of matches) {
    const label = format.format(match.startTime);
    const last = days.at(-1);
    if (last?.label === label) last.matches.push(match);
    else days.push({ label, matches: [match] });
  }
  return (
    <div className="flex flex-col gap-4">
      {days.map((day) => (
        <section key={day.label} aria-label={day.label}>
          <h3 className="mb-1.5 text-sm font-semibold text-zinc-600 dark:text-zinc-400">{day.label}</h3>
          {children(day.matches)}
        </section>
      ))}
    </div>
  );
}

/** A day's matches as rows in one box. */
const ROWS =
  'divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800';

const STATE_STYLE: Record<ReservationState, string> = {
  not_started: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  in_progress: 'bg-brand/10 text-brand-ink',
  ended: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
  cancelled: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
};

/** The user's reservations with their states, which follow the matches live; each can be cancelled. */
export function ReservationList({ first, state }: { first: Page<Reservation>; state?: ReservationState }) {
  const { t } = useTranslation('matches');
  const api = useApi();
  const queryClient = useQueryClient();
  const pages = usePages(first, '/match/reservation', { state }, (r) => r.id);
  const summaries = useMemo(() => pages.items.map((r) => r.match), [pages.items]);
  const live = useLiveSummaries(summaries);
  const byMatch = new Map(pages.items.map((r) => [r.matchId, r]));
  const cancel = useMutation({
    mutationFn: (matchId: number) => api.post<Reservation>('/match/reservation/cancel', { matchId }),
    onSuccess: (cancelled) => {
      pages.setItems((list) =>
        list.map((r) => (r.id === cancelled.id ? { ...r, cancelledAt: cancelled.cancelledAt } : r)),
      );
      queryClient.invalidateQueries({ queryKey: FOLLOW_MARKS_KEY });
    },
  });

  if (pages.items.length === 0)
    return <NothingYet title={t('reservations.empty')} hint={t('reservations.emptyHint')} />;
  return (
    <div className="flex flex-col gap-3">
      <ByDay matches={live.matches}>
        {(dayMatches) => (
          <ul className={ROWS}>
            {dayMatches.map((match) => {
              const reservation = byMatch.get(match.id);
              const now = reservationStateOf(match, reservation?.cancelledAt != null);
              return (
                <MatchRow
                  key={match.id}
                  match={match}
                  changed={live.changed.has(match.id)}
                  league={match.league.name}
                  actions={
                    <span className="relative z-10 flex flex-col items-end gap-0.5 sm:flex-row sm:items-center sm:gap-1">
                      <span
                        className={`rounded px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap ${STATE_STYLE[now]}`}
                      >
                        {t(`reservations.state.${now}`)}
                      </span>
                      {now !== 'cancelled' && (
                        <AlertChoicesButton kind="match" targetId={match.id} name={matchName(match)} />
                      )}
                      {(now === 'not_started' || now === 'in_progress') && (
                        <button
                          type="button"
                          disabled={cancel.isPending && cancel.variables === match.id}
                          onClick={() => cancel.mutate(match.id)}
                          className="rounded-full px-2 py-1 text-xs font-medium text-zinc-600 underline-offset-2 hover:text-zinc-900 hover:underline disabled:opacity-50 dark:text-zinc-400 dark:hover:text-white"
                        >
                          {t('reservations.cancel')}
                        </button>
                      )}
                    </span>
                  }
                />
              );
            })}
          </ul>
        )}
      </ByDay>
      <MorePages pages={pages} />
    </div>
  );
}

/** The matches the user favourited, latest kick-off first, live. */
export function FavouriteMatchList({ first }: { first: Page<MatchSummary> }) {
  const { t } = useTranslation('matches');
  const pages = usePages(first, '/match/attention', {}, (m) => m.id);
  const live = useLiveSummaries(pages.items);
  if (pages.items.length === 0)
    return <NothingYet title={t('favourites.empty.match')} hint={t('favourites.emptyHint')} />;
  return (
    <div className="flex flex-col gap-3">
      <ByDay matches={live.matches}>
        {(dayMatches) => (
          <ul className={ROWS}>
            {dayMatches.map((match) => (
              <MatchRow
                key={match.id}
                match={match}
                changed={live.changed.has(match.id)}
                league={match.league.name}
                actions={
                  <span className="flex items-center">
                    <AlertChoicesButton kind="match" targetId={match.id} name={matchName(match)} />
                    <FollowButtons match={match} />
                  </span>
                }
              />
            ))}
          </ul>
        )}
      </ByDay>
      <MorePages pages={pages} />
    </div>
  );
}

/** The teams or leagues the user favourited, each with its star to drop it. */
export function FavouriteTargetList({
  kind,
  first,
}: { kind: 'team'; first: Page<FavouriteTeam> } | { kind: 'league'; first: Page<FavouriteLeague> }) {
  const { t } = useTranslation('matches');
  const regions = useContext(RegionNames);
  const pages = usePages<FavouriteTeam | FavouriteLeague>(
    first,
    kind === 'team' ? '/match/attention/team' : '/match/attention/league',
    {},
    (item) => item.id,
  );
  if (pages.items.length === 0)
    return <NothingYet title={t(`favourites.empty.${kind}`)} hint={t('favourites.emptyHint')} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {pages.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-2.5">
            <TeamLogo team={item} size={32} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{item.name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {'region' in item
                  ? `${regions[item.region] ?? item.region} · ${item.shortName}`
                  : item.shortName}
              </span>
            </span>
            {kind === 'team' && <AlertChoicesButton kind="team" targetId={item.id} name={item.name} />}
            <FavouriteButton kind={kind} id={item.id} />
          </li>
        ))}
      </ul>
      <MorePages pages={pages} />
    </div>
  );
}
