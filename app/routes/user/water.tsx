import { Form, Link, useSearchParams } from 'react-router';
import { MOVEMENT_TYPES, type MovementType } from '../../../modules/wallet/wallet.contract';
import { buttonClass, Card, EmptyState, inputClass } from '../../components/ui';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { walletFacts } from '../../features/wallet/facts.server';
import { WalletSummary } from '../../features/wallet/wallet-summary';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/water';

const PAGE_SIZE = 20;

/** /userInfo/water: coin and diamond details, newest first, by type, page by page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const params = new URL(request.url).searchParams;
  const currency = params.get('currency') === 'diamond' ? 'diamond' : 'coin';
  const type = MOVEMENT_TYPES.find((t) => t === params.get('type'));
  const pageIndex = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  const [facts, records] = await Promise.all([
    walletFacts(context, uid),
    context.services.wallet.page(uid, { currency, type, pageIndex, pageSize: PAGE_SIZE }),
  ]);
  return {
    title: pageTitle(context, context.services.i18n.t(context.locale, 'wallet:records.title')),
    facts,
    currency,
    type: type ?? '',
    records,
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserWater({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const [params] = useSearchParams();
  const { facts, currency, type, records } = loaderData;
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next}`;
  };
  const pages = Math.max(1, Math.ceil(records.total / records.pageSize));
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('records.title')} />
      <WalletSummary key={JSON.stringify(facts)} facts={facts} />
      <Card>
        <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('records.currency')}</span>
            <select name="currency" defaultValue={currency} className={inputClass}>
              <option value="coin">{t('recharge.coins')}</option>
              <option value="diamond">{t('recharge.diamonds')}</option>
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('records.type')}</span>
            <select name="type" defaultValue={type} className={inputClass}>
              <option value="">{t('records.allTypes')}</option>
              {MOVEMENT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`records.types.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {t('records.filter')}
          </button>
        </Form>
        {records.list.length === 0 ? (
          <EmptyState title={t('records.empty')} />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {records.list.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{t(`records.types.${row.type as MovementType}`)}</p>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">{money.date(row.createdAt)}</p>
                </div>
                <div className="text-end">
                  <p
                    dir="ltr"
                    className={`font-semibold tabular-nums ${row.amount > 0 ? 'text-green-700 dark:text-green-400' : 'text-red-600'}`}
                  >
                    {row.amount > 0 ? '+' : ''}
                    {money.count(row.amount)}
                  </p>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {t('records.balanceAfter', { amount: money.count(row.balanceAfter) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t('records.pages')} className="mt-3 flex items-center justify-between text-sm">
            {records.pageIndex > 1 ? (
              <Link to={pageLink(records.pageIndex - 1)} className={buttonClass.secondary}>
                {t('records.previous')}
              </Link>
            ) : (
              <span />
            )}
            <span>{t('records.page', { page: records.pageIndex, pages })}</span>
            {records.pageIndex < pages ? (
              <Link to={pageLink(records.pageIndex + 1)} className={buttonClass.secondary}>
                {t('records.next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </Card>
    </div>
  );
}
