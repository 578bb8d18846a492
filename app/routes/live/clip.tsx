import { Link } from 'react-router';
import type { ClipView } from '../../../modules/live/live.contract';
import { cardClass, DateTime, EmptyState, ErrorState, mutedClass, Skeleton } from '../../components/ui';
import { liveMeta } from '../../features/live/meta';
import { idOfPath, liveTitle } from '../../features/live/page.server';
import { ReplayPlayer } from '../../features/live/replay-player';
import { ClipHeadline, LockedPlayback, replayPath } from '../../features/live/replays';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/clip';

/** /live/clip/{id}: a clip cut by the match (a goal of the match a broadcast showed). */
export function loader({ params, context }: Route.LoaderArgs) {
  return { clipId: idOfPath(params.id), title: liveTitle(context, 'clips.pageTitle') };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function Clip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  const clip = useLiveCall<ClipView>(`/live/clip/${loaderData.clipId}`);
  if (clip.failed === 'refused')
    return (
      <EmptyState
        title={t('clips.missing')}
        action={
          <Link to="/live" className="text-sm text-brand-ink underline">
            {t('replays.toLive')}
          </Link>
        }
      />
    );
  if (clip.failed) return <ErrorState onRetry={clip.reload} />;
  const view = clip.data;
  if (!view) return <Skeleton className="aspect-video w-full rounded-2xl" />;
  return (
    <div className="flex flex-col gap-4">
      {view.url ? (
        <ReplayPlayer
          url={view.url}
          label={
            view.score !== null
              ? t('clips.player', { score: view.score, title: view.title })
              : view.clippedBy
                ? t('clips.viewerPlayer', { name: view.clippedBy, title: view.title })
                : t('clips.viewerPlayerAnonymous', { title: view.title })
          }
        />
      ) : (
        <LockedPlayback access={view.access} roomId={view.roomId} />
      )}
      <section className={cardClass}>
        <h1 className="text-lg font-semibold">
          <ClipHeadline clip={view} /> · {view.title}
        </h1>
        <p className={mutedClass}>
          {view.anchorName} · <DateTime value={view.fromAt} /> ·{' '}
          <Link to={replayPath(view.replayId)} className="text-brand-ink underline">
            {t('clips.wholeReplay')}
          </Link>
        </p>
      </section>
    </div>
  );
}
