import { Link } from 'react-router';
import type { AnchorProfile } from '../../../modules/live/live.contract';
import { Card, cardClass, EmptyState, ErrorState, mutedClass, Skeleton } from '../../components/ui';
import { Avatar, FollowButton, Schedule } from '../../features/live/anchor-card';
import { liveMeta } from '../../features/live/meta';
import { idOfPath, liveTitle } from '../../features/live/page.server';
import { LiveRecords } from '../../features/live/records';
import { ClipCards, ReplayList, useClips } from '../../features/live/replays';
import { roomPath } from '../../features/live/room-card';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/anchor';

/** /anchor/{id}: an anchor's profile, upcoming broadcasts and past broadcasts; /anchor alone is the caller's own. */
export function loader({ params, context }: Route.LoaderArgs) {
  return {
    anchorId: params.id === undefined ? null : idOfPath(params.id),
    title: liveTitle(context, 'anchor.title'),
  };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function AnchorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  const { anchorId } = loaderData;
  const profile = useLiveCall<AnchorProfile>('/anchorInfo', { anchorId: anchorId ?? undefined });
  if (profile.failed === 'refused')
    return (
      <EmptyState
        title={t('anchor.missing')}
        action={
          <Link to="/anchor/anchorList" className="text-sm text-brand-ink underline">
            {t('anchors.title')}
          </Link>
        }
      />
    );
  if (profile.failed) return <ErrorState onRetry={profile.reload} />;
  const anchor = profile.data;
  if (!anchor) return <Skeleton className="h-48 w-full rounded-2xl" />;
  return (
    <div className="flex flex-col gap-4">
      <section className={`${cardClass} relative overflow-hidden`}>
        {anchor.cover && (
          <img src={anchor.cover} alt="" className="absolute inset-0 size-full object-cover opacity-20" />
        )}
        <div className="relative flex flex-wrap items-center gap-4">
          <Avatar src={anchor.avatar} size={72} />
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold">{anchor.name}</h1>
            <p className={mutedClass}>
              {t('anchor.level', { level: anchor.level })} ·{' '}
              {t('anchor.followers', { count: anchor.followers })}
            </p>
            {anchor.introduction && <p className="mt-1 text-sm">{anchor.introduction}</p>}
          </div>
          <div className="flex items-center gap-2">
            {anchor.live && anchor.roomId && (
              <Link
                to={roomPath({ roomId: anchor.roomId, customTag: null, matchId: null })}
                className="rounded-full bg-red-600 px-4 py-1.5 text-sm font-medium text-white"
              >
                {t('anchor.watch')}
              </Link>
            )}
            <FollowButton anchorId={anchor.anchorId} following={anchor.following} />
          </div>
        </div>
      </section>
      {(anchor.detail || anchor.pictures.length > 0) && (
        <Card title={t('anchor.about')} id="anchor-about">
          {anchor.detail && <p className="text-sm whitespace-pre-line">{anchor.detail}</p>}
          {anchor.pictures.length > 0 && (
            <ul className="mt-3 grid grid-cols-3 gap-2">
              {anchor.pictures.map((picture) => (
                <li key={picture}>
                  <img
                    src={picture}
                    alt=""
                    loading="lazy"
                    className="aspect-square w-full rounded-xl object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <Card title={t('schedule.title')} id="anchor-schedule">
        <Schedule entries={anchor.schedule} />
      </Card>
      {anchor.roomId && <AnchorClips roomId={anchor.roomId} />}
      <Card title={t('replays.title')} id="anchor-replays">
        <ReplayList filter={{ anchorId: anchor.anchorId }} />
      </Card>
      <Card title={t('records.past')} id="anchor-records">
        <LiveRecords anchorId={anchor.anchorId} />
      </Card>
    </div>
  );
}

/** The clips cut from the anchor's broadcasts of matches; nothing while there are none. */
function AnchorClips({ roomId }: { roomId: number }) {
  const { t } = useTranslation('live');
  const clips = useClips({ roomId, pageSize: 6 });
  if (!clips.data || clips.data.length === 0) return null;
  return (
    <Card title={t('clips.title')} id="anchor-clips">
      <ClipCards list={clips.data} />
    </Card>
  );
}
