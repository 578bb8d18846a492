import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { type Database, type DatabaseTarget, openDatabase } from '../db/client';
import { type Catalog, createCatalog } from '../modules/catalog/catalog.service';
import { type ProjectConfig, projectConfig } from '../modules/system/project-config';
import { createSettings, type Settings } from '../modules/system/settings';
import type { Bus } from './bus/bus';
import { createMemoryBus } from './bus/memory';
import { createRedisBus } from './bus/redis';
import type { Env } from './env';
import { createHttpGeoIp, createLocalGeoIp, type GeoIp } from './geoip/geoip';
import { createTranslator, type Translator } from './i18n';
import { noSessions, type SessionResolver } from './sessions';

/** Everything the routes, pages and websockets share: built once per app instance. */
export interface Services {
  env: Env;
  log: Logger;
  database: Database;
  bus: Bus;
  i18n: Translator;
  catalog: Catalog;
  geoip: GeoIp;
  sessions: SessionResolver;
  settings: Settings;
  project: ProjectConfig;
  /** Signs cookies; from APP_SECRET, else generated once and kept in the database. */
  secret: string;
}

export async function createServices(
  env: Env,
  log: Logger,
  databaseTarget?: DatabaseTarget,
): Promise<Services> {
  const database = await openDatabase(
    databaseTarget ??
      (env.DATABASE_URL
        ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { dataDir: path.resolve(env.DATA_DIR, 'db') }),
  );
  const bus = env.REDIS_URL ? createRedisBus(env.REDIS_URL, log) : createMemoryBus();
  const settings = createSettings(database.db);
  const secret =
    env.APP_SECRET ?? (await settings.getOrCreate('app_secret', () => randomBytes(32).toString('hex')));
  const geoip = env.GEOIP_URL
    ? createHttpGeoIp({ urlTemplate: env.GEOIP_URL, timeoutMs: env.GEOIP_TIMEOUT_MS })
    : createLocalGeoIp();
  const i18n = createTranslator();
  return {
    env,
    log,
    database,
    bus,
    i18n,
    catalog: createCatalog(i18n),
    geoip,
    sessions: noSessions,
    settings,
    project: projectConfig(env),
    secret,
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.bus.close();
  await services.database.close();
}
