import type { Database } from '../../db/client';
import { defineModule } from '../../platform/module';
import { searchRoutes } from './search.routes';
import { createSearch } from './search.service';

export type { Search } from './search.service';

/**
 * Search over matches, teams, leagues, players, anchors, live rooms, articles and videos, in every
 * language's names (decision 029).
 */
export const searchModule = defineModule({
  name: 'search',
  services: ({ database: { db } }: { database: Database }) => ({ search: createSearch(db) }),
  routes: [searchRoutes],
});
