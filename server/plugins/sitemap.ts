import type { FastifyInstance } from 'fastify';
import { LOCALES, localizePath } from '../../lib/locales';
import type { SitemapEntry } from '../../platform/module';

export type { SitemapEntry } from '../../platform/module';

/** A domain's pages for the sitemap: articles and videos, matches, leagues. */
export type SitemapProvider = () => Promise<SitemapEntry[]>;

/** The protocol's limit of addresses in one sitemap file (sitemaps.org). */
export const MAX_URLS_PER_FILE = 50_000;
/** How long a domain's list of pages is kept: crawlers fetch the index, then every file of it. */
const KEEP_MS = 10 * 60_000;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const XML = 'application/xml; charset=utf-8';
const lastmod = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : '');

/**
 * `/sitemap.xml`: a sitemap index of one or more files per domain (`/sitemaps/<domain>-<n>.xml`),
 * each listing its pages once per language and at most `maxUrlsPerFile` addresses.
 */
export async function sitemap(
  app: FastifyInstance,
  opts: { providers: Record<string, SitemapProvider>; maxUrlsPerFile?: number },
) {
  const perFile = Math.max(1, Math.floor((opts.maxUrlsPerFile ?? MAX_URLS_PER_FILE) / LOCALES.length));
  const kept = new Map<string, { until: number; entries: Promise<SitemapEntry[]> }>();

  function entriesOf(name: string, provide: SitemapProvider): Promise<SitemapEntry[]> {
    const hit = kept.get(name);
    if (hit && hit.until > Date.now()) return hit.entries;
    const entries = provide();
    kept.set(name, { until: Date.now() + KEEP_MS, entries });
    entries.catch(() => kept.delete(name));
    return entries;
  }

  const originOf = (request: { protocol: string; host: string }) =>
    app.services.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
    const files: string[] = [];
    for (const [name, provide] of Object.entries(opts.providers)) {
      const entries = await entriesOf(name, provide);
      for (let page = 0; page * perFile < entries.length; page++) {
        const newest = entries
          .slice(page * perFile, (page + 1) * perFile)
          .reduce<Date | undefined>(
            (latest, entry) =>
              entry.lastModified && (!latest || entry.lastModified > latest) ? entry.lastModified : latest,
            undefined,
          );
        files.push(
          `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}-${page + 1}.xml`)}</loc>${lastmod(newest)}</sitemap>`,
        );
      }
    }
    return reply
      .type(XML)
      .header('cache-control', 'public, max-age=600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`,
      );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const provide = match ? opts.providers[match[1] as string] : undefined;
    const entries = match && provide ? await entriesOf(match[1] as string, provide) : [];
    const page = Number(match?.[2] ?? 0) - 1;
    const slice = entries.slice(page * perFile, (page + 1) * perFile);
    if (!match || slice.length === 0)
      return reply.code(404).type(XML).send('<?xml version="1.0" encoding="UTF-8"?>\n');
    const origin = originOf(request);
    const urls = slice.flatMap((entry) =>
      LOCALES.map(
        (locale) =>
          `<url><loc>${escapeXml(origin + localizePath(entry.path, locale))}</loc>${lastmod(entry.lastModified)}</url>`,
      ),
    );
    return reply
      .type(XML)
      .header('cache-control', 'public, max-age=600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
