import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Bus } from './bus/bus';
import type { Env } from './env';
import type { FileStorage } from './file-storage';
import type { GeoIp } from './geoip/geoip';
import type { Translator } from './i18n';
import type { Jobs } from './jobs/index';
import type { Metrics } from './metrics';
import type { RateLimiter } from './rate-limit';

/** What every module may be built from: the platform's adapters, chosen from the environment. */
export interface PlatformServices {
  env: Env;
  log: Logger;
  database: Database;
  bus: Bus;
  i18n: Translator;
  geoip: GeoIp;
  limiter: RateLimiter;
  /** Uploaded files (avatars, pictures, videos) on the local disk, served at /uploads/. */
  storage: FileStorage;
  /** Timers and durable jobs, on the leader or on every instance; started with the app. */
  jobs: Jobs;
  /** The sandbox is on (dev outbox, test login, sandbox payments): only when DEV_ADAPTERS is true. */
  devAdapters: boolean;
  /** Prometheus metrics of this instance, served at /metrics (with METRICS_TOKEN). */
  metrics: Metrics;
  /** Shared Redis connection for commands, when REDIS_URL is set. */
  redis?: Redis;
}
