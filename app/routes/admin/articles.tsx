import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { ArticleSummary } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { RouteTranslations } from '../../i18n/route-translations';
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
      <ReviewQueue articles={loaderData.waiting.list} />
    </RouteTranslations>
  );
}

function ReviewQueue({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation('content');
  return (
    <Card dense title={t('review.title')}>
      {articles.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('review.empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {articles.map((article) => (
            <ReviewItem key={article.id} article={article} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ReviewItem({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation('content');
  const api = useApi();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (decision: 'publish' | 'reject') =>
      api.post('/admin/articles/review', { id: article.id, decision, reason: reason || undefined }),
    onSuccess: () => revalidator.revalidate(),
  });
  return (
    <li className="flex flex-col gap-2 py-3">
      <Link to={`/news/${article.game}/${article.id}`} className="font-medium hover:text-brand-ink">
        {article.title}
      </Link>
      <p className="text-xs text-zinc-500">
        {t('review.by', { name: article.author.username })} · <DateTime value={article.createdAt} />
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate('publish')}
          className={smallButtonClass.primary}
        >
          {t('review.publish')}
        </button>
        <input
          aria-label={t('review.reason')}
          placeholder={t('review.reason')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className="min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <button
          type="button"
          disabled={decide.isPending || !reason.trim()}
          onClick={() => decide.mutate('reject')}
          className={smallButtonClass.danger}
        >
          {t('review.reject')}
        </button>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
