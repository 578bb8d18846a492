import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import { defineModule } from '../../platform/module';
import { LIVE_STATUS_EVENT } from '../live/live.contract';
import { type CachedSearch, cacheSearch } from './search.cache';
import { searchRoutes } from './search.routes';
import { createSearch } from './search.service';

export type { Search } from './search.service';

/**
 * Search over matches, teams, leagues, players, anchors, live rooms, articles and videos, in every
 * language's names (decision 029). Answers are kept for a few seconds, and dropped on every
 * instance when a room goes on or off air, since rooms on air rank first.
 */
export const searchModule = defineModule({
  name: 'search',
  services: ({ database: { db } }: { database: Database }) => ({ search: cacheSearch(createSearch(db)) }),
  routes: [searchRoutes],
  start: ({ search, bus }: { search: CachedSearch; bus: Bus }) =>
    bus.subscribe(LIVE_STATUS_EVENT, () => search.forget()),
});
