import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import { defineModule } from '../../platform/module';
import { followsRoutes } from './follows.routes';
import { createMatchFollows, type MatchFollows } from './follows.service';
import { scoresSocket } from './hub.routes';
import { matchesRoutes } from './matches.routes';
import { createMatches, type MatchesService } from './matches.service';
import { matchesSitemap } from './sitemap';

export type { MatchBoard } from './board';
export type * from './feed';
export type { MatchFollows } from './follows.service';
export type { Matches, MatchesService, MatchPage, MatchQuery } from './matches.service';

/** Live scores: the store the feeds write to, the board of the ±7-day window, the lists, the hub and follows. */
export const matchesModule = defineModule({
  name: 'matches',
  services: ({ database, bus, log }: { database: Database; bus: Bus; log: Logger }) => {
    const matches = createMatches({ db: database.db, bus, log });
    return { matches: { ...matches, follows: createMatchFollows({ db: database.db, matches }) } };
  },
  routes: [matchesRoutes, followsRoutes],
  endpoints: [scoresSocket],
  sitemap: { matches: matchesSitemap },
  start: async ({ matches }: { matches: MatchesService }) => {
    await matches.start();
    return () => matches.stop();
  },
});

/** For page loaders: the follows of `services.matches`. */
export const matchFollows = (services: { matches: { follows: MatchFollows } }): MatchFollows =>
  services.matches.follows;
