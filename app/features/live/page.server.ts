import { data } from 'react-router';
import type { AppLoadContext } from '../../load-context';

/** A page title from the "live" namespace with the brand. */
export function liveTitle(context: AppLoadContext, key: string, params?: Record<string, unknown>): string {
  const { i18n } = context.services;
  return `${i18n.t(context.locale, `live:${key}`, params)} - ${i18n.t(context.locale, 'common:brand')}`;
}

/** A numeric id of the path, or the 404 page. */
export function idOfPath(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1)
    throw data(null, { status: 404 });
  return id;
}

/** The catalogue's games for the list filters: slug, name and id. */
export function gamesOf(context: AppLoadContext) {
  return context.services.catalog
    .list(context.locale)
    .map(({ slug, name, gameId }) => ({ slug, name, gameId }));
}
