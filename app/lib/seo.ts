import type { MetaDescriptor } from 'react-router';
import { BCP47, DEFAULT_LOCALE, LOCALES, localizePath, splitLocalePath } from '../../lib/locales';
import type { RootData } from './root-data';

type RootMetaData = Pick<RootData, 'locale' | 'origin'>;

/** The root loader's data as a meta function sees it. */
export function rootMetaData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootMetaData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootMetaData | undefined;
}

/** Title, description, canonical link, Open Graph and hreflang alternates of a page in every language. */
export function pageMeta(options: {
  title: string;
  description: string;
  pathname: string;
  root: RootMetaData | undefined;
}): MetaDescriptor[] {
  const { title, description, pathname, root } = options;
  const origin = root?.origin ?? '';
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const { rest } = splitLocalePath(pathname);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: BCP47[locale].replace('-', '_') },
    { tagName: 'link', rel: 'canonical', href: origin + localizePath(rest, locale) },
    ...LOCALES.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: BCP47[l],
      href: origin + localizePath(rest, l),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: origin + rest },
  ];
}
