import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, Db } from './client';

/**
 * The database part of a backup (docs/decisions/041-backups.md): a logical dump, the same for
 * PGlite and PostgreSQL. Every table of the public schema is read inside one REPEATABLE READ READ
 * ONLY transaction, through a cursor, into `database/<table>.jsonl` (one `row_to_json` line per
 * row); the manifest says what the files hold. A restore writes them back in one transaction.
 */

export const BACKUP_FORMAT = 'panda-backup';
export const BACKUP_VERSION = 1;

/** Rows read (and written back) at a time. */
const BATCH_ROWS = 1000;
/** A batch written back is cut short of this many characters of JSON. */
const BATCH_CHARS = 4 << 20;

/** Tables the migrations themselves fill: their rows alone do not make a database hold data. */
const FILLED_BY_MIGRATIONS = new Set(['ledger_accounts']);

export interface MigrationEntry {
  /** The migration's file name without `.sql` (`0030_ledger_double_entry`), when this build knows it. */
  tag: string | null;
  /** Drizzle's `created_at`: the migration's `when` in the journal. */
  createdAt: number;
  /** The SHA-256 of the migration's file, as drizzle recorded it. */
  hash: string;
}

export interface TableEntry {
  name: string;
  /** Its columns as written, generated ones left out. */
  columns: string[];
  rows: number;
  /** Inside the archive. */
  file: string;
}

export interface SequenceEntry {
  name: string;
  /** As text (a bigint); null when never used. */
  lastValue: string | null;
}

export interface DatabaseManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the consistent point was taken (ISO 8601, UTC). */
  createdAt: string;
  /** The database it was made from. */
  database: Database['kind'];
  /** The migrations applied to it, oldest first (drizzle's migrations table). */
  migrations: MigrationEntry[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
}

/** A refusal or a broken archive, told to the operator as it is (no stack). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this build applies, oldest first. */
export function buildMigrations(): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    tag: tags.get(migration.folderMillis) ?? null,
    createdAt: migration.folderMillis,
    hash: migration.hash,
  }));
}

const describeLevel = (migrations: MigrationEntry[]) => {
  const last = migrations.at(-1);
  if (!last) return 'no migration';
  return `migration ${last.tag ?? `of ${new Date(last.createdAt).toISOString()}`} (${migrations.length} applied)`;
};

/**
 * Null when an archive's migrations are this build's, otherwise why not: a restore writes rows
 * into the schema this build makes, which must be the one they were read from.
 */
export function migrationMismatch(archived: MigrationEntry[], build = buildMigrations()): string | null {
  const same =
    archived.length === build.length &&
    archived.every((m, i) => m.createdAt === build[i]?.createdAt && m.hash === build[i]?.hash);
  if (same) return null;
  const known = new Map(build.map((m) => [m.createdAt, m]));
  const edited = archived.find((m) => known.has(m.createdAt) && known.get(m.createdAt)?.hash !== m.hash);
  const detail = edited
    ? `; migration ${known.get(edited.createdAt)?.tag} differs from the one the archive's database ran`
    : '';
  return (
    `The archive was made at ${describeLevel(archived)}; this build is at ${describeLevel(build)}${detail}. ` +
    'Restore it with the build of its level, then upgrade as usual (the new build migrates at start-up).'
  );
}

type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer a raw statement with `{rows}`; the shared type does not say so.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of the public schema with their written columns (generated ones left out), by name. */
async function tablesOf(db: Executor): Promise<{ name: string; columns: string[] }[]> {
  return rows(
    db,
    sql`select c.relname::text as name, json_agg(a.attname::text order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname
        order by c.relname`,
  );
}

const columnList = (columns: string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/** Writes `text` to a file stream, waiting while its buffer is full. */
async function write(stream: NodeJS.WritableStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

/**
 * Dumps the database into `dir` (`database/<table>.jsonl`) at one consistent point and answers
 * the manifest. On PostgreSQL the site goes on meanwhile (the snapshot costs it nothing); PGlite
 * is one connection, so there the site's statements wait for the dump to end.
 */
export async function dumpDatabase(
  database: Pick<Database, 'db' | 'kind'>,
  dir: string,
  options: { batchRows?: number } = {},
): Promise<DatabaseManifest> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  await mkdir(path.join(dir, 'database'), { recursive: true });
  return database.db.transaction(
    async (tx) => {
      // The first statement takes the snapshot every later one reads.
      const createdAt = new Date().toISOString();
      const [table] = await rows<{ found: boolean }>(
        tx,
        sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
      );
      if (!table?.found) throw new BackupError('The database has never been migrated: nothing to back up.');
      const known = new Map(buildMigrations().map((m) => [m.createdAt, m.tag]));
      const migrations = (
        await rows<{ hash: string; created_at: string }>(
          tx,
          sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`,
        )
      ).map((m) => ({
        tag: known.get(Number(m.created_at)) ?? null,
        createdAt: Number(m.created_at),
        hash: m.hash,
      }));

      const tables: TableEntry[] = [];
      for (const { name, columns } of await tablesOf(tx)) {
        const file = `database/${name}.jsonl`;
        const out = createWriteStream(path.join(dir, file));
        let count = 0;
        try {
          await tx.execute(
            sql`declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columnList(columns)} from only ${sql.identifier(name)}) r`,
          );
          for (;;) {
            const batch = await rows<{ line: string }>(
              tx,
              sql.raw(`fetch forward ${batchRows} from backup_rows`),
            );
            if (batch.length === 0) break;
            count += batch.length;
            await write(out, `${batch.map((row) => row.line).join('\n')}\n`);
          }
          await tx.execute(sql`close backup_rows`);
        } finally {
          out.end();
          await once(out, 'close');
        }
        tables.push({ name, columns, rows: count, file });
      }
      const sequences = await rows<SequenceEntry>(
        tx,
        sql`select sequencename::text as name, last_value::text as "lastValue"
            from pg_sequences where schemaname = 'public' order by sequencename`,
      );
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt,
        database: database.kind,
        migrations,
        tables,
        sequences,
      } satisfies DatabaseManifest;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The tables holding rows beyond what the migrations write, by name (at most a few): a restore
 * over them is refused unless forced.
 */
export async function tablesHoldingData(db: Executor, limit = 5): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await tablesOf(db)) {
    if (FILLED_BY_MIGRATIONS.has(name)) continue;
    const [row] = await rows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from only ${sql.identifier(name)}) as any`,
    );
    if (row?.any) found.push(name);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * How rows go back without tripping foreign keys: `replica` turns triggers (foreign-key checks
 * among them) off for the transaction, which takes a superuser (or the right granted); `ordered`
 * writes referenced tables first with the tables' own triggers disabled, which takes the tables'
 * owner.
 */
export type RestoreMode = 'replica' | 'ordered';

/** Referenced tables before the tables referring to them; a cycle cannot be ordered. */
async function foreignKeyOrder(db: Executor, names: string[]): Promise<string[]> {
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname::text as child, p.relname::text as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new BackupError(`Foreign keys run in a circle through ${name}: restore as a superuser.`);
    state.set(name, 'visiting');
    for (const parent of parents.get(name) ?? []) visit(parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered;
}

async function tablesWithTriggers(db: Executor): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select distinct c.relname::text as name
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = 'public'`,
  );
  return found.map((row) => row.name);
}

/** Reads a table's file, a batch of lines at a time. */
async function* batchesOf(file: string, batchRows: number): AsyncGenerator<string[]> {
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: string[] = [];
  let chars = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= batchRows || chars >= BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

export interface RestoreDatabaseOptions {
  /** Empties a database that holds data; without it, one is refused. */
  force?: boolean;
  batchRows?: number;
  /** Tests: the way to write rows back; by default `replica` where allowed, else `ordered`. */
  mode?: RestoreMode;
}

/**
 * Writes the dump in `dir` back into a database migrated to the archive's level, in one
 * transaction: a failure leaves the database as it was. Every table is emptied first (the
 * migrations' own rows are in the archive too); sequences end past the ids restored.
 */
export async function restoreDatabase(
  database: Pick<Database, 'db'>,
  dir: string,
  manifest: DatabaseManifest,
  options: RestoreDatabaseOptions = {},
): Promise<{ mode: RestoreMode; rows: number }> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const result = await database.db.transaction(async (tx) => {
    const targetTables = await tablesOf(tx);
    const archived = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const table of targetTables) {
      const entry = archived.get(table.name);
      if (!entry) throw new BackupError(`The archive has no table ${table.name}, which this build has.`);
      if (entry.columns.join(',') !== table.columns.join(','))
        throw new BackupError(
          `Table ${table.name} has columns ${entry.columns.join(', ')} in the archive, ${table.columns.join(', ')} here.`,
        );
      archived.delete(table.name);
    }
    const extra = [...archived.keys()];
    if (extra.length > 0)
      throw new BackupError(`The archive has tables this build lacks: ${extra.join(', ')}.`);

    if (!options.force) {
      const holding = await tablesHoldingData(tx);
      if (holding.length > 0)
        throw new BackupError(
          `The target database already holds data (${holding.join(', ')}): restore into an empty one, or add --force to empty it first.`,
        );
    }

    let mode: RestoreMode = options.mode ?? 'replica';
    if (mode === 'replica') {
      try {
        await tx.transaction((savepoint) =>
          savepoint.execute(sql`set local session_replication_role = replica`),
        );
      } catch {
        mode = 'ordered';
      }
    }
    const names = targetTables.map((table) => table.name);
    const order = mode === 'ordered' ? await foreignKeyOrder(tx, names) : names;
    const triggered = mode === 'ordered' ? await tablesWithTriggers(tx) : [];
    for (const name of triggered)
      await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);

    if (names.length > 0)
      await tx.execute(
        sql`truncate ${sql.join(
          names.map((name) => sql`only ${sql.identifier(name)}`),
          sql`, `,
        )} restart identity`,
      );

    let total = 0;
    for (const name of order) {
      const entry = manifest.tables.find((table) => table.name === name) as TableEntry;
      const columns = columnList(entry.columns);
      const table = sql.identifier(name);
      let count = 0;
      for await (const batch of batchesOf(path.join(dir, entry.file), batchRows)) {
        await tx.execute(
          sql`insert into ${table} (${columns}) overriding system value
              select ${columns} from json_populate_recordset(null::${table}, ${`[${batch.join(',')}]`}::json)`,
        );
        count += batch.length;
      }
      if (count !== entry.rows)
        throw new BackupError(
          `The archive's ${entry.file} holds ${count} rows; its manifest says ${entry.rows}.`,
        );
      total += count;
    }

    // Each sequence past what it had handed out and past the ids of the column it feeds.
    const archivedValues = new Map(manifest.sequences.map((s) => [s.name, s.lastValue]));
    const sequences = await rows<{ name: string; start: string; tbl: string | null; col: string | null }>(
      tx,
      sql`select s.relname::text as name, q.start_value::text as start, t.relname::text as tbl, a.attname::text as col
          from pg_class s
          join pg_namespace n on n.oid = s.relnamespace
          join pg_sequences q on q.schemaname = n.nspname and q.sequencename = s.relname
          left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          left join pg_class t on t.oid = d.refobjid
          left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
          where s.relkind = 'S' and n.nspname = 'public'`,
    );
    for (const sequence of sequences) {
      const [used] =
        sequence.tbl && sequence.col
          ? await rows<{ max: string | null }>(
              tx,
              sql`select max(${sql.identifier(sequence.col)})::text as max from ${sql.identifier(sequence.tbl)}`,
            )
          : [];
      const highest = sql`greatest(${archivedValues.get(sequence.name) ?? null}::bigint, ${used?.max ?? null}::bigint)`;
      // Never used anywhere: back to its start, so that the next id is the first.
      await tx.execute(
        sql`select setval(format('%I.%I', 'public', ${sequence.name}::text)::regclass,
                          coalesce(${highest}, ${sequence.start}::bigint), ${highest} is not null)`,
      );
    }

    for (const name of triggered)
      await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
    return { mode, rows: total };
  });
  // Fresh statistics for the planner: the rows came in at once.
  await database.db.execute(sql`analyze`);
  return result;
}
