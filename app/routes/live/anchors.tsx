import { Link, useLocation, useSearchParams } from 'react-router';
import type { Page } from '../../../lib/paging';
import { ANCHOR_PAGE_SIZE, type AnchorCard } from '../../../modules/live/live.contract';
import { EmptyState, ErrorState, mutedClass, Pager, pageInQuery, Skeleton } from '../../components/ui';
import { Avatar } from '../../features/live/anchor-card';
import { liveMeta } from '../../features/live/meta';
import { gamesOf, liveTitle } from '../../features/live/page.server';
import { roomPath } from '../../features/live/room-card';
import { GameFilter } from '../../features/live/room-list';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/anchors';

/** /anchor/anchorList: certified anchors, those on air first. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: liveTitle(context, 'anchors.title'), games: gamesOf(context) };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function AnchorList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const location = useLocation();
  const gameId = loaderData.games.find((game) => game.slug === search.get('game'))?.gameId;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const anchors = useLiveCall<Page<AnchorCard>>('/anchor/anchorList', { gameId, pageIndex: page });
  const pages = anchors.data ? Math.max(1, Math.ceil(anchors.data.total / ANCHOR_PAGE_SIZE)) : 1;
  const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('anchors.title')}</h1>
      <GameFilter games={loaderData.games} />
      {anchors.failed ? (
        <ErrorState onRetry={anchors.reload} />
      ) : !anchors.data ? (
        <ul className={grid} aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </ul>
      ) : anchors.data.list.length === 0 ? (
        <EmptyState
          title={t('anchors.empty')}
          action={
            <Link to="/anchorCenter" className="text-sm text-brand-ink underline">
              {t('list.becomeAnchor')}
            </Link>
          }
        />
      ) : (
        <ul className={grid}>
          {anchors.data.list.map((anchor) => (
            <li
              key={anchor.anchorId}
              className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm dark:bg-zinc-900"
            >
              <Avatar src={anchor.avatar} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/anchor/${anchor.anchorId}`}
                  className="block truncate font-medium hover:text-brand-ink"
                >
                  {anchor.name}
                </Link>
                <p className={mutedClass}>
                  {t('anchor.level', { level: anchor.level })} ·{' '}
                  {t('anchor.followers', { count: anchor.followers })}
                </p>
              </div>
              {anchor.live && anchor.roomId && (
                <Link
                  to={roomPath({ roomId: anchor.roomId, customTag: null, matchId: null })}
                  className="flex items-center gap-1 rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white"
                >
                  <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-white" />
                  {t('room.live')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && <Pager page={page} pages={pages} hrefOf={pageInQuery(location.search)} />}
    </div>
  );
}
