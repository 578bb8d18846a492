import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui';
import { ExpertRows, PlanRows, RankingRows } from '../../features/experts/lists';
import { expertsText, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { ExpertsTabs } from '../../features/experts/section-nav';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/home';

/** /expert: recommended experts, hot plans, and the daily and weekly rankings. */
export async function loader({ context }: Route.LoaderArgs) {
  const home = await expertQueries(context).home();
  return { title: pageTitle(context, expertsText(context, 'title')), home };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function ExpertHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { home } = loaderData;
  const [period, setPeriod] = useState<'daily' | 'weekly'>('daily');
  const more = (to: string) => (
    <Link to={to} className="text-sm text-brand-ink hover:underline">
      {t('home.allExperts')}
    </Link>
  );
  return (
    <>
      <h1 className="sr-only">{t('title')}</h1>
      <ExpertsTabs />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('home.recommended')} id="recommended" actions={more('/expert/allExperts')}>
            <ExpertRows cards={home.recommended} />
          </Card>
          <Card title={t('home.hotPlans')} id="hot-plans">
            <PlanRows plans={home.hotPlans} />
          </Card>
        </div>
        <Card
          title={t(`home.${period}`)}
          id="ranking"
          className="self-start"
          actions={
            <div className="flex gap-1">
              {(['daily', 'weekly'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={period === key}
                  onClick={() => setPeriod(key)}
                  className="rounded-full border border-zinc-200 px-3 py-1 text-xs font-medium aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white dark:border-zinc-700"
                >
                  {t(`home.${key}`)}
                </button>
              ))}
            </div>
          }
        >
          <RankingRows rows={home[period]} />
        </Card>
      </div>
    </>
  );
}
