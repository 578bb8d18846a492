import type { SitemapProvider } from '../../server/plugins/sitemap';

/** The match pages of the window the board holds: a week back to a week ahead. */
export const matchesSitemap: SitemapProvider = async (services) =>
  [...services.matches.board.all()].map((match) => ({ path: `/${match.game}/${match.id}` }));
