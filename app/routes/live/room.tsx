import { liveMeta } from '../../features/live/meta';
import { idOfPath, liveTitle } from '../../features/live/page.server';
import { RoomPage } from '../../features/live/room-view';
import type { Route } from './+types/room';

/** /live/{id} and /customLive/{id}: a live room. */
export function loader({ params, context }: Route.LoaderArgs) {
  return { roomId: idOfPath(params.id), title: liveTitle(context, 'room.title') };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args);

export default function LiveRoom({ loaderData }: Route.ComponentProps) {
  return <RoomPage roomId={loaderData.roomId} />;
}
