import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { players, teams } from '../../db/schema/index';
import type { SitemapEntry } from '../../platform/module';
import type { Library } from './library.cache';

/** Every competition's page in the league library. */
export async function leaguesSitemap({ dataLibrary }: { dataLibrary: Library }): Promise<SitemapEntry[]> {
  const { list } = await dataLibrary.list({ pageIndex: 1, pageSize: Number.MAX_SAFE_INTEGER });
  return list.map((league) => ({ path: `/leagueLibrary/${league.id}` }));
}

/** Every team's page in the squad library. */
export async function teamsSitemap({ database: { db } }: { database: Database }): Promise<SitemapEntry[]> {
  const rows = await db.select({ id: teams.id }).from(teams).orderBy(asc(teams.id));
  return rows.map(({ id }) => ({ path: `/squadLibrary/${id}` }));
}

/** Every player's page in the player library. */
export async function playersSitemap({ database: { db } }: { database: Database }): Promise<SitemapEntry[]> {
  const rows = await db.select({ id: players.id }).from(players).orderBy(asc(players.id));
  return rows.map(({ id }) => ({ path: `/playerLibrary/${id}` }));
}
