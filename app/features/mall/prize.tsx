import type { PrizeView } from '../../../modules/mall/mall.contract';
import { useTranslation } from '../../i18n/translations';

/** A prize in words: the goods' name, so many coins or so many VIP days. */
export function PrizeName({ prize }: { prize: PrizeView }) {
  const { t } = useTranslation('mall');
  if (prize.kind === 'goods') return <>{prize.name}</>;
  return (
    <>
      {prize.kind === 'coins'
        ? t('grant.coins', { count: prize.amount })
        : t('grant.vipDays', { count: prize.amount })}
    </>
  );
}
