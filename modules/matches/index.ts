import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Jobs } from '../../platform/jobs/index';
import type { Metrics } from '../../platform/metrics';
import { defineModule } from '../../platform/module';
import { ROLL_EVERY_MS } from './board';
import { calendarRoutes } from './calendar.routes';
import { followsRoutes } from './follows.routes';
import { createMatchFollows } from './follows.service';
import { scoresSocket } from './hub.routes';
import { matchesRoutes } from './matches.routes';
import { createMatches, type MatchesService } from './matches.service';
import { matchesSitemap } from './sitemap';

export type { MatchBoard } from './board';
export type * from './feed';
export type { MatchFollows } from './follows.service';
export type { Matches, MatchesService, MatchPage, MatchQuery } from './matches.service';
export type { LocalNames, NameBook } from './names';
export { MATCHES_CHANGED, type MatchChanged } from './store';

/** Live scores: the store the feeds write to, the board of the ±7-day window, the lists, the hub and follows. */
export const matchesModule = defineModule({
  name: 'matches',
  services: ({
    database,
    bus,
    log,
    metrics,
  }: {
    database: Database;
    bus: Bus;
    log: Logger;
    metrics: Metrics;
  }) => {
    const matches = createMatches({ db: database.db, bus, log, metrics });
    return { matches: { ...matches, follows: createMatchFollows({ db: database.db, matches }) } };
  },
  routes: [matchesRoutes, followsRoutes],
  endpoints: [scoresSocket, calendarRoutes],
  sitemap: { matches: matchesSitemap },
  start: async ({ matches, jobs }: { matches: MatchesService; jobs: Jobs }) => {
    await matches.start();
    // Each instance holds its own board, so each rolls it.
    jobs.every('matches:roll-board', ROLL_EVERY_MS, () => matches.roll(), { everyInstance: true });
    return () => matches.stop();
  },
});
