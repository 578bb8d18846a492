import type { ExpertApplicationRow } from '../../../modules/experts/experts.contract';
import { EXPERT_PATHS } from '../../../modules/experts/experts.contract';
import { requirePageRole } from '../../../platform/roles';
import { DateTime, mutedClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { ReviewQueue, useApproveOrReject } from '../../features/admin/review-queue';
import { expertsResources } from '../../features/experts/loaders.server';
import { expertQueries } from '../../features/experts/queries.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/expert-applications';

/** /admin/expertApplications: expert applications waiting for review, each approved or rejected with a reason. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    resources: expertsResources(context),
    waiting: await expertQueries(context).applicationQueue(),
    games: Object.fromEntries(
      context.services.catalog.list(context.locale).map((game) => [game.gameId, game.name]),
    ),
    title: `${t('sections.expertApplications.title')} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminExpertApplications({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Queue rows={loaderData.waiting.list} games={loaderData.games} />
    </RouteTranslations>
  );
}

function Queue({ rows, games }: { rows: ExpertApplicationRow[]; games: Record<number, string> }) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const approveOrReject = useApproveOrReject();
  return (
    <ReviewQueue
      title={t('admin.applications')}
      items={rows}
      empty={t('admin.empty')}
      testId="application-queue"
      itemKey={(row) => row.id}
      subject={(row) => row.displayName ?? row.username}
      detail={(row) => (
        <>
          <p className="font-medium">
            {row.displayName} <span className={mutedClass}>({row.username})</span>
          </p>
          <p className="whitespace-pre-line text-sm">{row.introduction}</p>
          {row.credentials && <p className="whitespace-pre-line text-sm text-zinc-600">{row.credentials}</p>}
          <p className={mutedClass}>
            {row.gameIds.map((id) => games[id] ?? id).join(', ')}
            {row.submittedAt && (
              <>
                {' · '}
                <DateTime value={row.submittedAt} />
              </>
            )}
          </p>
        </>
      )}
      decisions={(row) =>
        approveOrReject((approve, reason) =>
          api.post(EXPERT_PATHS.adminReviewApplication, { id: row.id, approve, reason }),
        )
      }
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
