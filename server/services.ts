import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type Database, type DatabaseTarget, openDatabase } from '../db/client';
import { AppError } from '../lib/errors';
import { type Accounts, createAccounts } from '../modules/accounts/accounts.service';
import { type Codes, createCodes } from '../modules/accounts/codes.service';
import { createSessions, type Sessions } from '../modules/accounts/sessions.service';
import { type Catalog, createCatalog } from '../modules/catalog/catalog.service';
import {
  createDelivery,
  devOutboxSender,
  httpSmsSender,
  type Sender,
  smtpSender,
} from '../modules/delivery/delivery';
import { createLeagues } from '../modules/library/leagues.service';
import { cacheLibrary, type Library } from '../modules/library/library.cache';
import { createPlayers } from '../modules/library/players.service';
import { createSquads } from '../modules/library/squads.service';
import { createTables } from '../modules/library/tables.service';
import { createMatches, type MatchesService } from '../modules/matches/matches.service';
import { type ProjectConfig, projectConfig } from '../modules/system/project-config';
import { createSettings, type Settings } from '../modules/system/settings';
import { createWallet, type Wallet } from '../modules/wallet/wallet.service';
import type { Bus } from '../platform/bus/bus';
import { createMemoryBus } from '../platform/bus/memory';
import { createRedisBus } from '../platform/bus/redis';
import type { Env } from '../platform/env';
import { createHttpGeoIp, createLocalGeoIp, type GeoIp } from '../platform/geoip/geoip';
import { createTranslator, type Translator } from '../platform/i18n';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../platform/rate-limit';

/** Everything the routes, pages and websockets share: built once per app instance. */
export interface Services {
  env: Env;
  log: Logger;
  database: Database;
  bus: Bus;
  i18n: Translator;
  catalog: Catalog;
  geoip: GeoIp;
  sessions: Sessions;
  limiter: RateLimiter;
  wallet: Wallet;
  codes: Codes;
  accounts: Accounts;
  /** Live scores: the match store, the board of the ±7-day window and the lists (decision 007). */
  matches: MatchesService;
  /**
   * The data library: competitions, teams and players by game and name; a competition's overview,
   * tables, brackets and schedules; a team's and a player's page (decision 011).
   */
  dataLibrary: Library;
  /** Sandbox adapters are active (dev outbox, test login). */
  devAdapters: boolean;
  /** Shared Redis connection for commands, when REDIS_URL is set. */
  redis?: Redis;
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
    { onConnectionError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects') },
  );
  const bus = env.REDIS_URL ? createRedisBus(env.REDIS_URL, log) : createMemoryBus();
  const settings = createSettings(database.db);
  const secret =
    env.APP_SECRET ?? (await settings.getOrCreate('app_secret', () => randomBytes(32).toString('hex')));
  const geoip = env.GEOIP_URL
    ? createHttpGeoIp({ urlTemplate: env.GEOIP_URL, timeoutMs: env.GEOIP_TIMEOUT_MS })
    : createLocalGeoIp();
  const i18n = createTranslator();
  const { db } = database;
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 3 }) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis connection error'));
  const limiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
  const devAdapters = env.DEV_ADAPTERS ?? (!env.DATABASE_URL && !env.SMTP_URL);
  const outbox = devOutboxSender(db);
  const send = createDelivery({
    email: env.SMTP_URL
      ? smtpSender(env.SMTP_URL, env.MAIL_FROM)
      : devAdapters
        ? outbox
        : unavailable('email'),
    sms: env.SMS_URL ? httpSmsSender(env.SMS_URL, env.SMS_TOKEN) : devAdapters ? outbox : unavailable('sms'),
  });
  const wallet = createWallet(db);
  const sessions = createSessions(db, { days: env.SESSION_DAYS });
  const codes = createCodes({ db, limiter, send, i18n });
  const matches = createMatches({ db, bus, log });
  await matches.start();
  return {
    env,
    log,
    database,
    bus,
    i18n,
    catalog: createCatalog(i18n),
    geoip,
    sessions,
    limiter,
    wallet,
    codes,
    accounts: createAccounts({ db, wallet, sessions, codes, limiter }),
    matches,
    dataLibrary: cacheLibrary(
      {
        tables: createTables(db),
        leagues: createLeagues(db),
        squads: createSquads(db),
        players: createPlayers(db),
      },
      matches.board,
    ),
    devAdapters,
    redis,
    settings,
    project: projectConfig(env),
    secret,
  };
}

/** Without a configured provider a channel cannot deliver; saying so beats losing the code. */
function unavailable(channel: string): Sender {
  return async () => {
    throw new AppError('notSupported', { cause: new Error(`no ${channel} delivery configured`) });
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.matches.stop();
  await services.bus.close();
  services.redis?.disconnect();
  await services.database.close();
}
