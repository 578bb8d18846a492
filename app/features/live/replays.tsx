import { useState } from 'react';
import { Link } from 'react-router';
import type { Page } from '../../../lib/paging';
import type { ClipCard, ReplayCard, ReplayState, RoomAccess } from '../../../modules/live/live.contract';
import {
  buttonClass,
  DateTime,
  Dialog,
  EmptyState,
  ErrorState,
  mutedClass,
  Skeleton,
  smallButtonClass,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useLiveCall } from './use-live-call';

/** A length of time as h:mm:ss (m:ss under an hour). */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const replayPath = (id: number) => `/live/replay/${id}`;
export const clipPath = (id: number) => `/live/clip/${id}`;

/**
 * Replays of past broadcasts, newest first: an anchor's, a room's, a match's, or those of any match.
 * With `manage` (the anchor centre), each has its hide or show and delete buttons.
 */
export function ReplayList({ filter, manage = false }: { filter: ReplayFilter; manage?: boolean }) {
  const { t } = useTranslation('live');
  const replays = useReplays(filter);
  if (replays.failed) return <ErrorState onRetry={replays.reload} />;
  if (!replays.data) return <Skeleton className="h-32 w-full rounded-xl" />;
  if (replays.data.list.length === 0) return <EmptyState title={t('replays.empty')} />;
  return <ReplayCards list={replays.data.list} manage={manage} onChanged={replays.reload} />;
}

/**
 * The playback tab's clips of goals and replays of broadcasts that showed a match; nothing while
 * there are none.
 */
export function MatchReplays() {
  const { t } = useTranslation('live');
  const clips = useClips({ matched: 1, pageSize: 6 });
  const replays = useReplays({ matched: 1 });
  return (
    <>
      {clips.data && clips.data.length > 0 && (
        <section aria-labelledby="match-clips" className="flex flex-col gap-2">
          <h2 id="match-clips" className="text-base font-semibold">
            {t('clips.ofMatches')}
          </h2>
          <ClipCards list={clips.data} />
        </section>
      )}
      {replays.data && replays.data.list.length > 0 && (
        <section aria-labelledby="match-replays" className="flex flex-col gap-2">
          <h2 id="match-replays" className="text-base font-semibold">
            {t('replays.ofMatches')}
          </h2>
          <ReplayCards list={replays.data.list} />
        </section>
      )}
    </>
  );
}

export const useClips = (filter: {
  matchId?: number;
  roomId?: number;
  replayId?: number;
  matched?: 1;
  pageSize?: number;
}) => useLiveCall<ClipCard[]>('/live/clips', { ...filter });

/** What a clip shows: the score the match's moment made, or who clipped it. */
export function ClipHeadline({ clip }: { clip: Pick<ClipCard, 'score' | 'clippedBy'> }) {
  const { t } = useTranslation('live');
  if (clip.score !== null) return t('clips.score', { score: clip.score });
  // The clipper's account may be gone since.
  return clip.clippedBy ? t('clips.by', { name: clip.clippedBy }) : t('clips.byViewer');
}

/** Clips as a grid of cards: cover with the score (or the clipper) and the length, the broadcast's title, anchor and time. */
export function ClipCards({ list }: { list: ClipCard[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {list.map((clip) => (
        <li key={clip.id} className="min-w-0 overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-zinc-900">
          <Link to={clipPath(clip.id)} className="group block">
            <div className="relative aspect-video bg-zinc-800">
              {clip.cover && (
                <img src={clip.cover} alt="" loading="lazy" className="size-full object-cover" />
              )}
              <span className="absolute start-2 top-2 max-w-[80%] truncate rounded bg-brand px-1.5 py-0.5 text-[11px] font-semibold text-white tabular-nums">
                <ClipHeadline clip={clip} />
              </span>
              <span className="absolute end-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-[11px] text-white tabular-nums">
                {clockOf(clip.seconds)}
              </span>
            </div>
            <div className="p-2">
              <p className="truncate text-sm font-medium group-hover:underline">{clip.title}</p>
              <p className={`${mutedClass} truncate`}>
                {clip.anchorName} · <DateTime value={clip.fromAt} />
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What stands in for the player of a replay or clip the room's access does not let the caller watch. */
export function LockedPlayback({ access, roomId }: { access: RoomAccess; roomId: number }) {
  const { t } = useTranslation('live');
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-black p-4 text-center text-white">
      <p>
        {access.state === 'locked' && access.need === 'login' && t('access.needLogin')}
        {access.state === 'locked' && access.need === 'paid' && t('access.needPaid', { price: access.price })}
        {access.state === 'locked' &&
          (access.need === 'vip' || access.need === 'svip') &&
          t(`access.need_${access.need}`)}
      </p>
      <Link to={`/live/${roomId}`} className="text-sm underline">
        {t('replays.toRoom')}
      </Link>
    </div>
  );
}

export interface ReplayFilter {
  anchorId?: number;
  roomId?: number;
  matchId?: number;
  /** Only replays of broadcasts that showed a match. */
  matched?: 1;
  pageSize?: number;
}

export const useReplays = (filter: ReplayFilter) =>
  useLiveCall<Page<ReplayCard>>('/live/replays', { ...filter });

/** Replays as a grid of cards: cover with the length, title, anchor and day. */
export function ReplayCards({
  list,
  manage = false,
  onChanged,
}: {
  list: ReplayCard[];
  manage?: boolean;
  onChanged?: () => void;
}) {
  const { t } = useTranslation('live');
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((replay) => (
        <li
          key={replay.id}
          className="min-w-0 overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-zinc-900"
        >
          <Link to={replayPath(replay.id)} className="group block">
            <div className="relative aspect-video bg-zinc-800">
              {replay.cover && (
                <img src={replay.cover} alt="" loading="lazy" className="size-full object-cover" />
              )}
              <span className="absolute end-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-[11px] text-white tabular-nums">
                {clockOf(replay.durationSeconds)}
              </span>
              {replay.hidden && (
                <span className="absolute start-2 top-2 rounded bg-zinc-900/80 px-1.5 py-0.5 text-[11px] text-white">
                  {t('replays.hidden')}
                </span>
              )}
            </div>
            <div className="p-3">
              <p className="truncate text-sm font-medium group-hover:underline">{replay.title}</p>
              <p className={`${mutedClass} truncate`}>
                {replay.anchorName} · <DateTime value={replay.startedAt} />
              </p>
            </div>
          </Link>
          {manage && <ReplayActions replay={replay} onChanged={() => onChanged?.()} />}
        </li>
      ))}
    </ul>
  );
}

/** The anchor's buttons on one of their replays: hide or show it, delete it after asking. */
function ReplayActions({ replay, onChanged }: { replay: ReplayCard; onChanged: () => void }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const { notify } = useToasts();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const change = async (state: ReplayState, done: string) => {
    setBusy(true);
    setFailure('');
    try {
      await api.post('/anchor/replay', { id: replay.id, state }, { quiet: true });
      notify(done);
      setAsking(false);
      onChanged();
    } catch (err) {
      setFailure(err instanceof ApiFailure ? err.message : t('replays.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 px-3 pb-3">
      <button
        type="button"
        className={smallButtonClass.secondary}
        disabled={busy}
        onClick={() =>
          void (replay.hidden
            ? change('shown', t('replays.shownDone'))
            : change('hidden', t('replays.hiddenDone')))
        }
      >
        {replay.hidden ? t('replays.show') : t('replays.hide')}
      </button>
      <button
        type="button"
        className={smallButtonClass.danger}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {t('replays.delete')}
      </button>
      {failure && !asking && (
        <p role="alert" className="w-full text-sm text-red-600">
          {failure}
        </p>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} title={t('replays.deleteTitle')}>
        <p className="text-sm">{t('replays.deleteConfirm', { title: replay.title })}</p>
        {failure && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {failure}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => setAsking(false)}
          >
            {t('cancel')}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} !bg-red-600`}
            disabled={busy}
            onClick={() => void change('deleted', t('replays.deletedDone'))}
          >
            {t('replays.delete')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
