import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { DatabaseTarget } from '../db/client';
import { readEnv } from '../platform/env';
import { buildApp } from '../server/app';
import { freshEmbeddedDatabase } from './embedded-database';

export interface TestAppOptions {
  /** PGlite in memory unless a target is given. */
  database?: DatabaseTarget;
  env?: Record<string, string>;
}

/** The whole app without pages, on its own database, for `inject` or a real port. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  // No score feed and no RTMP ingest unless the test asks for them (SCORE_FEED, MEDIA_INGEST).
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SCORE_FEED: 'none',
    MEDIA_INGEST: 'none',
    ...options.env,
  });
  return buildApp({
    env,
    log: pino({ level: 'silent' }),
    database: options.database ?? freshEmbeddedDatabase(),
  });
}
