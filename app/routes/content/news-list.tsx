import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router';
import { NEWS_PAGE_SIZE } from '../../../modules/content/content.contract';
import { cardClass, Pager, pageInPath } from '../../components/ui';
import { GameTabs } from '../../features/content/list-parts';
import {
  contentText,
  pageParam,
  pageTitle,
  requireGame,
  toCanonical,
} from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { NewsRow } from '../../features/content/news-row';
import { useTranslation } from '../../i18n/translations';
import type { PageHandle } from '../../lib/page-handle';
import type { Route } from './+types/news-list';

const HOT_SIZE = 8;

/** The same for every visitor, but for "/news/{id}", which may be the visitor's own article. */
export const handle: PageHandle = { shared: ({ params }) => !/^\d+$/.test(params.game ?? '') };

/** /news/{game}: the game's articles, newest first, beside its daily and weekly hot lists. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { articles, hotArticles } = context.services.content;
  // "/news/{id}" without its game: the article's canonical address.
  if (/^\d+$/.test(params.game)) {
    const article = await articles.get(Number(params.game), context.user).catch(() => null);
    if (article) toCanonical(`/news/${article.game}/${article.id}`);
  }
  const game = requireGame(context, params.game);
  const page = pageParam(request);
  const [list, daily, weekly] = await Promise.all([
    articles.list({ gameId: game.gameId, pageIndex: page, pageSize: NEWS_PAGE_SIZE }),
    hotArticles(game.gameId, 'daily', HOT_SIZE),
    hotArticles(game.gameId, 'weekly', HOT_SIZE),
  ]);
  return {
    title: pageTitle(context, contentText(context, 'news.title', { game: game.name })),
    description: contentText(context, 'news.description', { game: game.name }),
    game,
    games: context.services.catalog.list(context.locale).map(({ slug, name }) => ({ slug, name })),
    list,
    hot: { daily, weekly },
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = (args) => contentMeta(args);

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { game, games, list, hot, now } = loaderData;
  const pages = Math.ceil(list.total / list.pageSize);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('news.heading', { game: game.name })}</h1>
      <GameTabs games={games} current={game.slug} pathOf={(slug) => `/news/${slug}`} />
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <section aria-label={t('news.latest')} className={cardClass}>
          {list.list.length === 0 ? (
            <p className="py-8 text-center text-zinc-500">{t('news.empty')}</p>
          ) : (
            <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {list.list.map((article) => (
                <NewsRow key={article.id} article={article} now={now} />
              ))}
            </div>
          )}
          <Pager page={list.pageIndex} pages={pages} hrefOf={pageInPath(`/news/${game.slug}`)} />
        </section>
        <aside aria-labelledby="hot-title" className={`${cardClass} self-start`}>
          <h2 id="hot-title" className="mb-2 font-semibold">
            {t('hot.title')}
          </h2>
          <Tabs.Root defaultValue="daily">
            <Tabs.List
              aria-labelledby="hot-title"
              className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800"
            >
              {(['daily', 'weekly'] as const).map((period) => (
                <Tabs.Trigger
                  key={period}
                  value={period}
                  className="border-b-2 border-transparent px-3 py-2 text-sm data-[state=active]:border-brand data-[state=active]:font-semibold"
                >
                  {t(`hot.${period}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {(['daily', 'weekly'] as const).map((period) => (
              <Tabs.Content key={period} value={period}>
                <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {hot[period].map((article, i) => (
                    <li key={article.id} className="flex gap-2 py-2 text-sm">
                      <span
                        className={`w-5 shrink-0 font-bold ${i < 3 ? 'text-brand-ink' : 'text-zinc-400'}`}
                      >
                        {i + 1}
                      </span>
                      <Link
                        to={`/news/${article.game}/${article.id}`}
                        className="line-clamp-2 hover:text-brand-ink"
                      >
                        {article.title}
                      </Link>
                    </li>
                  ))}
                </ol>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </aside>
      </div>
    </div>
  );
}
