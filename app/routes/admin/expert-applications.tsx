import { useTranslation } from 'react-i18next';
import type { ExpertApplicationRow } from '../../../modules/experts/experts.contract';
import { EXPERT_PATHS } from '../../../modules/experts/experts.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, mutedClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { expertsResources } from '../../features/experts/loaders.server';
import { expertQueries } from '../../features/experts/queries.server';
import { ReviewButtons } from '../../features/experts/review-buttons';
import { RouteTranslations } from '../../i18n/route-translations';
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
  return (
    <Card dense title={t('admin.applications')}>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="application-queue">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 py-3">
              <p className="font-medium">
                {row.displayName} <span className={mutedClass}>({row.username})</span>
              </p>
              <p className="whitespace-pre-line text-sm">{row.introduction}</p>
              {row.credentials && (
                <p className="whitespace-pre-line text-sm text-zinc-600">{row.credentials}</p>
              )}
              <p className={mutedClass}>
                {row.gameIds.map((id) => games[id] ?? id).join(', ')}
                {row.submittedAt && (
                  <>
                    {' · '}
                    <DateTime value={row.submittedAt} />
                  </>
                )}
              </p>
              <ReviewButtons path={EXPERT_PATHS.adminReviewApplication} body={{ id: row.id }} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
