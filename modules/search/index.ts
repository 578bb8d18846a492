import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import { LIVE_STATUS_EVENT } from '../live/live.contract';
import { type CachedSearch, cacheSearch } from './search.cache';
import { searchRoutes } from './search.routes';
import { countCommonWords, createSearch, rebuildSearchIndexes } from './search.service';

export type { Search } from './search.service';

/** How often the search indexes are built afresh, on one instance. */
const REBUILD_EVERY_MS = 24 * 3600_000;

/**
 * Search over matches, teams, leagues, players, anchors, live rooms, articles and videos, in every
 * language's names (decision 029). Answers are kept for a few seconds, and dropped on every
 * instance when a room goes on or off air, since rooms on air rank first. Its indexes are built
 * afresh once a day, and the words most names of a kind share are counted again.
 */
export const searchModule = defineModule({
  name: 'search',
  services: ({ database: { db } }: { database: Database }) => ({ search: cacheSearch(createSearch(db)) }),
  routes: [searchRoutes],
  start: ({
    search,
    bus,
    jobs,
    database,
  }: {
    search: CachedSearch;
    bus: Bus;
    jobs: Jobs;
    database: Database;
  }) => {
    jobs.every('search:rebuild-indexes', REBUILD_EVERY_MS, async () => {
      await countCommonWords(database.db);
      await rebuildSearchIndexes(database);
    });
    return bus.subscribe(LIVE_STATUS_EVENT, () => search.forget());
  },
});
