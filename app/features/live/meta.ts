import type { MetaDescriptor } from 'react-router';
import { pageMeta, rootMetaData } from '../../lib/seo';

interface MetaArgs {
  data: { title: string } | undefined;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/** The head of a live page; the anchor centre's pages are personal and not indexed. */
export function liveMeta({ data, matches, location }: MetaArgs, indexable = true): MetaDescriptor[] {
  const title = data?.title ?? '';
  return [
    ...pageMeta({ title, description: title, pathname: location.pathname, root: rootMetaData(matches) }),
    ...(indexable ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
}
