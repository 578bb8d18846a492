import { useLocation, useSearchParams } from 'react-router';
import type { Page } from '../../../lib/paging';
import { ROOM_PAGE_SIZE, type RoomCard } from '../../../modules/live/live.contract';
import { LinkTabs, Pager, pageInQuery } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { RoomGrid } from './room-card';
import { useLiveCall } from './use-live-call';

export interface GameChoice {
  slug: string;
  name: string;
  gameId: number;
}

/** The game filter of a list, kept in the query (?game=slug), with "all" first. */
export function GameFilter({ games }: { games: GameChoice[] }) {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const current = search.get('game');
  const to = (slug: string | null) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (slug) params.set('game', slug);
    else params.delete('game');
    return `?${params}`;
  };
  return (
    <LinkTabs
      label={t('list.games')}
      size="small"
      items={[
        { key: 'all', label: t('list.all'), to: to(null), active: !current },
        ...games.map((game) => ({
          key: game.slug,
          label: game.name,
          to: to(game.slug),
          active: current === game.slug,
        })),
      ]}
    />
  );
}

/** Rooms of the chosen game, a page at a time: all of them, or only those on air. */
export function RoomList({ games, onAir }: { games: GameChoice[]; onAir: boolean }) {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const location = useLocation();
  const gameId = games.find((game) => game.slug === search.get('game'))?.gameId;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const rooms = useLiveCall<Page<RoomCard>>('/live/rooms', { gameId, live: onAir ? 1 : 0, pageIndex: page });
  const pages = rooms.data ? Math.max(1, Math.ceil(rooms.data.total / ROOM_PAGE_SIZE)) : 1;
  return (
    <div className="flex flex-col gap-4">
      <GameFilter games={games} />
      <RoomGrid
        rooms={rooms.data?.list}
        failed={rooms.failed}
        onRetry={rooms.reload}
        emptyTitle={onAir ? t('list.noneOnAir') : t('list.empty')}
      />
      {pages > 1 && <Pager page={page} pages={pages} hrefOf={pageInQuery(location.search)} />}
    </div>
  );
}
