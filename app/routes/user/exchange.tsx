import { Link } from 'react-router';
import { buttonClass, Card, DateTime, EmptyState } from '../../components/ui';
import { Coins, OrderStatusBadge } from '../../features/mall/parts';
import { PrizeName } from '../../features/mall/prize';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { walletFacts } from '../../features/wallet/facts.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/exchange';

/** /userInfo/exchange: the coins to spend, the latest exchanges and the blind box openings to verify. */
export async function loader({ context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const { services, locale } = context;
  const [facts, orders, openings] = await Promise.all([
    walletFacts(context, uid),
    services.mall.orders.mine(uid, { pageIndex: 1, pageSize: 5 }),
    services.mall.boxes.mine(uid, 10),
  ]);
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: pageTitle(context, services.i18n.t(locale, 'mall:exchange.title')),
    coins: facts.coins,
    orders: orders.list,
    openings,
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function Exchange({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <ExchangeCentre {...loaderData} />
    </RouteTranslations>
  );
}

function ExchangeCentre({ coins, orders, openings }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('mall');
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('exchange.title')} description={t('exchange.description')} />
      <Card>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-zinc-500">{t('exchange.balance')}</span>
          <strong className="text-2xl" data-testid="coins">
            <Coins value={coins} />
          </strong>
          <span className="ms-auto flex gap-2">
            <Link to="/mall" className={buttonClass.primary}>
              {t('title')}
            </Link>
            <Link to="/mall/blindBox" className={buttonClass.secondary}>
              {t('box.title')}
            </Link>
          </span>
        </div>
      </Card>
      <Card
        title={t('exchange.latest')}
        id="latest"
        actions={
          <Link to="/userInfo/myOrder" className="text-sm text-brand-ink underline">
            {t('orders.title')}
          </Link>
        }
      >
        {orders.length === 0 ? (
          <EmptyState title={t('orders.empty')} />
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {orders.map((order) => (
              <li key={order.orderNo} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-medium">{order.goodsName || t('fromBox')}</span>
                <OrderStatusBadge status={order.status} />
                <span className="ms-auto text-zinc-500">
                  <DateTime value={order.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('box.mine')} id="openings">
        {openings.length === 0 ? (
          <EmptyState title={t('box.noOpenings')} />
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {openings.map((opening) => (
              <li key={opening.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-medium">
                  <PrizeName prize={opening.prize} />
                </span>
                <span className="text-zinc-500">{opening.boxName}</span>
                <Link
                  to={`/mall/blindBox/verify?openingId=${opening.id}`}
                  className="ms-auto text-brand-ink underline"
                >
                  {t('verify.action')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
