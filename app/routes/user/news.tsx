import { data, useSearchParams } from 'react-router';
import { PUBLICATION_TYPES } from '../../../modules/content/content.contract';
import { Card, EmptyState, LinkTabs, Pager } from '../../components/ui';
import { pageParam } from '../../features/content/loaders.server';
import { NewsRow } from '../../features/content/news-row';
import { VideoGrid } from '../../features/content/video-card';
import { withParams } from '../../features/matches/params';
import { userMeta } from '../../features/users/meta';
import { centreOf, orNotFound, ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/news';

/**
 * /userInfo/userNews: a user's published articles and videos as anyone sees them; `userId` names
 * the user, else it is the visitor's own (a guest is asked to log in). The header's "posts".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const named = search.get('userId');
  if (named !== null && !/^\d{1,15}$/.test(named)) throw data(null, { status: 404 });
  const authorId = named === null ? ownerOf(context) : Number(named);
  const viewer = context.user?.uid;
  const profile = await orNotFound(centreOf(context).profiles.publicProfile(authorId, viewer ?? null));
  const type =
    search.get('type') === String(PUBLICATION_TYPES.videos)
      ? PUBLICATION_TYPES.videos
      : PUBLICATION_TYPES.articles;
  const posts = await context.services.content.publications({
    authorId,
    type,
    pageIndex: pageParam(request),
    viewer,
  });
  const heading = context.services.i18n.t(context.locale, 'user:news.title', { name: profile.username });
  return {
    title: pageTitle(context, heading),
    heading,
    posts,
    now: Date.now(),
    resources: context.services.i18n.resources(context.locale, ['content']),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args, true);

export default function UserNews({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <News {...loaderData} />
    </RouteTranslations>
  );
}

function News({ heading, posts, now }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation(['user', 'messages']);
  const [search] = useSearchParams();
  const tabs = (['articles', 'videos'] as const).map((kind) => ({
    key: kind,
    label: t(`news.${kind}`),
    to: withParams(search, { type: kind === 'videos' ? String(PUBLICATION_TYPES.videos) : null, page: null }),
    active: posts.type === PUBLICATION_TYPES[kind],
  }));
  const pages = Math.ceil(posts.total / posts.pageSize);
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={heading} />
      <Card className="flex flex-col gap-3">
        <div className="border-b border-zinc-100 dark:border-zinc-800">
          <LinkTabs label={t('news.kinds')} items={tabs} />
        </div>
        {posts.list.length === 0 ? (
          <EmptyState title={t('messages:noData')} hint={t('news.empty')} />
        ) : posts.type === PUBLICATION_TYPES.videos ? (
          <VideoGrid videos={posts.list} />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {posts.list.map((article) => (
              <li key={article.id}>
                <NewsRow article={article} now={now} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={posts.pageIndex}
          pages={pages}
          hrefOf={(n) => withParams(search, { page: n === 1 ? null : String(n) })}
        />
      </Card>
    </div>
  );
}
