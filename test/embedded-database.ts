import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (test/global-setup.ts). */
    migratedDatabaseDump: string;
  }
}

let dump: Blob | undefined;

/**
 * A fresh embedded database in memory, already migrated: loaded from the dump the suite made once,
 * which skips PostgreSQL's initdb; opening it runs the migrations too, and finds none to apply.
 */
export function freshEmbeddedDatabase(): DatabaseTarget {
  dump ??= new Blob([readFileSync(inject('migratedDatabaseDump'))]);
  return { dataDir: null, load: dump };
}
