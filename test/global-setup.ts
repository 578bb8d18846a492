import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import './embedded-database';

/**
 * The unit suite's global set-up: migrates one embedded database and dumps it, so that each test's
 * fresh database starts from the dump instead of running initdb and every migration again.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'migrated-database-'));
  const file = path.join(dir, 'dump.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedDatabaseDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
