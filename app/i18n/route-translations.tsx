import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import { type PageResources, pageI18n } from './i18n';

const merged = new WeakMap<PageResources, WeakMap<PageResources, PageResources>>();

/** One object per pair, so pageI18n keeps one i18next instance per language on the server. */
function merge(page: PageResources, route: PageResources): PageResources {
  let byRoute = merged.get(page);
  if (!byRoute) {
    byRoute = new WeakMap();
    merged.set(page, byRoute);
  }
  let both = byRoute.get(route);
  if (!both) {
    both = { ...page, ...route };
    byRoute.set(route, both);
  }
  return both;
}

/**
 * Gives a section of the site the namespaces its loader sent (e.g. "user", "admin"), beside those
 * of the providers around it (the root's, and a layout's for a page inside it). A separate
 * instance rather than addResourceBundle: on the server the page instance holds the root loader's
 * shared resources object, and adding to it would ship the section's texts on every page.
 */
export function RouteTranslations({
  resources,
  children,
}: {
  resources: PageResources;
  children: ReactNode;
}) {
  const locale = useLocale();
  // The instance around holds the resources object it was made from, so merges stay memoised.
  const around = (useTranslation().i18n.options.resources?.[locale] ?? {}) as PageResources;
  const i18n = pageI18n(locale, merge(around, resources));
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
