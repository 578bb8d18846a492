import { afterAll } from 'vitest';
import { type Database, type DatabaseTarget, openDatabase } from '../db/client';
import { freshEmbeddedDatabase } from './embedded-database';
import { createPostgresDatabase, postgresAvailable } from './services';

const cleanups: (() => Promise<void>)[] = [];

// Each test file loads this module afresh, so the list and this hook belong to one file.
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Undoes something once the test file is done. The newest goes first, so an app closes before
 * the database it used is dropped.
 */
export function cleanUpAfterFile(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export interface TestDatabaseTarget {
  name: 'PGlite' | 'PostgreSQL';
  /** A fresh, empty database, dropped after the file; `poolSize` sizes PostgreSQL's pool. */
  create(options?: { poolSize?: number }): Promise<DatabaseTarget>;
}

/**
 * PGlite in memory always; PostgreSQL too when one is reachable (required under CI): for the files
 * whose rules depend on the database server (row locks, concurrent requests, leases, search, the
 * pool). The others take `embeddedOnly`.
 */
export const databaseTargets: TestDatabaseTarget[] = [
  { name: 'PGlite', create: async () => freshEmbeddedDatabase() },
  ...(postgresAvailable
    ? [
        {
          name: 'PostgreSQL' as const,
          create: async (options: { poolSize?: number } = {}) => {
            const created = await createPostgresDatabase();
            cleanUpAfterFile(created.drop);
            return { url: created.url, ...options };
          },
        },
      ]
    : []),
];

/** PGlite alone: for the rules that hold whatever the database server. */
export const embeddedOnly: TestDatabaseTarget[] = databaseTargets.slice(0, 1);

/** A fresh database of the target, opened with its schema; closed (and dropped) after the file. */
export async function openTestDatabase(
  target: TestDatabaseTarget,
  options?: { poolSize?: number },
): Promise<Database> {
  const database = await openDatabase(await target.create(options));
  cleanUpAfterFile(() => database.close());
  return database;
}
