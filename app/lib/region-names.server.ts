import { BCP47, type Locale } from '../../lib/locales';
import { memoByKey } from '../../lib/memo';
import type { TFunction } from '../../lib/translate';

/** Building a namer is slow; one per language serves every page. */
const countryNames = memoByKey(
  (locale: Locale) => new Intl.DisplayNames([BCP47[locale]], { type: 'region', fallback: 'code' }),
);

/** Regions of competitions that are not countries: the feeds' names of the world and continents. */
const AREAS = new Set(['world', 'eu', 'as', 'am', 'af', 'oc']);

/**
 * The names of competitions' regions (ISO country codes, 'world' or a continent) in the page
 * language, made on the server and sent with the page: the browser's own region names may differ
 * from the server's, and the page must hydrate as it was rendered.
 */
export function regionNames(regions: Iterable<string>, locale: Locale, t: TFunction): Record<string, string> {
  const countries = countryNames(locale);
  const names: Record<string, string> = {};
  for (const region of regions) {
    const key = region.toLowerCase();
    if (AREAS.has(key)) names[region] = t(`regions.${key}`);
    else {
      try {
        names[region] = countries.of(region.toUpperCase()) ?? region;
      } catch {
        // Not a code Intl knows: the feed's own name.
        names[region] = region;
      }
    }
  }
  return names;
}
