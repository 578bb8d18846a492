import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import type { Accounts } from '../accounts';
import type { Admin } from '../admin';
import type { WalletDomain } from '../wallet';
import { channelAdminRoutes, channelPromoterRoutes, channelTrafficRoutes } from './channels.routes';
import { type Channels, createChannels } from './channels.service';
import { scheduleDemoChannels } from './demo';
import { channelExportRoutes } from './export.routes';

export type { Channels } from './channels.service';
export { DEMO_PROMOTER } from './demo';

/** Each roll-up recomputes today and yesterday; the first run after a start, a month. */
const DAY_MS = 86_400_000;
const CATCH_UP_DAYS = 30;

/** Promotion channels (decision 027): attribution, the daily roll-up job, the promoter's pages. */
export const channelsModule = defineModule({
  name: 'channels',
  services: ({ database, admin }: { database: Database; admin: Admin }) => ({
    channels: createChannels({ db: database.db, admin }),
  }),
  routes: [channelTrafficRoutes, channelPromoterRoutes, channelAdminRoutes],
  endpoints: [channelExportRoutes],
  start: async (services: {
    channels: Channels;
    jobs: Jobs;
    env: Env;
    log: Logger;
    database: Database;
    accounts: Accounts;
    wallet: WalletDomain;
    devAdapters: boolean;
  }) => {
    let caughtUp = false;
    services.jobs.every('channels:roll-up', services.env.CHANNEL_ROLL_UP_SECONDS * 1000, async () => {
      const now = Date.now();
      await services.channels.rollUp(new Date(now - (caughtUp ? 1 : CATCH_UP_DAYS) * DAY_MS), new Date(now));
      caughtUp = true;
    });
    scheduleDemoChannels(services);
  },
});
