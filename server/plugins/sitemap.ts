import type { FastifyInstance } from 'fastify';
import { LOCALES, localizePath } from '../../lib/locales';
import type { Services } from '../services';

/** A page the sitemap lists, by its path without a language prefix. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** A domain's pages for the sitemap (articles and videos now; matches and leagues add theirs). */
export type SitemapProvider = (services: Services) => Promise<SitemapEntry[]>;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** /sitemap.xml: every provider's pages, once per language. */
export async function sitemap(app: FastifyInstance, opts: { providers: SitemapProvider[] }) {
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = app.services.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    const entries = (await Promise.all(opts.providers.map((provide) => provide(app.services)))).flat();
    const urls = entries.flatMap((entry) =>
      LOCALES.map((locale) => {
        const loc = `<loc>${escapeXml(origin + localizePath(entry.path, locale))}</loc>`;
        const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
        return `<url>${loc}${lastmod}</url>`;
      }),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
