import { liveMeta } from '../../features/live/meta';
import { gamesOf, liveTitle } from '../../features/live/page.server';
import { RoomList } from '../../features/live/room-list';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/live2';

/** /live2: only the rooms on air now, most watched first. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: liveTitle(context, 'list.onAir'), games: gamesOf(context) };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function LiveNow({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('live');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('list.onAir')}</h1>
      <RoomList games={loaderData.games} onAir />
    </div>
  );
}
