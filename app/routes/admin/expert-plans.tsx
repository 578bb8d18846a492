import { Link } from 'react-router';
import { type AdminPlanRow, EXPERT_PATHS } from '../../../modules/experts/experts.contract';
import { requirePageRole } from '../../../platform/roles';
import { mutedClass, richTextClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { ReviewQueue, useApproveOrReject } from '../../features/admin/review-queue';
import { PlanMatchLine, PriceTag } from '../../features/experts/lists';
import { expertsResources } from '../../features/experts/loaders.server';
import { PredictionText } from '../../features/experts/prediction';
import { expertQueries } from '../../features/experts/queries.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/expert-plans';

/** /admin/expertPlans: plans waiting for review, with their prediction and content; approve or reject with a reason. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    resources: expertsResources(context),
    waiting: await expertQueries(context).planQueue(),
    title: `${t('sections.expertPlans.title')} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminExpertPlans({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Queue plans={loaderData.waiting.list} />
    </RouteTranslations>
  );
}

function Queue({ plans }: { plans: AdminPlanRow[] }) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const approveOrReject = useApproveOrReject();
  return (
    <ReviewQueue
      title={t('admin.plans')}
      items={plans}
      empty={t('admin.empty')}
      testId="plan-queue"
      itemKey={(plan) => plan.id}
      subject={(plan) => plan.title}
      detail={(plan) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <PriceTag price={plan.price} />
            <Link to={`/expert/plan/${plan.id}`} className="font-medium hover:text-brand-ink">
              {plan.title}
            </Link>
          </div>
          <PlanMatchLine plan={plan} />
          <p className={mutedClass}>{t('admin.by', { name: plan.expert.displayName })}</p>
          <PredictionText playLevel={plan.playLevel} prediction={plan.prediction} match={plan.match} />
          {plan.summary && <p className="text-sm">{plan.summary}</p>}
          <div
            className={`max-h-48 overflow-y-auto text-sm ${richTextClass}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
            dangerouslySetInnerHTML={{ __html: plan.content }}
          />
        </>
      )}
      decisions={(plan) =>
        approveOrReject((approve, reason) =>
          api.post(EXPERT_PATHS.adminReviewPlan, { planId: plan.id, approve, reason }),
        )
      }
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
