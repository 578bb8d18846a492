import type { AppLoadContext } from '../../load-context';

/**
 * How long caches (ours for guests, or a CDN) may share a data library page: its tables change only
 * with a match of the competition, and an open page asks for them again as soon as its push
 * connection says one moved on (or had moved on since the page was made). A signed-in visitor's
 * page carries their account, so it is never shared.
 */
export function librarySharing(context: AppLoadContext): HeadersInit {
  return { 'Cache-Control': context.user ? 'private, no-cache' : 'public, max-age=0, s-maxage=30' };
}
