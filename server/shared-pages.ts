import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PageHandle } from '../app/lib/page-handle';

type Manifest = ServerBuild['routes'];

/** The build's flat route manifest as the nested table `matchRoutes` reads. */
function routeTable(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route as NonNullable<Manifest[string]>;
      const children = routeTable(manifest, id);
      return index
        ? { id, path, index: true, caseSensitive }
        : { id, path, caseSensitive, children: children.length ? children : undefined };
    });
}

/**
 * Whether the page at `pathname` (without its language prefix) is one every visitor shares: the
 * deepest route it matches says so in its handle (app/lib/page-handle.ts). Data requests of client
 * navigations ("/match.data", "/_root.data") count as the page they load.
 */
export function sharedPages(manifest: Manifest): (pathname: string, search: URLSearchParams) => boolean {
  const table = routeTable(manifest);
  const decide = (pathname: string, search: URLSearchParams) => {
    const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    const matches = matchRoutes(table, page);
    const deepest = matches?.at(-1);
    if (!deepest) return false;
    const shared = (manifest[deepest.route.id as string]?.module.handle as PageHandle | undefined)?.shared;
    return typeof shared === 'function' ? shared({ params: deepest.params, search }) : shared === true;
  };
  // Matching ranks the whole route table each time (a third of a millisecond), more than serving
  // a cached page: the answers for the addresses asked lately are kept.
  const known = new Map<string, boolean>();
  return (pathname, search) => {
    const key = `${pathname}?${search}`;
    let shared = known.get(key);
    if (shared === undefined) {
      shared = decide(pathname, search);
      if (known.size >= KEPT_ADDRESSES) known.delete(known.keys().next().value as string);
      known.set(key, shared);
    }
    return shared;
  };
}

/** How many addresses' answers are kept; the oldest goes first. */
const KEPT_ADDRESSES = 10_000;
