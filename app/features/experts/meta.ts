import type { MetaDescriptor } from 'react-router';
import { pageMeta, rootMetaData } from '../../lib/seo';

interface MetaArgs {
  data: { title: string; description?: string } | undefined;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/** The head of an expert page; personal ones (creator centre, purchases) are kept out of search engines. */
export function expertsMeta({ data, matches, location }: MetaArgs, indexable = true): MetaDescriptor[] {
  if (!data) return [];
  return [
    ...pageMeta({
      title: data.title,
      description: data.description ?? data.title,
      pathname: location.pathname,
      root: rootMetaData(matches),
    }),
    ...(indexable ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
}
