import type { LiveInfo } from '../../../modules/live/live.contract';
import { Card, EmptyState, ErrorState, Skeleton } from '../../components/ui';
import { ModeratorPanel } from '../../features/chat';
import { NeedsApproval } from '../../features/live/needs-approval';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';

/** /anchorCenter/moderators: the room's moderators, appointed and removed by its anchor. */
export default function ModeratorSettings() {
  const { t } = useTranslation('live');
  const info = useLiveCall<LiveInfo>('/anchor/liveInfo');
  if (info.failed === 'refused') return <NeedsApproval />;
  if (info.failed) return <ErrorState onRetry={info.reload} />;
  if (!info.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const { room } = info.data;
  return (
    <Card title={t('center.tabs.moderators')} id="moderators-title">
      {room ? <ModeratorPanel roomId={room.roomId} /> : <EmptyState title={t('broadcast.setUpFirst')} />}
    </Card>
  );
}
