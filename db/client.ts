import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { holdEmbeddedDatabase } from './in-use';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: what a step that may run inside a caller's transaction takes. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { url: string; poolSize?: number }
  | {
      dataDir: string | null;
      /** A dump of a PGlite database (its `dumpDataDir`) to start from instead of an empty one. */
      load?: Blob;
    };

export interface OpenOptions {
  /** Told about a pooled connection that broke while idle (a restarted server, a dropped database). */
  onConnectionError?: (err: Error) => void;
  /** Brings the schema up to date (the default); a backup reads the database as it is. */
  migrate?: boolean;
}

/**
 * PGlite runs in this process, and WebAssembly memory never shrinks: PostgreSQL's defaults
 * (128 MB of shared buffers), sized for a server of its own, would keep a quarter of a gigabyte.
 * Its files sit in the operating system's page cache anyway, so a small buffer pool costs
 * little, and the memory stays near the 128 MB its module starts with.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
];

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given,
 * otherwise PGlite in `dataDir` (in memory when dataDir is null, for tests).
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // Without a listener a connection's error would end the process. The pool hears an idle
    // one's; a connection held by a transaction between two statements reports to no one but
    // itself, so each gets its own. Either way the pool replaces the connection.
    pool.on('error', (err) => options.onConnectionError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (options.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // One process at a time (db/in-use.ts): refused while another has it open.
  const release = target.dataDir ? holdEmbeddedDatabase(target.dataDir) : () => {};
  // pg_trgm for search (migration 0012 creates it); PostgreSQL has it among its contrib extensions.
  const pglite = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    loadDataDir: target.load,
  };
  const client = target.dataDir ? new PGlite(target.dataDir, pglite) : new PGlite(pglite);
  // PGlite runs each statement in this thread and answers without letting the event loop turn, so
  // a long run of statements (the simulator's fill, a rebuild) would hold off every socket and
  // timer until it ended: the server would not even listen. Each message to it waits one turn.
  const execute = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = async (message, options) => {
    await nextTurn();
    return execute(message, options);
  };
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close().finally(release),
  };
}

/** Whether a failed statement broke a unique index (PostgreSQL error 23505), whichever driver reported it. */
export function isUniqueViolation(err: unknown): boolean {
  const error = err as { code?: string; cause?: { code?: string } } | null;
  return error?.code === '23505' || error?.cause?.code === '23505';
}

const dialect = new PgDialect();

/** A prepared statement: run with the values of its placeholders, it answers its rows. */
export type Prepared = (values: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/**
 * Prepares a raw statement whose values are placeholders (`sql.placeholder(name)`), built once:
 * on PostgreSQL a named prepared statement, parsed and planned once per pooled connection and its
 * plan reused after, which for a statement of many parts saves more than running it costs (PGlite
 * runs it as any other). The name is the hash of the text, so one name never stands for two
 * statements.
 */
export function prepareStatement(db: Db, query: SQL): Prepared {
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  // Both drivers answer a raw statement with `{rows}`; the shared type does not say so.
  return async (values) => ((await prepared.execute(values)) as { rows: Record<string, unknown>[] }).rows;
}
