import { useLocation } from 'react-router';
import { ORDER_STATUSES, ORDERS_PAGE_SIZE } from '../../../modules/mall/mall.contract';
import { EmptyState, LinkTabs, Pager, pageInQuery } from '../../components/ui';
import { OrderCard } from '../../features/mall/order-card';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/my-order';

/** /userInfo/myOrder: the user's mall orders and redemptions, each with its state and history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const { services, locale } = context;
  const params = new URL(request.url).searchParams;
  const status = ORDER_STATUSES.find((s) => s === params.get('status'));
  const pageIndex = Math.min(1000, Math.max(1, Number(params.get('page')) || 1));
  const orders = await services.mall.orders.mine(uid, { status, pageIndex, pageSize: ORDERS_PAGE_SIZE });
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: pageTitle(context, services.i18n.t(locale, 'mall:orders.title')),
    orders,
    status: status ?? null,
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Orders {...loaderData} />
    </RouteTranslations>
  );
}

function Orders({ orders, status }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('mall');
  const { search } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('orders.title')} description={t('orders.description')} />
      <LinkTabs
        label={t('orders.filter')}
        size="small"
        items={[null, ...ORDER_STATUSES].map((s) => ({
          key: s ?? 'all',
          label: s ? t(`status.${s}`) : t('category.all'),
          to: s ? `?status=${s}` : '?',
          active: s === status,
        }))}
      />
      {orders.list.length === 0 ? (
        <EmptyState title={t('orders.empty')} action={<a href="/mall">{t('title')}</a>} />
      ) : (
        orders.list.map((order) => <OrderCard key={order.orderNo} order={order} />)
      )}
      <Pager
        page={orders.pageIndex}
        pages={Math.max(1, Math.ceil(orders.total / orders.pageSize))}
        hrefOf={pageInQuery(search)}
      />
    </div>
  );
}
