import { Link } from 'react-router';
import type { ClipCard, ReplayView } from '../../../modules/live/live.contract';
import { cardClass, DateTime, EmptyState, ErrorState, mutedClass, Skeleton } from '../../components/ui';
import { liveMeta } from '../../features/live/meta';
import { idOfPath, liveTitle } from '../../features/live/page.server';
import { type Chapter, ReplayPlayer } from '../../features/live/replay-player';
import { clockOf, LockedPlayback, useClips } from '../../features/live/replays';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/replay';

/** /live/replay/{id}: the replay of a past broadcast, to watch and seek in. */
export function loader({ params, context }: Route.LoaderArgs) {
  return { replayId: idOfPath(params.id), title: liveTitle(context, 'replays.pageTitle') };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function Replay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  const replay = useLiveCall<ReplayView>(`/live/replay/${loaderData.replayId}`);
  const clips = useClips({ replayId: loaderData.replayId, pageSize: 50 });
  if (replay.failed === 'refused')
    return (
      <EmptyState
        title={t('replays.missing')}
        action={
          <Link to="/live" className="text-sm text-brand-ink underline">
            {t('replays.toLive')}
          </Link>
        }
      />
    );
  if (replay.failed) return <ErrorState onRetry={replay.reload} />;
  const view = replay.data;
  if (!view) return <Skeleton className="aspect-video w-full rounded-2xl" />;
  return (
    <div className="flex flex-col gap-4">
      {view.url ? (
        <ReplayPlayer
          url={view.url}
          label={t('replays.player', { title: view.title })}
          chapters={chaptersOf(clips.data ?? [], view.startedAt, (score, time) =>
            t('replays.chapter', { score, time }),
          )}
        />
      ) : (
        <LockedPlayback access={view.access} roomId={view.roomId} />
      )}
      <section className={cardClass}>
        <h1 className="text-lg font-semibold">{view.title}</h1>
        <p className={mutedClass}>
          <Link to={`/anchor/${view.anchorId}`} className="text-brand-ink underline">
            {view.anchorName}
          </Link>{' '}
          · <DateTime value={view.startedAt} /> · {clockOf(view.durationSeconds)}
        </p>
      </section>
    </div>
  );
}

/**
 * The replay's chapters: each clip of its match's goals, rounds and maps, oldest first, jumping to
 * the clip's start (the build-up); named by the score and the time into the broadcast it came at.
 */
function chaptersOf(
  clips: ClipCard[],
  startedAt: string,
  label: (score: string, time: string) => string,
): Chapter[] {
  return clips
    .flatMap(({ id, fromAt, score, scoredAt }) => {
      // Viewers' own clips are no chapters: only the match's moments are.
      if (score === null || scoredAt === null) return [];
      const time = clockOf(Math.max(0, Math.round((Date.parse(scoredAt) - Date.parse(startedAt)) / 1000)));
      return [{ id, at: Date.parse(fromAt), label: label(score, time) }];
    })
    .sort((a, b) => a.at - b.at);
}
