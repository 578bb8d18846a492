import { Link } from 'react-router';
import { CREATOR_ROLES, NEWS_PAGE_SIZE } from '../../../modules/content/content.contract';
import { hasRole } from '../../../platform/roles';
import { Card, Pager, pageInPath } from '../../components/ui';
import { pageParam } from '../../features/content/loaders.server';
import { MyArticles } from '../../features/content/my-articles';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/post';

/** /userInfo/userPost: the user's own publications, those in review or rejected included. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const page = pageParam(request);
  const posts = await context.services.content.articles.byAuthor({
    authorId: uid,
    all: true,
    pageIndex: page,
    pageSize: NEWS_PAGE_SIZE,
  });
  return {
    title: pageTitle(context, userText(context, 'nav.posts')),
    posts,
    creator: hasRole(context.user, ...CREATOR_ROLES),
    resources: context.services.i18n.resources(context.locale, ['user', 'content']),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserPost({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Posts {...loaderData} />
    </RouteTranslations>
  );
}

function Posts({ posts, creator }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation(['user', 'content', 'messages']);
  const write = (
    <Link to="/creatorCenter/postArticle" className="text-sm font-medium text-brand-ink hover:underline">
      {t('content:creator.write')}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.posts')} description={t('nav.postsHint')} />
      <Card className="flex flex-col gap-3">
        {posts.list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <p className="font-medium">{t('posts.empty')}</p>
            {creator ? (
              write
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('messages:applyCreatorFirst')}</p>
            )}
          </div>
        ) : (
          <>
            {creator && <div className="self-end">{write}</div>}
            <MyArticles articles={posts.list} canEdit={creator} />
            <Pager
              page={posts.pageIndex}
              pages={Math.ceil(posts.total / posts.pageSize)}
              hrefOf={pageInPath('/userInfo/userPost')}
            />
          </>
        )}
      </Card>
    </div>
  );
}
