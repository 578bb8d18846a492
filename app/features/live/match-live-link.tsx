import { Link } from 'react-router';
import type { MatchLive } from '../../../modules/live/live.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import { roomPath } from './room-card';
import { useLiveCall } from './use-live-call';

/** The live rooms showing a match, most watched first; undefined until they have come. */
export function useMatchRooms(match: Pick<MatchSummary, 'id' | 'gameId'>): MatchLive | undefined {
  return useLiveCall<MatchLive>(`/user/isMatchLive/${match.id}/${match.gameId}`).data;
}

/** On a match page: the room that shows this match live (the most watched), when one does. */
export function MatchLiveLink({ live }: { live: MatchLive | undefined }) {
  const { t } = useTranslation('match');
  const room = live?.rooms.find((r) => r.roomId === live?.roomId);
  if (!live?.live || !live.roomId) return null;
  return (
    <Link
      to={room ? roomPath(room) : `/live/${live.roomId}`}
      data-match-live={live.roomId}
      className="flex items-center justify-center gap-2 rounded-2xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700"
    >
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-white" />
      {t('watchLive')}
    </Link>
  );
}
