import { defineModule } from '../../platform/module';
import { createContent } from './content';
import { creatorRoutes, readerRoutes, reviewRoutes } from './content.routes';
import { seedDemoContent } from './demo';
import { contentSitemap } from './sitemap';

export { type Content, highlightVideos, hotNews, sensitiveWords } from './content';
export { sanitizeArticleHtml } from './html';

/** News and videos: articles, videos, comments, reports, their uploads and the demo content. */
export const contentModule = defineModule({
  name: 'content',
  services: (deps: Parameters<typeof createContent>[0]) => ({ content: createContent(deps) }),
  routes: [readerRoutes, creatorRoutes, reviewRoutes],
  sitemap: { content: contentSitemap },
  start: seedDemoContent,
});
