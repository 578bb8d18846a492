import type { Params } from 'react-router';

/**
 * What a route module's `handle` may say about its page. `shared`: the page is the same for every
 * visitor, so the server renders it once for all of them (signed in or not, from the page cache)
 * and the browser fills in the visitor's own parts (app/lib/use-user.ts). A function decides per
 * address, for a page that is personal only in some views.
 */
export interface PageHandle {
  shared?: true | ((page: { params: Params; search: URLSearchParams }) => boolean);
}

/** The handle of a page that every visitor shares. */
export const SHARED_PAGE: PageHandle = { shared: true };
