import { Link } from 'react-router';
import { Card, DateTime, mutedClass, richTextClass } from '../../components/ui';
import { BuyPlan } from '../../features/experts/buy-plan';
import { ExpertName, PlanMatchLine, PriceTag, SettlementTag, StateTag } from '../../features/experts/lists';
import { idParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { PredictionText } from '../../features/experts/prediction';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import { useSessionState } from '../../state/session-state';
import type { Route } from './+types/plan';

/**
 * /expert/plan/{id}: a plan's summary for everyone; its prediction and analysis for its buyers,
 * its expert and administrators; buying for the others; the commitment hash.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const plan = await expertQueries(context).plan(idParam(params.planId));
  return {
    title: pageTitle(context, plan.title),
    description: plan.summary || plan.title,
    plan,
    diamondsPerRmb: context.services.env.DIAMONDS_PER_RMB,
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function PlanPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { plan, diamondsPerRmb } = loaderData;
  const [, update] = useSessionState();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <article className="flex flex-col gap-4">
        <Card>
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <PriceTag price={plan.price} />
              {plan.refundOnMiss && (
                <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-900/40 dark:text-sky-200">
                  {t('plan.refund')}
                </span>
              )}
              {plan.state !== 'published' && <StateTag state={plan.state} />}
              <SettlementTag settlement={plan.settlement} />
            </div>
            <h1 className="text-xl font-bold sm:text-2xl">{plan.title}</h1>
            <PlanMatchLine plan={plan} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ExpertName expert={plan.expert} />
              <span className={mutedClass}>
                {t('plan.sales', { amount: plan.sales })}
                {plan.publishedAt && (
                  <>
                    {' · '}
                    <DateTime value={plan.publishedAt} />
                  </>
                )}
              </span>
            </div>
            {plan.rejectReason && (
              <p role="note" className="text-sm text-red-600 dark:text-red-400">
                {t('creator.manage.reason', { reason: plan.rejectReason })}
              </p>
            )}
          </div>
        </Card>
        {plan.summary && (
          <Card title={t('plan.summary')} id="summary">
            <p className="whitespace-pre-line" data-testid="plan-summary">
              {plan.summary}
            </p>
          </Card>
        )}
        <Card title={t('plan.content')} id="content">
          {plan.access === 'granted' ? (
            <div className="flex flex-col gap-4" data-testid="plan-content">
              {plan.prediction && (
                <PredictionText playLevel={plan.playLevel} prediction={plan.prediction} match={plan.match} />
              )}
              <div
                className={richTextClass}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
                dangerouslySetInnerHTML={{ __html: plan.content ?? '' }}
              />
              {plan.images.length > 0 && (
                <div className="grid grid-cols-3 gap-2">
                  {plan.images.map((src) => (
                    <img
                      key={src}
                      src={src}
                      alt=""
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                  ))}
                </div>
              )}
            </div>
          ) : (
            <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="plan-locked">
              <p className="text-zinc-700 dark:text-zinc-300">
                {plan.access === 'login' ? t('plan.loginView') : t('plan.locked')}
              </p>
              {plan.access === 'login' ? (
                <button
                  type="button"
                  className="inline-flex min-h-10 items-center rounded-full bg-brand px-5 text-sm font-medium text-white"
                  onClick={() => update({ showModel: true, modelState: 1 })}
                >
                  {t('common:nav.login')}
                </button>
              ) : (
                plan.purchasable && <BuyPlan plan={plan} diamondsPerRmb={diamondsPerRmb} />
              )}
            </div>
          )}
        </Card>
        {plan.commitment && (
          <Card title={t('plan.commitment')} id="commitment" dense>
            <p className="break-all font-mono text-xs" data-testid="commitment-hash">
              {plan.commitment.hash}
            </p>
            <p className={`${mutedClass} mt-1`}>
              {t('plan.committedAt')}: <DateTime value={plan.commitment.committedAt} />
            </p>
            <Link
              to={`/expert/${plan.expert.uid}/verify`}
              className="mt-2 inline-block text-sm text-brand-ink hover:underline"
            >
              {t('expert.verify')}
            </Link>
          </Card>
        )}
      </article>
    </div>
  );
}
