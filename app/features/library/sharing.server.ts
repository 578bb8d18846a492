import { gameById } from '../../../modules/catalog/catalog.contract';
import { zoneFromCookie } from '../../lib/days';
import type { AppLoadContext } from '../../load-context';

/**
 * How long caches (ours, or a CDN) may share a data library page, which is the same for every
 * visitor (SHARED_PAGE): its tables change only with a match of the competition, and an open page
 * asks for them again as soon as its push connection says one moved on (or had moved on since the
 * page was made).
 */
export const DATA_LIBRARY_SHARING: HeadersInit = { 'Cache-Control': 'public, max-age=0, s-maxage=30' };

/** A league, team or player's game as its pages show it: the slug for links and the local name. */
export function dataLibraryGame({ services, locale }: AppLoadContext, gameId: number) {
  const game = gameById(gameId);
  return {
    slug: game?.slug ?? 'soccer',
    name: game ? services.i18n.t(locale, `games:names.${game.slug}`) : '',
  };
}

/** What every data library page carries to its client: the visitor's zone, the clock and the texts. */
export function dataLibraryPageBasics(
  request: Request,
  { services, locale }: AppLoadContext,
  namespaces: string[],
) {
  return {
    zone: zoneFromCookie(request.headers.get('cookie'), locale),
    now: Date.now(),
    resources: services.i18n.resources(locale, namespaces),
  };
}
