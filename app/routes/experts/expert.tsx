import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SeriesChart } from '../../components/series-chart';
import { Card, Pager, pageInQuery } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { PlanRows } from '../../features/experts/lists';
import { idParam, pageParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { MonthlyTable } from '../../features/experts/monthly';
import { expertQueries } from '../../features/experts/queries.server';
import { StatsPanel } from '../../features/experts/stats';
import { FollowButton } from '../../features/users/follow-button';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/expert';

/** /expert/{id}: an expert's record over every window, return graph, monthly returns and plans. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const expertId = idParam(params.id);
  const queries = expertQueries(context);
  const [profile, graph, monthly, plans] = await Promise.all([
    queries.profile(expertId),
    queries.graph(expertId),
    queries.monthly(expertId),
    queries.plans({ expertId }, pageParam(request)),
  ]);
  return {
    title: pageTitle(context, profile.expert.displayName),
    description: profile.introduction,
    profile,
    graph,
    monthly,
    plans,
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function ExpertPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { profile, graph, monthly, plans } = loaderData;
  const [params] = useSearchParams();
  const [follow, setFollow] = useState({ followed: profile.followed, followers: profile.followers });
  const series = useMemo(
    () => [{ label: t('expert.return'), values: graph.map((point) => point.cumulative) }],
    [graph, t],
  );
  // One point per settled plan, numbered from the first.
  const labels = useMemo(() => graph.map((_, index) => String(index + 1)), [graph]);
  return (
    <>
      <Card>
        <div className="flex flex-wrap items-center gap-4">
          <UserAvatar src={profile.expert.avatar} name={profile.expert.displayName} size={64} />
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold sm:text-2xl">{profile.expert.displayName}</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{profile.introduction}</p>
            <p className="mt-1 text-xs text-zinc-500 tabular-nums">
              {t('user:focus.fans', { count: follow.followers })}
            </p>
          </div>
          <FollowButton userId={profile.expert.uid} followed={follow.followed} onChange={setFollow} />
        </div>
      </Card>
      <Card title={t('expert.record')} id="stats">
        <StatsPanel stats={profile.stats} />
        <Link
          to={`/expert/${profile.expert.uid}/verify`}
          className="mt-3 inline-block text-sm text-brand-ink hover:underline"
        >
          {t('expert.verify')}
        </Link>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('expert.graph')} id="graph" className="min-w-0">
          {graph.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('stats.none')}</p>
          ) : (
            <SeriesChart title={t('expert.graph')} labels={labels} series={series} />
          )}
        </Card>
        <Card title={t('expert.monthly')} id="monthly" className="min-w-0">
          {monthly.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('stats.none')}</p>
          ) : (
            <MonthlyTable rows={monthly} />
          )}
        </Card>
      </div>
      <Card title={t('expert.plans')} id="plans">
        <PlanRows plans={plans.list} showExpert={false} />
        <Pager
          page={plans.pageIndex}
          pages={Math.ceil(plans.total / plans.pageSize)}
          hrefOf={pageInQuery(params.toString())}
        />
      </Card>
    </>
  );
}
