import type { MetaDescriptor } from 'react-router';
import { pageMeta, rootMetaData } from '../../lib/seo';

interface MetaArgs {
  data: { title: string; description: string } | undefined;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/**
 * The head of a news or video page: the site-wide tags, plus for one article or video its
 * Open Graph kind and image and its structured data (schema.org NewsArticle or VideoObject).
 */
export function contentMeta(
  { data, matches, location }: MetaArgs,
  item?: {
    ogType: 'article' | 'video.other';
    image: string | null;
    /** schema.org fields; `absolute` turns a path of this site into a full URL. */
    structuredData: (absolute: (path: string) => string) => Record<string, unknown>;
  },
): MetaDescriptor[] {
  if (!data) return [];
  const root = rootMetaData(matches);
  const base = pageMeta({
    title: data.title,
    description: data.description,
    pathname: location.pathname,
    root,
  });
  if (!item) return base;
  const absolute = (path: string) => (path.startsWith('/') ? (root?.origin ?? '') + path : path);
  const image = item.image && absolute(item.image);
  return [
    ...base.filter((tag) => !('property' in tag && tag.property === 'og:type')),
    { property: 'og:type', content: item.ogType },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { 'script:ld+json': { '@context': 'https://schema.org', ...item.structuredData(absolute) } },
  ];
}
