import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type AdminOrderView, ORDER_STATUSES, type OrderStatus } from '../../../modules/mall/mall.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, inputClass, LinkTabs, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { Coins, OrderStatusBadge } from '../../features/mall/parts';
import { RouteTranslations } from '../../i18n/route-translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/mall-orders';

/** /admin/mall/orders: the review queue and fulfilment: approve, ship or deliver, cancel, charge back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const status =
    ORDER_STATUSES.find((s) => s === new URL(request.url).searchParams.get('status')) ?? 'review';
  const orders = await services.mall.orders.queue({ status, pageIndex: 1, pageSize: 50 });
  const t = services.i18n.fixed(locale, 'admin');
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: `${t('sections.mallOrders.title')} – ${t('title')}`,
    status,
    orders: orders.list,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminMallOrders({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Queue status={loaderData.status} orders={loaderData.orders} />
    </RouteTranslations>
  );
}

function Queue({ status, orders }: { status: OrderStatus; orders: AdminOrderView[] }) {
  const { t } = useTranslation('mall');
  return (
    <Card dense title={t('admin.orders')}>
      <LinkTabs
        label={t('orders.filter')}
        size="small"
        items={ORDER_STATUSES.map((s) => ({
          key: s,
          label: t(`status.${s}`),
          to: `?status=${s}`,
          active: s === status,
        }))}
      />
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-500">{t('orders.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-100 dark:divide-zinc-800">
          {orders.map((order) => (
            <QueueItem key={order.orderNo} order={order} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function QueueItem({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const [delivery, setDelivery] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const field = order.category === 'physical' ? 'trackingNumber' : 'cardNumber';

  async function move(to: OrderStatus) {
    setBusy(true);
    try {
      await api.post('/admin/mall/orders/transition', {
        orderNo: order.orderNo,
        to,
        remark: remark || undefined,
        ...(to === 'redeemed' ? { [field]: delivery } : {}),
      });
      revalidator.revalidate();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  const button = (
    to: OrderStatus,
    label: string,
    kind: keyof typeof smallButtonClass = 'secondary',
    disabled = false,
  ) => (
    <button
      type="button"
      className={smallButtonClass[kind]}
      disabled={busy || disabled}
      onClick={() => move(to)}
    >
      {label}
    </button>
  );
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-order={order.orderNo}>
      <div className="flex flex-wrap items-center gap-2">
        <strong>{order.goodsName}</strong> ×{order.quantity}
        <OrderStatusBadge status={order.status} />
        <span className="text-zinc-500">
          {order.username} (#{order.userId}) · <Coins value={order.coins} /> ·{' '}
          <DateTime value={order.createdAt} />
        </span>
      </div>
      <p className="text-xs text-zinc-500">
        {order.orderNo} · {t(`category.${order.category}`, { defaultValue: order.category })}
        {order.recipient && ` · ${order.recipient}, ${order.contact}, ${order.address}`}
        {order.remark && ` · ${t('yourRemark', { text: order.remark })}`}
        {order.trackingNumber && ` · ${t('tracking')}: ${order.trackingNumber}`}
        {order.cardNumber && ` · ${t('cardNumber')}: ${order.cardNumber}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {order.status === 'exchanging' && (
          <input
            aria-label={t(field === 'trackingNumber' ? 'tracking' : 'cardNumber')}
            placeholder={t(field === 'trackingNumber' ? 'tracking' : 'cardNumber')}
            name={field}
            value={delivery}
            onChange={(event) => setDelivery(event.target.value)}
            className={`${inputClass} !w-56 !py-1.5 text-sm`}
          />
        )}
        {order.status !== 'cancelled' && order.status !== 'charged_back' && (
          <input
            aria-label={t('admin.remark')}
            placeholder={t('admin.remark')}
            value={remark}
            maxLength={300}
            onChange={(event) => setRemark(event.target.value)}
            className={`${inputClass} !w-56 !py-1.5 text-sm`}
          />
        )}
        {order.status === 'review' && (
          <>
            {button('exchanging', t('admin.approve'), 'primary')}
            {button('cancelled', t('admin.cancel'), 'danger')}
          </>
        )}
        {order.status === 'exchanging' && (
          <>
            {button(
              'redeemed',
              t(field === 'trackingNumber' ? 'admin.ship' : 'admin.deliver'),
              'primary',
              !delivery.trim(),
            )}
            {button('charged_back', t('admin.chargeBack'), 'danger')}
          </>
        )}
        {order.status === 'redeemed' &&
          order.category === 'physical' &&
          button('charged_back', t('admin.returned'), 'danger')}
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
