import { useEffect, useState } from 'react';
import { PACKAGE_MONTHS, TIERS, type Tier } from '../../../modules/wallet/wallet.contract';
import { buttonClass, Dialog, Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useMoney } from '../../lib/use-money';
import { Choices } from './choices';

interface Quote {
  coins: number;
  upgradeCoins: number;
  expiresAt: string | null;
}

export interface Bought {
  vipExpiresAt: string | null;
  svipExpiresAt: string | null;
}

/**
 * The VIP purchase dialog: a tier and a package (or, for SVIP, only the upgrade of the VIP time
 * left), the price the server quotes with any upgrade difference, and payment with coins.
 */
export function VipDialog({
  open,
  onClose,
  onBought,
}: {
  open: boolean;
  onClose: () => void;
  onBought: (result: Bought) => void;
}) {
  const { t } = useTranslation('wallet');
  const api = useApi();
  const money = useMoney();
  const [tier, setTier] = useState<Tier>('vip');
  const [months, setMonths] = useState<number>(1);
  const [quote, setQuote] = useState<Quote | null>(null);
  // While the price is asked for, the dialog does not say there is nothing to buy.
  const [quoting, setQuoting] = useState(false);
  const [requestId, setRequestId] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRequestId(crypto.randomUUID());
    setQuote(null);
    setQuoting(true);
    // A quote for a choice changed since is dropped: answers can come back out of order.
    let current = true;
    api
      .get<Quote>('/orderpay/getVipAmount', { query: { tier, months }, quiet: true })
      .then((answer) => current && setQuote(answer))
      .catch(() => current && setQuote(null))
      .finally(() => current && setQuoting(false));
    return () => {
      current = false;
    };
  }, [open, tier, months, api]);

  async function buy() {
    setBusy(true);
    try {
      onBought(await api.post<Bought>('/orderpay/buyVip', { tier, months, requestId }));
      onClose();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('vip.buy')}>
      <div className="flex flex-col gap-4">
        <Choices
          legend={t('vip.title')}
          name="tier"
          value={tier}
          options={TIERS}
          onChange={(choice) => {
            setTier(choice);
            setMonths(1);
          }}
          render={(choice) => <span className="font-semibold">{t(`vip.tier.${choice}`)}</span>}
        />
        <Choices
          legend={t('vip.package')}
          name="months"
          value={months}
          options={tier === 'svip' ? [0, ...PACKAGE_MONTHS] : PACKAGE_MONTHS}
          onChange={setMonths}
          columns="grid-cols-2 sm:grid-cols-3"
          render={(choice) => t(`vip.months${choice as 0 | 1 | 3 | 6 | 12}`)}
        />
        <div aria-live="polite" className="min-h-12 text-sm">
          {quoting ? (
            <Skeleton className="h-7 w-32" />
          ) : quote ? (
            <>
              <p className="text-lg font-semibold">{t('vip.price', { coins: money.count(quote.coins) })}</p>
              {quote.upgradeCoins > 0 && (
                <p className="text-zinc-600 dark:text-zinc-400">
                  {t('vip.upgradeNote', { coins: money.count(quote.upgradeCoins) })}
                </p>
              )}
              {quote.expiresAt && (
                <p className="text-zinc-600 dark:text-zinc-400">
                  {t('vip.newExpiry', { date: money.date(quote.expiresAt) })}
                </p>
              )}
            </>
          ) : (
            <p className="text-zinc-500">{t('vip.nothingToBuy')}</p>
          )}
        </div>
        <button type="button" className={buttonClass.primary} disabled={busy || !quote} onClick={buy}>
          {t('vip.payWithCoins')}
        </button>
      </div>
    </Dialog>
  );
}
