import { Link, useSearchParams } from 'react-router';
import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, EmptyState, Pager, pageInQuery, ScrollBox } from '../../components/ui';
import { expertsText, pageParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/revenue';

/** /creatorCenter/revenue: every sale of the expert's plans and what it paid, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, ...CREATOR_ROLES);
  return {
    title: pageTitle(context, expertsText(context, 'creator.nav.revenue')),
    rows: await expertQueries(context).revenueRows(pageParam(request)),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function RevenueDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const money = useMoney();
  const [params] = useSearchParams();
  const { rows } = loaderData;
  return (
    <Card title={t('creator.nav.revenue')} id="revenue">
      {rows.list.length === 0 ? (
        <EmptyState title={t('messages:noData')} />
      ) : (
        <ScrollBox label={t('creator.nav.revenue')}>
          <table className="w-full min-w-[36rem] text-sm tabular-nums" data-testid="revenue-rows">
            <thead className="text-xs text-zinc-500">
              <tr>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('creator.revenue.date')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('creator.revenue.plan')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('compose.price')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('creator.revenue.amount')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('creator.revenue.kind')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.list.map((row) => (
                <tr key={`${row.planId}-${row.purchasedAt}-${row.buyer}`}>
                  <td className="whitespace-nowrap py-1.5">
                    <DateTime value={row.purchasedAt} />
                  </td>
                  <td className="max-w-60 truncate py-1.5">
                    <Link to={`/expert/plan/${row.planId}`} className="hover:text-brand-ink">
                      {row.title}
                    </Link>
                  </td>
                  <td className="py-1.5 text-end">{money.count(row.price)}</td>
                  <td className="py-1.5 text-end font-semibold">{money.count(row.income)}</td>
                  <td className="py-1.5 text-end">{t(`mine.escrow.${row.escrow}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <Pager
        page={rows.pageIndex}
        pages={Math.ceil(rows.total / rows.pageSize)}
        hrefOf={pageInQuery(params.toString())}
      />
    </Card>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
