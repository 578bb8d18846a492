import { data, Link } from 'react-router';
import { COMMENT_PAGE_SIZE } from '../../../modules/content/content.contract';
import { cardClass, mutedClass } from '../../components/ui';
import { CopyLinkButton, LikeButton } from '../../features/content/actions';
import { Comments } from '../../features/content/comments';
import { Ago, Counts } from '../../features/content/list-parts';
import { idParam, pageTitle, requireGame } from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { ReportButton } from '../../features/content/report-button';
import { VideoCard } from '../../features/content/video-card';
import { VideoPlayer } from '../../features/content/video-player';
import { useVisitorVideo } from '../../features/content/visitor-video';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/video-page';

export const handle = SHARED_PAGE;

/**
 * /videos/{game}/{id}: the player, the video's details, related videos and comments, the same for
 * every visitor; the browser counts the view and fills in the visitor's likes (useVisitorVideo).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const game = requireGame(context, params.game);
  const { videos, comments } = context.services.content;
  const video = await videos.get(idParam(params.id), null).catch(() => null);
  if (!video || video.gameId !== game.gameId) throw data(null, { status: 404 });
  const [related, first] = await Promise.all([
    videos.related(video, 8),
    comments.page({
      targetType: 'video',
      targetId: video.id,
      order: 'new',
      pageIndex: 1,
      pageSize: COMMENT_PAGE_SIZE,
      viewer: null,
    }),
  ]);
  return {
    title: pageTitle(context, video.title),
    description: video.summary || video.title,
    game,
    video,
    related,
    comments: first,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const video = args.data?.video;
  return contentMeta(
    args,
    video && {
      ogType: 'video.other',
      image: video.cover,
      structuredData: (absolute) => ({
        '@type': 'VideoObject',
        name: video.title,
        description: video.summary || video.title,
        thumbnailUrl: video.cover ? [absolute(video.cover)] : undefined,
        uploadDate: video.publishedAt,
        duration: `PT${video.durationSeconds}S`,
        contentUrl: video.source ? absolute(video.source) : undefined,
      }),
    },
  );
};

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { game, related, comments, now } = loaderData;
  const video = useVisitorVideo(game.slug, loaderData.video);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <nav aria-label={t('breadcrumb')} className={mutedClass}>
          <Link to={`/videos/${game.slug}`} className="hover:text-brand-ink">
            {t('video.heading', { game: game.name })}
          </Link>
        </nav>
        <VideoPlayer source={video.source} poster={video.cover} title={video.title} />
        <section className={cardClass}>
          <h1 className="text-xl font-bold sm:text-2xl">{video.title}</h1>
          <p className={`mt-1 flex flex-wrap gap-x-3 ${mutedClass}`}>
            <Ago date={video.publishedAt} now={now} />
            <Counts views={video.views} />
          </p>
          {video.summary && video.summary !== video.title && <p className="mt-2 text-sm">{video.summary}</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <LikeButton targetType="video" targetId={video.id} liked={video.liked} likes={video.likes} />
            <CopyLinkButton />
            <ReportButton targetType="video" targetId={video.id} />
          </div>
        </section>
        <div className={cardClass}>
          <Comments targetType="video" targetId={video.id} first={comments} sharedFirst now={now} />
        </div>
      </div>
      <aside aria-labelledby="related-title" className={`${cardClass} self-start`}>
        <h2 id="related-title" className="mb-3 font-semibold">
          {t('video.related')}
        </h2>
        {related.length === 0 ? (
          <p className={mutedClass}>{t('video.empty')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-1">
            {related.map((item) => (
              <li key={item.id}>
                <VideoCard video={item} />
              </li>
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}
