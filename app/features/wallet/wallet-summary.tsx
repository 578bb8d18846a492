import { type ReactNode, useState } from 'react';
import { buttonClass, Card } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import { WalletBadges } from './badges';
import { RechargeDialog } from './recharge-dialog';
import { usePayWs } from './use-pay-ws';

export interface WalletFacts {
  vipExpiresAt: string | null;
  svipExpiresAt: string | null;
  coins: number;
  diamonds: number;
  level: number;
  diamondsPerRmb: number;
}

/**
 * Balances, level and membership at the top of the wallet pages, with the recharge dialog. A
 * payment result pushed over payWs updates them without a reload.
 */
export function WalletSummary({ facts, children }: { facts: WalletFacts; children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const [state, setState] = useState(facts);
  const [recharging, setRecharging] = useState(false);
  const [lastPush, setLastPush] = useState<{ orderNo: string; outcome: 'paid' | 'declined' }>();
  usePayWs((push) => {
    setState((current) => ({ ...current, coins: push.coins, diamonds: push.diamonds, level: push.level }));
    setLastPush({ orderNo: push.orderNo, outcome: push.outcome });
  });
  const shown = { ...state, vipExpiresAt: facts.vipExpiresAt, svipExpiresAt: facts.svipExpiresAt };
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <dl className="flex gap-6">
          <div>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('recharge.coins')}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="coin-balance">
              {money.count(shown.coins)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('recharge.diamonds')}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="diamond-balance">
              {money.count(shown.diamonds)}
            </dd>
          </div>
        </dl>
        <WalletBadges level={shown.level} membership={shown} />
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass.primary} onClick={() => setRecharging(true)}>
            {t('recharge.open')}
          </button>
          {children}
        </div>
      </div>
      <RechargeDialog
        open={recharging}
        onClose={() => setRecharging(false)}
        diamondsPerRmb={facts.diamondsPerRmb}
        lastPush={lastPush}
      />
    </Card>
  );
}
