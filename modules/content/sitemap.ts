import type { SitemapEntry } from '../../platform/module';
import type { Content } from './content';
import { gameSlug } from './content.contract';

/** Every published article and every video, at their canonical paths. */
export async function contentSitemap({ content }: { content: Content }): Promise<SitemapEntry[]> {
  const { articles, videos } = content;
  const [published, allVideos] = await Promise.all([articles.allPublished(), videos.all()]);
  return [
    ...published.map((a) => ({ path: `/news/${gameSlug(a.gameId)}/${a.id}`, lastModified: a.updatedAt })),
    ...allVideos.map((v) => ({ path: `/videos/${gameSlug(v.gameId)}/${v.id}`, lastModified: v.updatedAt })),
  ];
}
