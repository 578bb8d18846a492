import { asc } from 'drizzle-orm';
import { players, teams } from '../../db/schema/index';
import type { SitemapProvider } from '../../server/plugins/sitemap';

/** Every competition's page in the league library. */
export const leaguesSitemap: SitemapProvider = async (services) => {
  const { list } = await services.dataLibrary.list({ pageIndex: 1, pageSize: Number.MAX_SAFE_INTEGER });
  return list.map((league) => ({ path: `/leagueLibrary/${league.id}` }));
};

/** Every team's page in the squad library. */
export const teamsSitemap: SitemapProvider = async ({ database: { db } }) => {
  const rows = await db.select({ id: teams.id }).from(teams).orderBy(asc(teams.id));
  return rows.map(({ id }) => ({ path: `/squadLibrary/${id}` }));
};

/** Every player's page in the player library. */
export const playersSitemap: SitemapProvider = async ({ database: { db } }) => {
  const rows = await db.select({ id: players.id }).from(players).orderBy(asc(players.id));
  return rows.map(({ id }) => ({ path: `/playerLibrary/${id}` }));
};
