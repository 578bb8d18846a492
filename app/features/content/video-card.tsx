import { Link } from 'react-router';
import type { Video } from '../../../modules/content/content.contract';
import { mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { Counts } from './list-parts';

/** 1:05 for 65 seconds. */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** One video in a grid: cover with its length, title and views; the home page's highlights use it too. */
export function VideoCard({ video }: { video: Video }) {
  const { t } = useTranslation('content');
  return (
    <article className="min-w-0">
      <Link to={`/videos/${video.game}/${video.id}`} className="group block">
        <span className="relative block overflow-hidden rounded-xl bg-zinc-800">
          {video.cover && (
            <img
              src={video.cover}
              alt=""
              width={320}
              height={180}
              loading="lazy"
              className="aspect-video w-full object-cover transition group-hover:scale-105"
            />
          )}
          <span className="absolute end-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">
            <span className="sr-only">{t('duration')} </span>
            {formatDuration(video.durationSeconds)}
          </span>
        </span>
        <h3 className="mt-2 line-clamp-2 text-sm font-medium group-hover:text-brand-ink">{video.title}</h3>
      </Link>
      <p className={`mt-1 flex gap-3 ${mutedClass}`}>
        <Counts views={video.views} />
      </p>
    </article>
  );
}

/** Video cards in a grid: two across on a phone, four on a wide screen. */
export function VideoGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}
