import { Link } from 'react-router';
import type { ArticleSummary } from '../../../modules/content/content.contract';
import { mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { Counts } from './list-parts';

/** An author's own articles with their review state: a link to each and, for creators, to edit it. */
export function MyArticles({ articles, canEdit }: { articles: ArticleSummary[]; canEdit: boolean }) {
  const { t } = useTranslation('content');
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {articles.map((article) => (
        <li key={article.id} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <Link
              to={`/news/${article.game}/${article.id}`}
              className="block truncate text-sm hover:text-brand-ink"
            >
              {article.title}
            </Link>
            <span className={`${mutedClass} flex flex-wrap items-center gap-x-3`}>
              <span data-status={article.status}>
                {t(`status.${article.status}`)}
                {article.rejectReason && `: ${article.rejectReason}`}
              </span>
              {article.status === 'published' && (
                <Counts views={article.views} likes={article.likes} comments={article.comments} />
              )}
            </span>
          </span>
          {canEdit && (
            <Link
              to={`/creatorCenter/postArticle?id=${article.id}`}
              className="shrink-0 text-sm text-brand-ink hover:underline"
            >
              {t('creator.edit')}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
