import { data, redirect } from 'react-router';
import { gameBySlug } from '../../../modules/catalog/catalog.contract';
import type { AppLoadContext } from '../../load-context';

/** A text of the "content" namespace with the brand, for titles in loaders. */
export function contentText(context: AppLoadContext, key: string, params?: Record<string, unknown>): string {
  return context.services.i18n.t(context.locale, `content:${key}`, params);
}

export function pageTitle(context: AppLoadContext, page: string): string {
  return `${page} - ${context.services.i18n.t(context.locale, 'common:brand')}`;
}

/** The game of a path segment, or 404. */
export function requireGame(context: AppLoadContext, slug: string | undefined) {
  const game = slug ? gameBySlug(slug) : undefined;
  if (!game || !slug) throw data(null, { status: 404 });
  return context.services.catalog.requireGame(slug, context.locale);
}

/** ?page=N of a list, 1 when absent or bad. */
export function pageParam(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** A path without its game ("/news/12") goes to the canonical one ("/news/lol/12"); the router adds the language prefix. */
export function toCanonical(path: string): never {
  throw redirect(path, 301);
}

/** The page's 404 when a numeric segment is out of range. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}
