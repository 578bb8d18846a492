import { Card } from '../../components/ui';
import { AnchorEarnings } from '../../features/chat/anchor-earnings';
import { useTranslation } from '../../i18n/translations';

/** /anchorCenter/revenueDetails: diamonds earned from gifts over 7, 14 or 30 days. */
export default function RevenueDetails() {
  const { t } = useTranslation('live');
  return (
    <Card title={t('center.tabs.revenue')} id="revenue-title">
      <AnchorEarnings />
    </Card>
  );
}
