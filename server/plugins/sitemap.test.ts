import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/locales';
import { fixtures, SOURCE, soccerMatch } from '../../modules/matches/test-fixtures';
import { buildTestApp } from '../../test/app';
import type { Services } from '../services';
import { type SitemapEntry, sitemap } from './sitemap';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc as string);

describe('the sitemap', () => {
  it('is an index of files of at most the limit of addresses, every page in every language', async () => {
    const app = Fastify();
    app.decorate('services', { env: { PUBLIC_URL: 'https://example.org' } } as unknown as Services);
    const pages: SitemapEntry[] = Array.from({ length: 5 }, (_, n) => ({
      path: `/page/${n}`,
      lastModified: new Date(Date.UTC(2026, 0, n + 1)),
    }));
    // Two pages of 22 languages to a file.
    await app.register(sitemap, {
      providers: { pages: async () => pages },
      maxUrlsPerFile: 2 * LOCALES.length,
    });

    const index = (await app.inject('/sitemap.xml')).body;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `https://example.org/sitemaps/pages-${n}.xml`));
    expect(index).toContain('<lastmod>2026-01-05T00:00:00.000Z</lastmod>');

    const first = await app.inject('/sitemaps/pages-1.xml');
    expect(first.headers['content-type']).toContain('application/xml');
    expect(locs(first.body)).toHaveLength(2 * LOCALES.length);
    expect(locs(first.body)).toContain('https://example.org/page/0');
    expect(locs(first.body)).toContain('https://example.org/en_US/page/1');
    expect(locs((await app.inject('/sitemaps/pages-3.xml')).body)).toHaveLength(LOCALES.length);
    for (const missing of ['/sitemaps/pages-4.xml', '/sitemaps/other-1.xml', '/sitemaps/pages-0.xml'])
      expect((await app.inject(missing)).statusCode, missing).toBe(404);
  });

  it("lists the app's matches, leagues, teams and players", async () => {
    const app = await buildTestApp();
    const { store } = app.services.matches;
    await store.upsertFixtures(SOURCE, fixtures([soccerMatch('m1', 'red', 'blue', new Date())]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [match] = [...app.services.matches.board.all()];
    const [league] = (await app.services.dataLibrary.list({ pageIndex: 1, pageSize: 1 })).list;

    const index = (await app.inject('/sitemap.xml')).body;
    const files = locs(index).map((loc) => new URL(loc).pathname);
    expect(files).toEqual(
      expect.arrayContaining([
        '/sitemaps/matches-1.xml',
        '/sitemaps/leagues-1.xml',
        '/sitemaps/teams-1.xml',
        '/sitemaps/players-1.xml',
      ]),
    );
    const matches = (await app.inject('/sitemaps/matches-1.xml')).body;
    expect(matches).toContain(`/soccer/${match?.id}</loc>`);
    expect(matches).toContain(`/ar/soccer/${match?.id}</loc>`);
    expect((await app.inject('/sitemaps/leagues-1.xml')).body).toContain(
      `/leagueLibrary/${league?.id}</loc>`,
    );
    const teams = (await app.inject('/sitemaps/teams-1.xml')).body;
    expect(teams).toContain(`/squadLibrary/${match?.home?.id}</loc>`);
    expect(teams).toContain(`/squadLibrary/${match?.away?.id}</loc>`);
    expect((await app.inject('/sitemaps/players-1.xml')).body).toMatch(/\/playerLibrary\/\d+<\/loc>/);
    await app.close();
  });
});
