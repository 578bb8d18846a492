import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { Translator } from '../../platform/i18n';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Sender } from '../delivery';
import type { Matches } from '../matches';
import type { Settings } from '../system';
import { alertsRoutes } from './alerts.routes';
import { type Alerts, createAlerts } from './alerts.service';
import { createPushSender, sandboxPushSender } from './sender';
import { vapidKeys } from './vapid';

export type { Alerts } from './alerts.service';

interface AlertsModuleDeps {
  database: Database;
  env: Env;
  log: Logger;
  i18n: Translator;
  limiter: RateLimiter;
  settings: Settings;
  delivery: Sender;
  devAdapters: boolean;
  matches: Pick<Matches, 'names'>;
}

/** Web Push alerts with the tab closed: kick-offs, goals and final scores of what a fan follows (decision 028). */
export const alertsModule = defineModule({
  name: 'alerts',
  services: async (deps: AlertsModuleDeps) => {
    const { database, env, log, i18n, limiter, settings, delivery, devAdapters, matches } = deps;
    const vapid = await vapidKeys(env, settings);
    const webPush = createPushSender(vapid);
    const sender = devAdapters
      ? sandboxPushSender(
          webPush,
          (copy) => delivery({ channel: 'push', ...copy }),
          (err, endpoint) => log.warn({ err, endpoint }, 'sandbox: the push service is out of reach'),
        )
      : webPush;
    const alerts = createAlerts({
      db: database.db,
      log,
      i18n,
      limiter,
      sender,
      names: matches.names,
      allowLocalHttp: env.PUSH_LOCAL_HTTP === true,
    });
    return { alerts: { ...alerts, publicKey: vapid.publicKey } };
  },
  routes: [alertsRoutes],
  start: ({ alerts, jobs, bus }: { alerts: Alerts; jobs: Jobs; bus: Bus }) => alerts.start({ jobs, bus }),
});
