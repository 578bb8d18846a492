import type { Translator } from '../../platform/i18n';
import { defineModule } from '../../platform/module';
import { catalogRoutes } from './catalog.routes';
import { createCatalog } from './catalog.service';

export type { Catalog, GameEntry, Menus } from './catalog.service';

/** The game catalogue: games by kind, their names in every language, the home menus. */
export const catalogModule = defineModule({
  name: 'catalog',
  services: ({ i18n }: { i18n: Translator }) => ({ catalog: createCatalog(i18n) }),
  routes: [catalogRoutes],
});
