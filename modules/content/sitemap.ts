import type { SitemapProvider } from '../../server/plugins/sitemap';
import { gameById } from '../catalog/games';
import { content } from './content';

const slugOf = (gameId: number) => gameById(gameId)?.slug ?? 'esportsother';

/** Every published article and every video, at their canonical paths. */
export const contentSitemap: SitemapProvider = async (services) => {
  const { articles, videos } = content(services);
  const [published, allVideos] = await Promise.all([articles.allPublished(), videos.all()]);
  return [
    ...published.map((a) => ({ path: `/news/${slugOf(a.gameId)}/${a.id}`, lastModified: a.updatedAt })),
    ...allVideos.map((v) => ({ path: `/videos/${slugOf(v.gameId)}/${v.id}`, lastModified: v.updatedAt })),
  ];
};
