import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Env } from '../../platform/env';
import { defineModule } from '../../platform/module';
import { createProjectConfig } from './project-config';
import { createSettings } from './settings';
import { systemRoutes } from './system.routes';

export type { EditableProjectConfig, ProjectConfig, ProjectConfigService } from './project-config';
export type { Settings } from './settings';

/** Stored settings, the project config sent to the browser, and the secret that signs cookies. */
export const systemModule = defineModule({
  name: 'system',
  services: async ({ database, env }: { database: Database; env: Env }) => {
    const settings = createSettings(database.db);
    return {
      settings,
      /** The project config sent to the browser (administrators edit it). */
      project: createProjectConfig({ env, settings }),
      /** Signs cookies; from APP_SECRET, else generated once and kept in the database. */
      secret:
        env.APP_SECRET ?? (await settings.getOrCreate('app_secret', () => randomBytes(32).toString('hex'))),
    };
  },
  routes: [systemRoutes],
});
