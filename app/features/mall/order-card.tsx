import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { OrderView } from '../../../modules/mall/mall.contract';
import { cardClass, DateTime, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { Coins, OrderStatusBadge, useGrantText } from './parts';

/** One of the buyer's orders: what, how much, its state with the history, delivery and remarks. */
export function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const grantText = useGrantText();
  const [busy, setBusy] = useState(false);
  const name = order.category === 'coins' ? grantText('coins', order.grant) : order.goodsName;

  async function cancel() {
    setBusy(true);
    try {
      await api.post('/user/order/cancel', { orderNo: order.orderNo });
      revalidator.revalidate();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={`${cardClass} flex flex-col gap-2`} data-testid="order" data-order={order.orderNo}>
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{name}</h2>
        <span className="text-sm text-zinc-500">×{order.quantity}</span>
        <OrderStatusBadge status={order.status} />
        <span className="ms-auto text-sm font-medium">
          {order.source === 'blind_box' ? t('fromBox') : <Coins value={order.coins} />}
        </span>
      </header>
      <p className="text-xs text-zinc-500">
        {t('orderNo', { no: order.orderNo })} · <DateTime value={order.createdAt} />
      </p>
      {grantText(order.category, order.grant) && order.category !== 'coins' && (
        <p className="text-sm">{grantText(order.category, order.grant)}</p>
      )}
      {order.trackingNumber && (
        <p className="text-sm">
          {t('tracking')}:{' '}
          <strong className="font-mono" data-testid="tracking">
            {order.trackingNumber}
          </strong>
        </p>
      )}
      {order.cardNumber && (
        <p className="text-sm">
          {t('cardNumber')}: <strong className="select-all font-mono">{order.cardNumber}</strong>
        </p>
      )}
      {order.recipient && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {order.recipient} · {order.contact} · {order.address}
        </p>
      )}
      {order.remark && <p className="text-sm">{t('yourRemark', { text: order.remark })}</p>}
      {order.adminRemark && <p className="text-sm">{t('staffRemark', { text: order.adminRemark })}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t('history')}</summary>
        <ol className="mt-2 flex flex-col gap-1 border-s-2 border-zinc-200 ps-3 dark:border-zinc-700">
          {order.history.map((event) => (
            <li key={event.at + event.to}>
              <OrderStatusBadge status={event.to} /> <DateTime value={event.at} />
              {event.note && <span className="text-zinc-500"> · {event.note}</span>}
            </li>
          ))}
        </ol>
      </details>
      {order.status === 'review' && (
        <button
          type="button"
          className={`${smallButtonClass.secondary} self-start`}
          disabled={busy}
          onClick={cancel}
        >
          {t('cancelOrder')}
        </button>
      )}
    </article>
  );
}
