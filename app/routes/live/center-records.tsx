import { Card } from '../../components/ui';
import { LiveRecords } from '../../features/live/records';
import { ReplayList } from '../../features/live/replays';
import { useTranslation } from '../../i18n/translations';
import { useUser } from '../../lib/use-user';

/** /anchorCenter/records: the caller's replays, to hide or delete, and their broadcasts (activation records). */
export default function ActivationRecords() {
  const { t } = useTranslation('live');
  const user = useUser();
  return (
    <div className="flex flex-col gap-4">
      {user && (
        <Card title={t('replays.title')} id="replays-title">
          <ReplayList filter={{ anchorId: user.uid }} manage />
        </Card>
      )}
      <Card title={t('center.tabs.records')} id="records-title">
        <LiveRecords />
      </Card>
    </div>
  );
}
