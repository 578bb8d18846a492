import type { Database } from '../../db/client';
import { defineModule } from '../../platform/module';
import type { Matches } from '../matches';
import { createLeagues } from './leagues.service';
import { cacheLibrary } from './library.cache';
import { libraryRoutes } from './library.routes';
import { createPlayers } from './players.service';
import { leaguesSitemap, playersSitemap, teamsSitemap } from './sitemap';
import { createSquads } from './squads.service';
import { createTables } from './tables.service';

export type { Library } from './library.cache';
export type { TeamProfile } from './squads.service';
export type { FormLetter, TieBreaker, Zone } from './standings';
export type { BracketView, Fixture, GroupTable, TeamBadge } from './tables.service';

/**
 * The data library: competitions, teams and players by game and name; a competition's overview,
 * tables, brackets and schedules; a team's and a player's page (decision 011).
 */
export const libraryModule = defineModule({
  name: 'library',
  services: ({ database: { db }, matches }: { database: Database; matches: Matches }) => ({
    dataLibrary: cacheLibrary(
      {
        tables: createTables(db),
        leagues: createLeagues(db),
        squads: createSquads(db),
        players: createPlayers(db),
      },
      matches.board,
    ),
  }),
  routes: [libraryRoutes],
  sitemap: { leagues: leaguesSitemap, teams: teamsSitemap, players: playersSitemap },
});
