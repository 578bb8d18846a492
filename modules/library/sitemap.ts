import type { SitemapProvider } from '../../server/plugins/sitemap';

/** Every competition's page in the league library. */
export const leaguesSitemap: SitemapProvider = async (services) => {
  const { list } = await services.library.list({ pageIndex: 1, pageSize: Number.MAX_SAFE_INTEGER });
  return list.map((league) => ({ path: `/leagueLibrary/${league.id}` }));
};
