import path from 'node:path';
import type { Logger } from 'pino';
import { type DatabaseTarget, openDatabase } from '../db/client';
import { createMemoryBus } from '../platform/bus/memory';
import { createRedisBus } from '../platform/bus/redis';
import type { Env } from '../platform/env';
import { localDiskStorage } from '../platform/file-storage';
import { createHttpGeoIp, createLocalGeoIp } from '../platform/geoip/geoip';
import { createTranslator } from '../platform/i18n';
import { createJobs } from '../platform/jobs/index';
import { createMetrics } from '../platform/metrics';
import type { ModuleDefinition, Stop } from '../platform/module';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../platform/rate-limit';
import { connectRedis } from '../platform/redis';
import type { PlatformServices } from '../platform/services';
import { uploadsDir } from '../platform/uploads';
import { MODULES, type Services } from './modules';

export type { Services } from './modules';

/** The modules typed against the whole of `services`: the compiler checks each gets what it names. */
export const modules: readonly ModuleDefinition<Services>[] = MODULES;

async function createPlatform(
  env: Env,
  log: Logger,
  databaseTarget?: DatabaseTarget,
): Promise<PlatformServices> {
  const database = await openDatabase(
    databaseTarget ??
      (env.DATABASE_URL
        ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { dataDir: path.resolve(env.DATA_DIR, 'db') }),
    { onConnectionError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects') },
  );
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis connection error'));
  const metrics = createMetrics({ process: Boolean(env.METRICS_TOKEN) });
  return {
    env,
    log,
    database,
    bus: env.REDIS_URL ? createRedisBus(env.REDIS_URL, log) : createMemoryBus(),
    i18n: createTranslator(),
    geoip: env.GEOIP_URL
      ? createHttpGeoIp({ urlTemplate: env.GEOIP_URL, timeoutMs: env.GEOIP_TIMEOUT_MS })
      : createLocalGeoIp(),
    limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    storage: localDiskStorage(uploadsDir(env)),
    jobs: createJobs({ db: database.db, log, metrics }),
    devAdapters: sandboxChosen(env, log),
    metrics,
    redis,
  };
}

/** The sandbox (dev outbox, test login, sandbox payments) is on only when chosen, and says so. */
function sandboxChosen(env: Env, log: Logger): boolean {
  if (env.DEV_ADAPTERS !== true) return false;
  log.warn(
    'SANDBOX ON (DEV_ADAPTERS=true): login codes are readable at /java/dev/outbox, /java/login/testLogin and sandbox payments are open to anyone; never use it in production',
  );
  return true;
}

/** Builds the platform, then each module's services in module order. */
export async function createServices(
  env: Env,
  log: Logger,
  databaseTarget?: DatabaseTarget,
): Promise<Services> {
  const services: Record<string, unknown> = { ...(await createPlatform(env, log, databaseTarget)) };
  for (const module of modules) {
    // Each module sees the services of the platform and of the modules before it.
    if (module.services) Object.assign(services, await module.services(services as unknown as Services));
  }
  return services as unknown as Services;
}

/** Runs every module's start in order; the returned function undoes them in reverse. */
export async function startModules(services: Services): Promise<Stop> {
  const stops: Stop[] = [];
  for (const module of modules) {
    const stop = await module.start?.(services);
    if (stop) stops.unshift(stop);
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.jobs.stop();
  await services.bus.close();
  services.redis?.disconnect();
  await services.database.close();
}
