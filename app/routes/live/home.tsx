import { Link } from 'react-router';
import { liveMeta } from '../../features/live/meta';
import { gamesOf, liveTitle } from '../../features/live/page.server';
import { RoomList } from '../../features/live/room-list';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/home';

export const handle = SHARED_PAGE;

/** /live: the live home, every room by game, those on air first. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: liveTitle(context, 'list.title'), games: gamesOf(context) };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function LiveHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">{t('list.title')}</h1>
        <nav aria-label={t('list.more')} className="ms-auto flex gap-3 text-sm">
          <Link to="/live2" className="text-brand-ink hover:underline">
            {t('list.onAir')}
          </Link>
          <Link to="/anchor/anchorList" className="text-brand-ink hover:underline">
            {t('anchors.title')}
          </Link>
          <Link to="/anchorCenter" className="text-brand-ink hover:underline">
            {t('center.title')}
          </Link>
        </nav>
      </header>
      <RoomList games={loaderData.games} onAir={false} />
    </div>
  );
}
