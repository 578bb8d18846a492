import { data, Link } from 'react-router';
import { COMMENT_PAGE_SIZE } from '../../../modules/content/content.contract';
import { cardClass, mutedClass, richTextClass } from '../../components/ui';
import { CopyLinkButton, LikeButton } from '../../features/content/actions';
import { Comments } from '../../features/content/comments';
import { Ago, Counts } from '../../features/content/list-parts';
import { idParam, pageTitle, requireGame } from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { ReportButton } from '../../features/content/report-button';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/news-article';

/** /news/{game}/{id}: one article, server rendered, with likes, sharing and comments. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const game = requireGame(context, params.game);
  const { articles, comments } = context.services.content;
  const article = await articles.get(idParam(params.id), context.user).catch(() => null);
  if (!article || article.gameId !== game.gameId) throw data(null, { status: 404 });
  await articles.view(article.id);
  const first = await comments.page({
    targetType: 'article',
    targetId: article.id,
    order: 'new',
    pageIndex: 1,
    pageSize: COMMENT_PAGE_SIZE,
    viewer: context.user,
  });
  return {
    title: pageTitle(context, article.title),
    description: article.summary,
    game,
    article,
    comments: first,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.data?.article;
  return contentMeta(
    args,
    article && {
      ogType: 'article',
      image: article.cover,
      structuredData: (absolute) => ({
        '@type': 'NewsArticle',
        headline: article.title,
        description: article.summary,
        image: article.cover ? [absolute(article.cover)] : undefined,
        datePublished: article.publishedAt,
        author: { '@type': 'Person', name: article.author.username },
      }),
    },
  );
};

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { game, article, comments, now } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <nav aria-label={t('breadcrumb')} className={mutedClass}>
        <Link to={`/news/${game.slug}`} className="hover:text-brand-ink">
          {t('news.heading', { game: game.name })}
        </Link>
      </nav>
      <article className={cardClass}>
        <header className="flex flex-col gap-2">
          {article.status !== 'published' && (
            <p role="note" className="rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-900">
              {t(`status.${article.status}`)}
              {article.rejectReason && `: ${article.rejectReason}`}
            </p>
          )}
          <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{article.title}</h1>
          <p className={`flex flex-wrap gap-x-3 ${mutedClass}`}>
            <span>{article.author.username}</span>
            {article.publishedAt && <Ago date={article.publishedAt} now={now} />}
            <Counts views={article.views} />
          </p>
          {article.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1">
              {article.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </header>
        {article.cover && (
          <img
            src={article.cover}
            alt=""
            width={640}
            height={360}
            className="mt-4 aspect-video w-full rounded-xl object-cover"
          />
        )}
        <div
          className={`mt-4 ${richTextClass}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the body was sanitised before it was stored
          dangerouslySetInnerHTML={{ __html: article.body }}
        />
        <footer className="mt-6 flex flex-wrap gap-2">
          <LikeButton
            targetType="article"
            targetId={article.id}
            liked={article.liked}
            likes={article.likes}
          />
          <CopyLinkButton />
          {article.status === 'published' && <ReportButton targetType="article" targetId={article.id} />}
        </footer>
      </article>
      {article.status === 'published' && (
        <div className={cardClass}>
          <Comments targetType="article" targetId={article.id} first={comments} now={now} />
        </div>
      )}
    </div>
  );
}
