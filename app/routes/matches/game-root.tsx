import { data, redirect } from 'react-router';
import { gameBySlug } from '../../../modules/catalog/catalog.contract';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/game-root';

export const handle = SHARED_PAGE;

/** /{game} without a match: that game's match list; the router adds the language prefix. Anything else is 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!gameBySlug(params.game)) throw data(null, { status: 404 });
  throw redirect(`/match/${params.game}`, 302);
}

export default function GameRoot() {
  return null;
}
