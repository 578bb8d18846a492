import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import {
  EXPERT_PATHS,
  type OwnPlan,
  ownPlansQuery,
  PLAN_STATES,
} from '../../../modules/experts/experts.contract';
import { requirePageRole } from '../../../platform/roles';
import {
  buttonClass,
  Card,
  Dialog,
  EmptyState,
  LinkTabs,
  mutedClass,
  Pager,
  pageInQuery,
  smallButtonClass,
} from '../../components/ui';
import { PlanMatchLine, PriceTag, SettlementTag, StateTag } from '../../features/experts/lists';
import { expertsText, pageParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/plans';

/** /creatorCenter/progManage: the expert's plans by state; edit, remove from shelves, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, ...CREATOR_ROLES);
  const parsed = ownPlansQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const state = parsed.success ? parsed.data.state : undefined;
  return {
    title: pageTitle(context, expertsText(context, 'creator.nav.plans')),
    state: state ?? null,
    plans: await expertQueries(context).ownPlans(state, pageParam(request)),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function PlanManagement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { state, plans } = loaderData;
  const [params] = useSearchParams();
  const stateLink = (next: string | null) => (next ? `?state=${next}` : '?');
  return (
    <Card
      title={t('creator.nav.plans')}
      id="plans"
      actions={
        <Link to="/creatorCenter/progComponent" className={smallButtonClass.primary}>
          {t('creator.manage.add')}
        </Link>
      }
    >
      <div className="mb-2">
        <LinkTabs
          label={t('creator.nav.plans')}
          size="small"
          items={[
            { key: 'all', label: t('creator.manage.all'), to: stateLink(null), active: state === null },
            ...PLAN_STATES.filter((one) => one !== 'deleted').map((one) => ({
              key: one,
              label: t(`plan.status.${one}`),
              to: stateLink(one),
              active: state === one,
            })),
          ]}
        />
      </div>
      {plans.list.length === 0 ? (
        <EmptyState
          title={t('creator.manage.empty')}
          action={
            <Link to="/creatorCenter/progComponent" className={buttonClass.primary}>
              {t('creator.manage.add')}
            </Link>
          }
        />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="own-plans">
          {plans.list.map((plan) => (
            <OwnPlanRow key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
      <Pager
        page={plans.pageIndex}
        pages={Math.ceil(plans.total / plans.pageSize)}
        hrefOf={pageInQuery(params.toString())}
      />
    </Card>
  );
}

function OwnPlanRow({ plan }: { plan: OwnPlan }) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const act = useMutation({
    mutationFn: (path: string) => api.post(path, { planId: plan.id }),
    onSuccess: () => {
      setConfirming(false);
      revalidator.revalidate();
    },
  });
  // A plan with buyers keeps what they bought: only one without buyers can be revised.
  const editable = plan.state !== 'deleted' && plan.sales === 0;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <StateTag state={plan.state} />
          {plan.settlement !== 'pending' && <SettlementTag settlement={plan.settlement} />}
          <PriceTag price={plan.price} />
        </div>
        <Link to={`/expert/plan/${plan.id}`} className="mt-1 block font-medium hover:text-brand-ink">
          {plan.title}
        </Link>
        <PlanMatchLine plan={plan} />
        <p className={mutedClass}>{t('plan.sales', { amount: plan.sales })}</p>
        {plan.state === 'rejected' && plan.rejectReason && (
          <p className="text-sm text-red-600 dark:text-red-400">
            {t('creator.manage.reason', { reason: plan.rejectReason })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {editable && (
          <Link to={`/creatorCenter/progComponent?id=${plan.id}`} className={smallButtonClass.secondary}>
            {t('creator.manage.edit')}
          </Link>
        )}
        {plan.state === 'published' && (
          <button
            type="button"
            className={smallButtonClass.secondary}
            disabled={act.isPending}
            onClick={() => act.mutate(EXPERT_PATHS.removePlan)}
          >
            {t('creator.manage.remove')}
          </button>
        )}
        {plan.deletable && (
          <button type="button" className={smallButtonClass.danger} onClick={() => setConfirming(true)}>
            {t('creator.manage.delete')}
          </button>
        )}
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('creator.manage.delete')}>
        <p>{t('creator.manage.confirmDelete')}</p>
        <p className="mt-1 font-medium">{plan.title}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)}>
            {t('buy.cancel')}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} bg-red-600`}
            disabled={act.isPending}
            onClick={() => act.mutate(EXPERT_PATHS.deletePlan)}
          >
            {t('creator.manage.delete')}
          </button>
        </div>
      </Dialog>
    </li>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
