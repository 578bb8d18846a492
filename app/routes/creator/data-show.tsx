import { Link } from 'react-router';
import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, EmptyState, ScrollBox } from '../../components/ui';
import { SettlementTag, StateTag } from '../../features/experts/lists';
import { expertsText, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { MonthlyTable } from '../../features/experts/monthly';
import { expertQueries } from '../../features/experts/queries.server';
import { StatsPanel } from '../../features/experts/stats';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/data-show';

/** /creatorCenter/dataShow: the expert's own record, month by month returns and each plan's sales. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageRole(context, ...CREATOR_ROLES);
  const queries = expertQueries(context);
  const [stats, monthly, plans] = await Promise.all([
    queries.ownStats(),
    queries.monthly(user.uid),
    queries.ownPlans(undefined, 1),
  ]);
  return {
    title: pageTitle(context, expertsText(context, 'creator.nav.dataShow')),
    stats,
    monthly,
    plans: plans.list,
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function DataShow({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const money = useMoney();
  const { stats, monthly, plans } = loaderData;
  return (
    <>
      <h1 className="text-xl font-bold sm:text-2xl">{t('creator.nav.dataShow')}</h1>
      <Card title={t('expert.record')} id="record">
        <StatsPanel stats={stats} />
      </Card>
      <Card title={t('expert.monthly')} id="monthly">
        {monthly.length === 0 ? <EmptyState title={t('stats.none')} /> : <MonthlyTable rows={monthly} />}
      </Card>
      <Card title={t('creator.nav.plans')} id="plan-sales">
        {plans.length === 0 ? (
          <EmptyState title={t('creator.manage.empty')} />
        ) : (
          <ScrollBox label={t('creator.nav.plans')}>
            <table className="w-full min-w-[36rem] text-sm tabular-nums">
              <thead className="text-xs text-zinc-500">
                <tr>
                  <th scope="col" className="py-1 text-start font-medium">
                    {t('creator.revenue.plan')}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {t('creator.board.sales')}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {t('creator.board.revenue')}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {t('plan.summary')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {plans.map((plan) => (
                  <tr key={plan.id}>
                    <td className="max-w-64 truncate py-1.5">
                      <Link to={`/expert/plan/${plan.id}`} className="hover:text-brand-ink">
                        {plan.title}
                      </Link>
                    </td>
                    <td className="py-1.5 text-end">{money.count(plan.sales)}</td>
                    <td className="py-1.5 text-end">{money.count(plan.revenue)}</td>
                    <td className="py-1.5 text-end">
                      {plan.state === 'published' ? (
                        <SettlementTag settlement={plan.settlement} />
                      ) : (
                        <StateTag state={plan.state} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Card>
    </>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
