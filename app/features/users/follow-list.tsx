import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import {
  FANS,
  FOLLOW_PAGE_SIZE,
  type FollowEntry,
  type FollowPage,
} from '../../../modules/users/users.contract';
import { buttonClass, EmptyState, ErrorState, formatDay, Skeleton } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { FollowButton } from './follow-button';

/**
 * The people the owner follows (type 1) or their fans (type 2): the first page comes with the
 * page, more on demand.
 */
export function FollowList({ type, first }: { type: number; first: FollowPage }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const [entries, setEntries] = useState<FollowEntry[]>(first.list);
  const [last, setLast] = useState({ pageIndex: first.pageIndex, total: first.total });
  const more = useMutation({
    mutationFn: () =>
      api.get<FollowPage>('/user/getFollowOrFansH5', {
        query: { type, pageIndex: last.pageIndex + 1, pageSize: FOLLOW_PAGE_SIZE },
        quiet: true,
      }),
    onSuccess: (page) => {
      setEntries((list) => [...list, ...page.list.filter((e) => !list.some((known) => known.uid === e.uid))]);
      setLast({ pageIndex: page.pageIndex, total: page.total });
    },
  });

  if (entries.length === 0)
    return (
      <EmptyState
        title={t(type === FANS ? 'focus.emptyFans' : 'focus.emptyFollowing')}
        hint={t(type === FANS ? 'focus.emptyFansHint' : 'focus.emptyFollowingHint')}
        action={
          <Link to="/" className={`${buttonClass.secondary} mt-2`}>
            {t('focus.goHome')}
          </Link>
        }
      />
    );

  const hasMore = last.pageIndex * FOLLOW_PAGE_SIZE < last.total;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {entries.map((entry) => (
          <FollowRow
            key={entry.uid}
            entry={entry}
            type={type}
            onChange={(followed) =>
              setEntries((list) => list.map((e) => (e.uid === entry.uid ? { ...e, followed } : e)))
            }
          />
        ))}
        {more.isPending && <SkeletonRows />}
      </ul>
      {more.isError ? (
        <ErrorState onRetry={() => more.mutate()} />
      ) : (
        hasMore &&
        !more.isPending && (
          <button
            type="button"
            onClick={() => more.mutate()}
            className={`${buttonClass.secondary} self-center`}
          >
            {t('focus.more')}
          </button>
        )
      )}
    </div>
  );
}

function FollowRow({
  entry,
  type,
  onChange,
}: {
  entry: FollowEntry;
  type: number;
  onChange: (followed: boolean) => void;
}) {
  const { t } = useTranslation('user');
  const locale = useLocale();
  return (
    <li className="flex items-center gap-3 py-3">
      <Link
        to={`/userInfo/${entry.uid}`}
        className="flex min-w-0 flex-1 items-center gap-3 hover:text-brand-ink"
      >
        <UserAvatar src={entry.avatar} name={entry.username} size={44} />
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="truncate font-medium">{entry.username}</span>
            <span className="shrink-0 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
              {t('profile.level', { level: entry.level })}
            </span>
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
            {entry.signature || t('focus.since', { date: formatDay(entry.since, BCP47[locale]) })}
          </span>
        </span>
      </Link>
      <FollowButton
        userId={entry.uid}
        followed={entry.followed}
        followBack={type === FANS}
        onChange={(state) => onChange(state.followed)}
      />
    </li>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-3 py-3" aria-hidden="true">
          <Skeleton className="size-11 rounded-full" />
          <span className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </span>
        </li>
      ))}
    </>
  );
}
