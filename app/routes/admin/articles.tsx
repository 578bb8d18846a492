import { Link } from 'react-router';
import type { ArticleSummary } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { DateTime } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { ReviewQueue, useApproveOrReject } from '../../features/admin/review-queue';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/articles';

/** /admin/articles: the articles waiting for review, each published or rejected with a reason. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const waiting = await context.services.content.articles.byStatus({
    status: 'review',
    pageIndex: 1,
    pageSize: 50,
  });
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    resources: context.services.i18n.resources(context.locale, ['content']),
    waiting,
    title: `${t('sections.articles.title')} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Queue articles={loaderData.waiting.list} />
    </RouteTranslations>
  );
}

function Queue({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation('content');
  const api = useApi();
  const approveOrReject = useApproveOrReject();
  return (
    <ReviewQueue
      title={t('review.title')}
      items={articles}
      empty={t('review.empty')}
      testId="article-queue"
      itemKey={(article) => article.id}
      subject={(article) => article.title}
      detail={(article) => (
        <>
          <Link to={`/news/${article.game}/${article.id}`} className="font-medium hover:text-brand-ink">
            {article.title}
          </Link>
          <p className="text-xs text-zinc-500">
            {t('review.by', { name: article.author.username })} · <DateTime value={article.createdAt} />
          </p>
        </>
      )}
      decisions={(article) =>
        approveOrReject((approve, reason) =>
          api.post('/admin/articles/review', {
            id: article.id,
            decision: approve ? 'publish' : 'reject',
            reason: reason || undefined,
          }),
        )
      }
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
