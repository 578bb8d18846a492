import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import { seedDemoExperts } from './demo';
import { createExperts, type Experts, type ExpertsDeps } from './experts';
import {
  expertsAdminRoutes,
  expertsCreatorRoutes,
  expertsPublicRoutes,
  expertsUserRoutes,
} from './experts.routes';

export type { Experts } from './experts';

/** Expert tips: applications, plans sold for coins in escrow, settlement by job, the chain, records. */
export const expertsModule = defineModule({
  name: 'experts',
  services: (deps: ExpertsDeps) => ({ experts: createExperts(deps) }),
  routes: [expertsPublicRoutes, expertsUserRoutes, expertsCreatorRoutes, expertsAdminRoutes],
  start: async (services: {
    experts: Experts;
    jobs: Jobs;
    bus: Bus;
    log: Logger;
    env: Env;
    database: Database;
  }) => {
    const unsubscribe = await services.experts.settlement.start(services);
    seedDemoExperts({
      ...services,
      settleEnded: () => services.experts.settlement.settleEnded(services.jobs),
    });
    return unsubscribe;
  },
});
