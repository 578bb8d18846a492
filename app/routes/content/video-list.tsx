import { VIDEO_PAGE_SIZE } from '../../../modules/content/content.contract';
import { cardClass, Pager, pageInPath } from '../../components/ui';
import { GameTabs } from '../../features/content/list-parts';
import { contentText, pageParam, pageTitle, requireGame } from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { VideoGrid } from '../../features/content/video-card';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/video-list';

export const handle = SHARED_PAGE;

/** /videos/videoList and /videos/{game}/videoList: every video, of a game or of all, newest first. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const game = params.game ? requireGame(context, params.game) : null;
  const page = pageParam(request);
  const list = await context.services.content.videos.list({
    gameId: game?.gameId ?? null,
    pageIndex: page,
    pageSize: VIDEO_PAGE_SIZE,
  });
  const heading = game
    ? contentText(context, 'video.listOf', { game: game.name })
    : contentText(context, 'video.listAll');
  return {
    title: pageTitle(context, heading),
    description: heading,
    heading,
    game,
    games: context.services.catalog.list(context.locale).map(({ slug, name }) => ({ slug, name })),
    list,
  };
}

export const meta: Route.MetaFunction = (args) => contentMeta(args);

export default function VideoList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { heading, game, games, list } = loaderData;
  const path = game ? `/videos/${game.slug}/videoList` : '/videos/videoList';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{heading}</h1>
      <GameTabs games={games} current={game?.slug ?? null} pathOf={(slug) => `/videos/${slug}/videoList`} />
      <section aria-label={heading} className={cardClass}>
        {list.list.length === 0 ? (
          <p className="py-8 text-center text-zinc-500">{t('video.empty')}</p>
        ) : (
          <VideoGrid videos={list.list} />
        )}
        <Pager
          page={list.pageIndex}
          pages={Math.ceil(list.total / list.pageSize)}
          hrefOf={pageInPath(path)}
        />
      </section>
    </div>
  );
}
