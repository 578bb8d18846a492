import type { ReactNode } from 'react';
import type { Namespaces } from '../../lib/translate';
import { pageTranslations, TranslationsProvider, useTranslation } from './translations';

const merged = new WeakMap<Namespaces, WeakMap<Namespaces, Namespaces>>();

/** One object per pair, so pageTranslations keeps one per language on the server. */
function merge(page: Namespaces, route: Namespaces): Namespaces {
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
 * of the providers around it (the root's, and a layout's for a page inside it). The section's own
 * translations rather than adding to the page's: on the server those hold the root loader's
 * shared resources object, and adding to it would ship the section's texts on every page.
 */
export function RouteTranslations({ resources, children }: { resources: Namespaces; children: ReactNode }) {
  const around = useTranslation().i18n;
  // The translations around hold the object they were made from, so merges stay memoised.
  return (
    <TranslationsProvider value={pageTranslations(around.language, merge(around.texts, resources))}>
      {children}
    </TranslationsProvider>
  );
}
