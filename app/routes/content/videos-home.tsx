import { Link } from 'react-router';
import { cardClass } from '../../components/ui';
import { GameTabs } from '../../features/content/list-parts';
import { contentText, pageTitle, requireGame, toCanonical } from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { VideoGrid } from '../../features/content/video-card';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/videos-home';

const SHOWN = 12;

export const handle = SHARED_PAGE;

/** /videos/{game}: the game's hottest videos of the week and its newest ones. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { videos, hotVideos } = context.services.content;
  // "/videos/{id}" without its game: the video's canonical address.
  if (/^\d+$/.test(params.game)) {
    const video = await videos.get(Number(params.game), null).catch(() => null);
    if (video) toCanonical(`/videos/${video.game}/${video.id}`);
  }
  const game = requireGame(context, params.game);
  const [hot, latest] = await Promise.all([
    hotVideos(game.gameId, 4),
    videos.list({ gameId: game.gameId, pageIndex: 1, pageSize: SHOWN }),
  ]);
  return {
    title: pageTitle(context, contentText(context, 'video.title', { game: game.name })),
    description: contentText(context, 'video.description', { game: game.name }),
    game,
    games: context.services.catalog.list(context.locale).map(({ slug, name }) => ({ slug, name })),
    hot,
    latest,
  };
}

export const meta: Route.MetaFunction = (args) => contentMeta(args);

export default function VideosHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { game, games, hot, latest } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('video.heading', { game: game.name })}</h1>
      <GameTabs games={games} current={game.slug} pathOf={(slug) => `/videos/${slug}`} />
      {latest.total === 0 ? (
        <p className={`${cardClass} py-8 text-center text-zinc-500`}>{t('video.empty')}</p>
      ) : (
        <>
          <section aria-labelledby="hot-videos" className={cardClass}>
            <h2 id="hot-videos" className="mb-3 font-semibold">
              {t('video.hot')}
            </h2>
            <VideoGrid videos={hot} />
          </section>
          <section aria-labelledby="new-videos" className={cardClass}>
            <div className="mb-3 flex items-center justify-between">
              <h2 id="new-videos" className="font-semibold">
                {t('video.latest')}
              </h2>
              <Link to={`/videos/${game.slug}/videoList`} className="text-sm text-brand-ink hover:underline">
                {t('video.all')}
              </Link>
            </div>
            <VideoGrid videos={latest.list} />
          </section>
        </>
      )}
    </div>
  );
}
