import { data } from 'react-router';
import type { AppLoadContext } from '../../load-context';

/** A text of the "experts" namespace, for titles in loaders. */
export function expertsText(context: AppLoadContext, key: string, params?: Record<string, unknown>): string {
  return context.services.i18n.t(context.locale, `experts:${key}`, params);
}

/** "<page> - <brand>" in the page language. */
export function pageTitle(context: AppLoadContext, page: string): string {
  return `${page} - ${context.services.i18n.t(context.locale, 'common:brand')}`;
}

/** The translations every expert and creator centre page needs. */
export function expertsResources(context: AppLoadContext, ...more: string[]) {
  return context.services.i18n.resources(context.locale, ['experts', ...more]);
}

/** A numeric path segment, or the page's 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** ?page=N of a list, 1 when absent or bad. */
export function pageParam(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The games a filter or the composer offers, in the page language. */
export function gameChoices(context: AppLoadContext) {
  return context.services.catalog.list(context.locale).map(({ gameId, name }) => ({ gameId, name }));
}
