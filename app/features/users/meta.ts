import type { MetaDescriptor } from 'react-router';
import { pageMeta, rootMetaData } from '../../lib/seo';

interface MetaArgs {
  data: { title: string } | undefined;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/**
 * The head of a user centre page. Own pages are personal: search engines are told not to index
 * them. A page that failed (a guest's prompt) keeps the user centre's title.
 */
export function userMeta({ data, matches, location }: MetaArgs, indexable = false): MetaDescriptor[] {
  const layout = matches.find((match) => match?.id === 'routes/user-layout')?.data as
    | { title: string }
    | undefined;
  const title = data?.title ?? layout?.title ?? '';
  return [
    ...pageMeta({ title, description: title, pathname: location.pathname, root: rootMetaData(matches) }),
    ...(indexable ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
}
