import { data } from 'react-router';
import { isAppError } from '../../../lib/errors';
import type { GameEntry } from '../../../modules/catalog';
import { gameBySlug } from '../../../modules/catalog/catalog.contract';
import type { AppLoadContext } from '../../load-context';

/** The namespaces the match screens use: their own, and the shared match UI's. */
export const MATCH_NAMESPACES = ['match', 'matches'];

/** The 404 page, thrown by a loader. */
export const notFound = () => data(null, { status: 404 });

/** The game a path names by its catalogue slug; any other segment is the 404 page. */
export function gameOfPath(context: AppLoadContext, slug: string | undefined): GameEntry {
  if (!slug || !gameBySlug(slug)) throw notFound();
  return context.services.catalog.requireGame(slug, context.locale);
}

/** A match id of the path: digits only, else the 404 page. */
export function matchIdOfPath(id: string | undefined): number {
  if (!id || !/^\d{1,15}$/.test(id)) throw notFound();
  return Number(id);
}

/** The services' "not found". */
export function isNotFound(err: unknown): boolean {
  return isAppError(err) && err.key === 'notFound';
}

/** A match the store does not have is the page's 404. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isNotFound(err)) throw notFound();
    throw err;
  }
}

/** "<page> - <brand>" in the page language. */
export function withBrand(context: AppLoadContext, page: string): string {
  return `${page} - ${context.services.i18n.t(context.locale, 'common:brand')}`;
}
