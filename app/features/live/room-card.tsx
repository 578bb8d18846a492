import { Link } from 'react-router';
import type { RoomCard as Room } from '../../../modules/live/live.contract';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** The room's path: a custom-tag room lives under /customLive. */
export const roomPath = (room: Pick<Room, 'roomId' | 'customTag' | 'matchId'>) =>
  room.customTag && !room.matchId ? `/customLive/${room.roomId}` : `/live/${room.roomId}`;

/** The room's access as a small badge (paid with its price, VIP, SVIP); nothing for a free room. */
export function AccessBadge({ access, price }: Pick<Room, 'access' | 'price'>) {
  const { t } = useTranslation('live');
  if (access === 'free') return null;
  return (
    <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[11px] font-semibold text-black">
      {access === 'paid' ? t('access.paidPrice', { price }) : t(`access.${access}`)}
    </span>
  );
}

/** One room in a grid: cover with the live mark and viewers, title, anchor. */
export function RoomCard({ room }: { room: Room }) {
  const { t } = useTranslation('live');
  return (
    <li className="min-w-0">
      <Link
        to={roomPath(room)}
        className="group block overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-zinc-900"
      >
        <div className="relative aspect-video bg-zinc-800">
          {room.cover && <img src={room.cover} alt="" loading="lazy" className="size-full object-cover" />}
          <div className="absolute inset-x-2 top-2 flex items-center gap-1">
            {room.live ? (
              <span className="flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white">
                <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-white" />
                {t('room.live')}
              </span>
            ) : (
              <span className="rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white">
                {t('room.offAir')}
              </span>
            )}
            <AccessBadge access={room.access} price={room.price} />
          </div>
          {room.live && (
            <span className="absolute end-2 bottom-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white tabular-nums">
              {t('room.viewers', { count: room.viewers })}
            </span>
          )}
        </div>
        <div className="flex items-center gap-2 p-2.5">
          {room.anchorAvatar ? (
            <img src={room.anchorAvatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="size-8 shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-700" />
          )}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium group-hover:text-brand-ink">{room.title}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
              {room.anchorName} · {room.customTag ?? room.game}
            </p>
          </div>
        </div>
      </Link>
    </li>
  );
}

/** A grid of rooms with its loading, empty and error states. */
export function RoomGrid({
  rooms,
  failed,
  onRetry,
  emptyTitle,
}: {
  rooms: Room[] | undefined;
  failed: string | false;
  onRetry: () => void;
  emptyTitle: string;
}) {
  const { t } = useTranslation('live');
  const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';
  if (failed) return <ErrorState onRetry={onRetry} />;
  if (!rooms)
    return (
      <ul className={grid} aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <Skeleton className="aspect-video w-full rounded-2xl" />
            <Skeleton className="mt-2 h-4 w-3/4" />
          </li>
        ))}
      </ul>
    );
  if (rooms.length === 0)
    return (
      <EmptyState
        title={emptyTitle}
        hint={t('list.emptyHint')}
        action={
          <Link to="/anchorCenter" className="text-sm text-brand-ink underline">
            {t('list.becomeAnchor')}
          </Link>
        }
      />
    );
  return (
    <ul className={grid}>
      {rooms.map((room) => (
        <RoomCard key={room.roomId} room={room} />
      ))}
    </ul>
  );
}
