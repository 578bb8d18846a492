import { type AdminOrderView, ORDER_STATUSES, type OrderStatus } from '../../../modules/mall/mall.contract';
import { requirePageRole } from '../../../platform/roles';
import { DateTime } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { type Decision, ReviewQueue } from '../../features/admin/review-queue';
import { Coins, OrderStatusBadge } from '../../features/mall/parts';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
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
  const api = useApi();

  /** The moves of an order in its state; the reason is the staff remark the owner sees. */
  const decisions = (order: AdminOrderView): Decision[] => {
    const move = (to: OrderStatus) => (remark: string, delivery: string) =>
      api.post('/admin/mall/orders/transition', {
        orderNo: order.orderNo,
        to,
        remark: remark || undefined,
        ...(to === 'redeemed' && { [deliveryField(order)]: delivery }),
      });
    const decision = (key: string, to: OrderStatus, tone: Decision['tone'], extra?: Partial<Decision>) => ({
      key,
      label: t(`admin.${key}`),
      tone,
      reasonRequired: tone === 'danger',
      send: move(to),
      ...extra,
    });
    if (order.status === 'review')
      return [decision('approve', 'exchanging', 'primary'), decision('cancel', 'cancelled', 'danger')];
    if (order.status === 'exchanging') {
      const field = deliveryField(order);
      const label = t(field === 'trackingNumber' ? 'tracking' : 'cardNumber');
      return [
        decision(field === 'trackingNumber' ? 'ship' : 'deliver', 'redeemed', 'primary', {
          input: { label, name: field, maxLength: field === 'trackingNumber' ? 60 : 120 },
        }),
        decision('chargeBack', 'charged_back', 'danger'),
      ];
    }
    if (order.status === 'redeemed' && order.category === 'physical')
      return [decision('returned', 'charged_back', 'danger')];
    return [];
  };

  return (
    <ReviewQueue
      title={t('admin.orders')}
      filters={ORDER_STATUSES.map((s) => ({
        key: s,
        label: t(`status.${s}`),
        to: `?status=${s}`,
        active: s === status,
      }))}
      items={orders}
      empty={t('orders.empty')}
      testId="mall-order-queue"
      itemKey={(order) => order.orderNo}
      subject={(order) => `${order.goodsName} ×${order.quantity} (${order.orderNo})`}
      detail={(order) => <OrderDetail order={order} />}
      decisions={decisions}
    />
  );
}

/** A physical item ships with a tracking number; a virtual one is delivered as a card number. */
const deliveryField = (order: AdminOrderView) =>
  order.category === 'physical' ? ('trackingNumber' as const) : ('cardNumber' as const);

function OrderDetail({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('mall');
  return (
    <div className="flex flex-col gap-1 text-sm">
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
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
