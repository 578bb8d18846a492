import { defineModule } from '../../platform/module';
import { type Content, createContent } from './content';
import { creatorRoutes, readerRoutes, reviewRoutes } from './content.routes';
import { seedDemoContent } from './demo';
import { contentSitemap } from './sitemap';

export { type Content, highlightVideos, hotNews } from './content';
export { sanitizeArticleHtml } from './html';

/** News and videos: articles, videos, comments, reports, their uploads and the demo content. */
export const contentModule = defineModule({
  name: 'content',
  services: (deps: Parameters<typeof createContent>[0]) => ({ content: createContent(deps) }),
  routes: [readerRoutes, creatorRoutes, reviewRoutes],
  sitemap: { content: contentSitemap },
  start: async (services: Parameters<typeof seedDemoContent>[0] & { content: Content }) => {
    await seedDemoContent(services);
    return services.content.sensitiveWords.start();
  },
});
