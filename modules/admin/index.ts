import type { Database } from '../../db/client';
import { defineModule } from '../../platform/module';
import type { Sessions } from '../accounts';
import type { Wallet } from '../wallet';
import { adminRoutes } from './admin.routes';
import { createAdmin } from './admin.service';
import { bootstrapAdmin } from './bootstrap';

export type { Admin, AdminAction, UserDetails, UserSummary } from './admin.service';

/** Administration: accounts (ban, roles), the audit log, and the first administrator from configuration. */
export const adminModule = defineModule({
  name: 'admin',
  services: ({ database, wallet, sessions }: { database: Database; wallet: Wallet; sessions: Sessions }) => ({
    admin: createAdmin({ db: database.db, wallet, sessions }),
  }),
  routes: [adminRoutes],
  start: bootstrapAdmin,
});
