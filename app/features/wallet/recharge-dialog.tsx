import { useEffect, useState } from 'react';
import { type Locale, localizePath } from '../../../lib/locales';
import {
  COINS_PER_RMB,
  fenToUsdCents,
  levelFor,
  PAY_METHODS,
  type PayMethod,
  type PaymentOrderView,
  type PaymentStart,
} from '../../../modules/wallet/wallet.contract';
import { buttonClass, Dialog } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { useMoney } from '../../lib/use-money';
import { Choices } from './choices';

/** A checkout of this site (the sandbox's) is a page like any other: in the visitor's language. */
function sameSiteInLanguage(start: PaymentStart, locale: Locale): PaymentStart {
  if (start.kind !== 'redirect' || !start.url.startsWith('/')) return start;
  return { ...start, url: localizePath(start.url, locale) };
}

const PAY_PATH: Record<PayMethod, string> = {
  alipay: '/orderpay/payByAlipay',
  card: '/orderpay/payByCard',
  usdt: '/orderpay/payByUsdt',
};
const POLL_MS = 4000;

type Step =
  | { name: 'choose' }
  | { name: 'waiting'; order: PaymentOrderView; start: PaymentStart }
  | { name: 'done'; outcome: 'paid' | 'declined' | 'expired' };

/**
 * The recharge dialog (spec point 2): coins or diamonds, an option, a method; then the provider's
 * page, QR code or transfer, a waiting state that ends when the result is pushed (or polled), and
 * the result.
 */
export function RechargeDialog({
  open,
  onClose,
  diamondsPerRmb,
  lastPush,
}: {
  open: boolean;
  onClose: () => void;
  diamondsPerRmb: number;
  /** The newest payment result pushed to the page. */
  lastPush?: { orderNo: string; outcome: 'paid' | 'declined' };
}) {
  const { t } = useTranslation('wallet');
  const api = useApi();
  const locale = useLocale();
  const money = useMoney();
  const [product, setProduct] = useState<'coins' | 'diamonds'>('coins');
  const [options, setOptions] = useState<number[]>([]);
  const [rmb, setRmb] = useState(0);
  const [method, setMethod] = useState<PayMethod>('alipay');
  const [methods, setMethods] = useState<PayMethod[]>([]);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setStep({ name: 'choose' });
    // The options an administrator set; the second is chosen first, as the most common.
    api
      .get<{ rmb: number }[]>('/orderpay/gold/list')
      .then((list) => {
        setOptions(list.map((option) => option.rmb));
        setRmb((list[1] ?? list[0])?.rmb ?? 0);
      })
      .catch(() => setOptions([]));
    api
      .get<{ method: PayMethod }[]>('/orderpay/getPayType')
      .then((list) => {
        setMethods(list.map((m) => m.method));
        if (list[0]) setMethod(list[0].method);
      })
      .catch(() => setMethods([]));
  }, [open, api]);

  // The pushed result ends the wait; polling covers a missed push.
  const waitingFor = step.name === 'waiting' ? step.order.orderNo : undefined;
  useEffect(() => {
    if (waitingFor && lastPush?.orderNo === waitingFor) setStep({ name: 'done', outcome: lastPush.outcome });
  }, [waitingFor, lastPush]);
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setInterval(async () => {
      const order = await api.get<PaymentOrderView>('/orderpay/order', { query: { orderNo: waitingFor } });
      if (order.status === 'paid' || order.status === 'expired')
        setStep({ name: 'done', outcome: order.status });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waitingFor, api]);

  async function pay() {
    setBusy(true);
    try {
      const started = await api.post<{ order: PaymentOrderView; start: PaymentStart }>(PAY_PATH[method], {
        product,
        rmb,
      });
      const start = sameSiteInLanguage(started.start, locale);
      if (start.kind === 'redirect') window.open(start.url, '_blank', 'noopener');
      setStep({ name: 'waiting', order: started.order, start });
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  const amountOf = (value: number) =>
    product === 'coins'
      ? t('recharge.coinsAmount', { amount: money.count(value * COINS_PER_RMB) })
      : t('recharge.diamondsAmount', { amount: money.count(value * diamondsPerRmb) });
  const priceOf = (value: number) =>
    method === 'alipay' ? money.cny(value * 100) : money.usd(fenToUsdCents(value * 100));

  return (
    <Dialog open={open} onClose={onClose} title={t('recharge.title')}>
      {step.name === 'choose' && (
        <div className="flex flex-col gap-4">
          <Choices
            legend={t('recharge.currency')}
            name="product"
            value={product}
            options={['coins', 'diamonds'] as const}
            onChange={setProduct}
            render={(choice) => <span className="font-medium">{t(`recharge.${choice}`)}</span>}
          />
          <Choices
            legend={t('recharge.options')}
            name="option"
            value={rmb}
            options={options}
            onChange={setRmb}
            columns="grid-cols-2 sm:grid-cols-3"
            render={(value) => (
              <>
                <span className="font-semibold">{amountOf(value)}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">{priceOf(value)}</span>
                <span className="text-xs text-brand-ink">
                  {t('level.badge', { level: levelFor(value * 100) })}
                </span>
              </>
            )}
          />
          <Choices
            legend={t('recharge.method')}
            name="method"
            value={method}
            options={PAY_METHODS.filter((m) => methods.includes(m))}
            onChange={setMethod}
            columns="grid-cols-3"
            render={(m) => <span className="font-medium">{t(`recharge.methods.${m}`)}</span>}
          />
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy || methods.length === 0 || rmb === 0}
            onClick={pay}
          >
            {t('recharge.pay', { price: priceOf(rmb) })}
          </button>
        </div>
      )}
      {step.name === 'waiting' && (
        <div className="flex flex-col gap-3" aria-live="polite">
          {step.start.kind === 'qr' && (
            <p className="break-all rounded-xl bg-zinc-100 p-3 text-sm dark:bg-zinc-800">
              {t('recharge.scanQr')} <span className="font-mono">{step.start.content}</span>
            </p>
          )}
          {step.start.kind === 'transfer' && (
            <p className="break-all rounded-xl bg-zinc-100 p-3 text-sm dark:bg-zinc-800">
              {t('recharge.transfer', { amount: step.start.amount, network: step.start.network })}{' '}
              <span className="font-mono">{step.start.address}</span>
            </p>
          )}
          <p className="flex items-center gap-2 text-sm">
            <span className="size-3 animate-pulse rounded-full bg-brand" aria-hidden />
            {t('recharge.waiting')}
          </p>
          {step.start.kind === 'redirect' && (
            <a href={step.start.url} target="_blank" rel="noopener" className={buttonClass.secondary}>
              {t('recharge.openCheckout')}
            </a>
          )}
        </div>
      )}
      {step.name === 'done' && (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p className={step.outcome === 'paid' ? 'text-green-700 dark:text-green-400' : 'text-red-600'}>
            {t(`recharge.${step.outcome}`)}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setStep({ name: 'choose' })}
            >
              {t('recharge.again')}
            </button>
            <button type="button" className={buttonClass.primary} onClick={onClose}>
              {t('recharge.close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
