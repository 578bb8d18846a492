import type { LiveInfo } from '../../../modules/live/live.contract';
import { Card, EmptyState, ErrorState, Skeleton } from '../../components/ui';
import { EmotePanel } from '../../features/chat/emotes';
import { ModeratorPanel } from '../../features/chat/moderator-panel';
import { NeedsApproval } from '../../features/live/needs-approval';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';

/** /anchorCenter/moderators: the room's chat, as its anchor runs it: moderators and the room's emotes. */
export default function ModeratorSettings() {
  const { t } = useTranslation('live');
  const info = useLiveCall<LiveInfo>('/anchor/liveInfo');
  if (info.failed === 'refused') return <NeedsApproval />;
  if (info.failed) return <ErrorState onRetry={info.reload} />;
  if (!info.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const { room } = info.data;
  return (
    <Card title={t('center.tabs.moderators')} id="moderators-title">
      {room ? (
        <div className="flex flex-col gap-4">
          <ModeratorPanel roomId={room.roomId} />
          <EmotePanel roomId={room.roomId} />
        </div>
      ) : (
        <EmptyState title={t('broadcast.setUpFirst')} />
      )}
    </Card>
  );
}
