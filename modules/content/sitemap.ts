import type { SitemapProvider } from '../../server/plugins/sitemap';
import { content } from './content';
import { gameSlug } from './content.contract';

/** Every published article and every video, at their canonical paths. */
export const contentSitemap: SitemapProvider = async (services) => {
  const { articles, videos } = content(services);
  const [published, allVideos] = await Promise.all([articles.allPublished(), videos.all()]);
  return [
    ...published.map((a) => ({ path: `/news/${gameSlug(a.gameId)}/${a.id}`, lastModified: a.updatedAt })),
    ...allVideos.map((v) => ({ path: `/videos/${gameSlug(v.gameId)}/${v.id}`, lastModified: v.updatedAt })),
  ];
};
