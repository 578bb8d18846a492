import { defineModule } from '../../platform/module';
import { seedDemoMall } from './demo';
import { createMall, type MallDeps } from './mall';
import { mallAdminRoutes, mallRoutes } from './mall.routes';

export type { Mall } from './mall';

/** The coin mall: goods, orders with their review and fulfilment, and the provably fair blind box. */
export const mallModule = defineModule({
  name: 'mall',
  services: (deps: MallDeps) => ({ mall: createMall(deps) }),
  routes: [mallRoutes, mallAdminRoutes],
  start: seedDemoMall,
});
