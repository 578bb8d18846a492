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

/** PGlite in memory always; PostgreSQL too when one is reachable (required under CI). */
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

/** A fresh database of the target, opened with its schema; closed (and dropped) after the file. */
export async function openTestDatabase(
  target: TestDatabaseTarget,
  options?: { poolSize?: number },
): Promise<Database> {
  const database = await openDatabase(await target.create(options));
  cleanUpAfterFile(() => database.close());
  return database;
}
