import { useMemo } from 'react';
import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import { REVENUE_RANGES } from '../../../modules/experts/experts.contract';
import { requirePageRole } from '../../../platform/roles';
import { SeriesChart } from '../../components/series-chart';
import { Card, LinkTabs, mutedClass } from '../../components/ui';
import { expertsText, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/board';

/** /creatorCenter: the data board, sales and revenue over the last 7, 14 or 30 days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, ...CREATOR_ROLES);
  const asked = Number(new URL(request.url).searchParams.get('days'));
  const days = REVENUE_RANGES.find((range) => range === asked) ?? REVENUE_RANGES[0];
  return {
    title: pageTitle(context, expertsText(context, 'creator.nav.board')),
    summary: await expertQueries(context).revenueSummary(days),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function DataBoard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const money = useMoney();
  const { summary } = loaderData;
  const labels = useMemo(() => summary.series.map((point) => point.day.slice(5)), [summary]);
  const revenue = useMemo(
    () => [{ label: t('creator.board.revenue'), values: summary.series.map((point) => point.revenue) }],
    [summary, t],
  );
  const sales = useMemo(
    () => [{ label: t('creator.board.sales'), values: summary.series.map((point) => point.sales) }],
    [summary, t],
  );
  const tiles = [
    { key: 'sales', label: t('creator.board.sales'), value: money.count(summary.sales) },
    {
      key: 'revenue',
      label: t('creator.board.revenue'),
      value: t('plan.price', { amount: money.count(summary.revenue) }),
    },
    {
      key: 'held',
      label: t('mine.escrow.held'),
      value: t('plan.price', { amount: money.count(summary.held) }),
    },
    { key: 'plans', label: t('plan.status.published'), value: money.count(summary.plansPublished) },
  ];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{t('creator.nav.board')}</h1>
        <LinkTabs
          label={t('creator.board.chart', { count: summary.days })}
          size="small"
          items={REVENUE_RANGES.map((days) => ({
            key: String(days),
            label: t('creator.board.days', { count: days }),
            to: `?days=${days}`,
            active: summary.days === days,
          }))}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="board-tiles">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
            <dt className={mutedClass}>{tile.label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <Card title={t('creator.board.chart', { count: summary.days })} id="revenue-chart" className="min-w-0">
        <SeriesChart
          title={t('creator.board.chart', { count: summary.days })}
          labels={labels}
          series={revenue}
          bars
        />
      </Card>
      <Card title={t('creator.board.sales')} id="sales-chart" className="min-w-0">
        <SeriesChart title={t('creator.board.sales')} labels={labels} series={sales} height={160} />
      </Card>
    </>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
