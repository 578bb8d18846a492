import { Card } from '../../components/ui';
import { LiveRecords } from '../../features/live/records';
import { useTranslation } from '../../i18n/translations';

/** /anchorCenter/records: the caller's broadcasts (activation records). */
export default function ActivationRecords() {
  const { t } = useTranslation('live');
  return (
    <Card title={t('center.tabs.records')} id="records-title">
      <LiveRecords />
    </Card>
  );
}
