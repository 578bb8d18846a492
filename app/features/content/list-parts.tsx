import { Link } from 'react-router';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';

/** "3 hours ago" against the server's clock of the page, so server and browser render the same. */
export function Ago({ date, now }: { date: string; now: number }) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  return (
    <time dateTime={date} suppressHydrationWarning>
      {formatRelativeTime(new Date(date), now, locale, t('justPosted'))}
    </time>
  );
}

/** Views, likes and comments as the lists show them: short counts, nouns in the count's plural form. */
export function Counts({ views, likes, comments }: { views: number; likes?: number; comments?: number }) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  const counted = (key: 'views' | 'likes' | 'comments', count: number) =>
    t(key, { count, n: formatCount(count, locale) });
  return (
    <>
      <span>{counted('views', views)}</span>
      {likes !== undefined && <span>{counted('likes', likes)}</span>}
      {comments !== undefined && <span>{counted('comments', comments)}</span>}
    </>
  );
}

/** The game tabs above a news or video list. */
export function GameTabs({
  games,
  current,
  pathOf,
}: {
  games: { slug: string; name: string }[];
  current: string | null;
  pathOf: (slug: string) => string;
}) {
  const { t } = useTranslation('content');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row must be reachable by keyboard
    <nav aria-label={t('games')} tabIndex={0} className="-mx-1 overflow-x-auto pb-1">
      <ul className="flex gap-2 px-1">
        {games.map((game) => (
          <li key={game.slug} className="shrink-0">
            <Link
              to={pathOf(game.slug)}
              aria-current={game.slug === current ? 'page' : undefined}
              className="block rounded-full border border-zinc-200 px-3 py-1.5 text-sm hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white dark:border-zinc-700"
            >
              {game.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
