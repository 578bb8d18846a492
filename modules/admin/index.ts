import type { Database } from '../../db/client';
import { defineModule } from '../../platform/module';
import type { Sessions } from '../accounts';
import type { Experts } from '../experts';
import type { Wallet } from '../wallet';
import { adminRoutes } from './admin.routes';
import { createAdmin } from './admin.service';
import { bootstrapAdmin } from './bootstrap';

export type { Admin, AdminAction, Dashboard, QueueKey, UserDetails, UserSummary } from './admin.service';

/** Administration: accounts (ban, roles), the audit log, and the first administrator from configuration. */
export const adminModule = defineModule({
  name: 'admin',
  services: ({
    database,
    wallet,
    sessions,
    experts,
  }: {
    database: Database;
    wallet: Wallet;
    sessions: Sessions;
    experts: Experts;
  }) => ({
    admin: createAdmin({ db: database.db, wallet, sessions, experts }),
  }),
  routes: [adminRoutes],
  start: bootstrapAdmin,
});
