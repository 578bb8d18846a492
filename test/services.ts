import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Under CI the PostgreSQL and Redis suites must run: a missing service fails instead of skipping. */
const mustRun = process.env.CI === 'true';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
export const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

async function serviceAnswers(name: string, url: string, check: () => Promise<unknown>): Promise<boolean> {
  const ok = url !== '' && (await reachable(check));
  if (!ok && mustRun)
    throw new Error(`${name} is required under CI but ${url ? `${url} does not answer` : 'no URL is set'}`);
  return ok;
}

export const postgresAvailable = await serviceAnswers('PostgreSQL', POSTGRES_URL, async () => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.end();
});

export const redisAvailable = await serviceAnswers('Redis', REDIS_URL, async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
});

/** A fresh, empty PostgreSQL database for one test file; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
