import { Link } from 'react-router';
import type { ReplayView } from '../../../modules/live/live.contract';
import { cardClass, DateTime, EmptyState, ErrorState, mutedClass, Skeleton } from '../../components/ui';
import { liveMeta } from '../../features/live/meta';
import { idOfPath, liveTitle } from '../../features/live/page.server';
import { ReplayPlayer } from '../../features/live/replay-player';
import { clockOf, LockedPlayback } from '../../features/live/replays';
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
        <ReplayPlayer url={view.url} label={t('replays.player', { title: view.title })} />
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
