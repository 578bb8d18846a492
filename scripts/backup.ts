import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { type DatabaseTarget, openDatabase } from '../db/client';
import { DatabaseInUseError, embeddedDatabaseHolder } from '../db/in-use';
import {
  archiveName,
  BackupError,
  checkArchive,
  restoreBackup,
  summary,
  verifyArchive,
  writeBackup,
} from '../platform/backup';
import { ConfigError, type Env, readEnv } from '../platform/env';

/**
 * Backups that restore (docs/decisions/041-backups.md), with the app's environment (DATA_DIR,
 * DATABASE_URL):
 *
 *   npm run backup [-- --out <file>]          the database and DATA_DIR's files, into one archive
 *   npm run backup -- --from http://host:port  the same, made by the running app (OPS_TOKEN)
 *   npm run restore -- <archive> [--force]     into an empty database and a fresh DATA_DIR
 */

const USAGE = `usage:
  npm run backup [-- --out <file>] [--from http://host:port]
  npm run restore -- <archive> [--force]`;

type Say = (line: string) => void;

/** The database the app would open, by the same rules (server/services.ts). */
export function databaseTargetOf(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { url: env.DATABASE_URL, poolSize: 2 }
    : { dataDir: path.resolve(env.DATA_DIR, 'db') };
}

/** Fetches the archive the running app at `from` makes (GET /ops/backup), into `out`. */
export async function fetchBackup(options: { from: string; token: string | undefined; out: string }) {
  if (!options.token)
    throw new BackupError('OPS_TOKEN is not set: give the token the app was started with (OPS_TOKEN=...).');
  const url = new URL('/ops/backup', options.from);
  const answer = await fetch(url, { headers: { authorization: `Bearer ${options.token}` } }).catch((err) => {
    throw new BackupError(
      `${url.origin} does not answer (${(err as Error).cause ?? (err as Error).message}).`,
    );
  });
  if (answer.status === 401)
    throw new BackupError(`${url.origin} refused the token: OPS_TOKEN differs from the app's.`);
  if (answer.status === 404)
    throw new BackupError(`${url.origin} serves no ${url.pathname}: start the app with OPS_TOKEN set.`);
  if (answer.status === 409)
    throw new BackupError(`${url.origin} is making another backup; try again when it is done.`);
  if (!answer.ok || !answer.body) throw new BackupError(`${url} answered ${answer.status}.`);
  await mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
  const partial = `${options.out}.partial`;
  try {
    await pipeline(Readable.fromWeb(answer.body as WebReadableStream), createWriteStream(partial));
    // A cut stream is not an archive: tar must read it to its end.
    const manifest = await verifyArchive(partial);
    await rename(partial, options.out);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw new BackupError(
      `The archive from ${url.origin} came cut short or damaged, and was not kept (${(err as Error).message}).`,
    );
  }
}

export async function backup(env: Env, args: { out?: string; from?: string }, say: Say): Promise<void> {
  const out = args.out ?? path.join('backups', archiveName());
  if (existsSync(out)) throw new BackupError(`${out} exists already.`);
  if (args.from) {
    const manifest = await fetchBackup({ from: args.from, token: env.OPS_TOKEN, out });
    say(`backed up to ${out}: ${summary(manifest)}`);
    return;
  }
  const target = databaseTargetOf(env);
  if ('dataDir' in target && target.dataDir) {
    const holder = embeddedDatabaseHolder(target.dataDir);
    if (holder !== null) throw inUse(new DatabaseInUseError(target.dataDir, holder));
    if (!existsSync(path.join(target.dataDir, 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${target.dataDir} (DATA_DIR=${env.DATA_DIR}).`);
  }
  // Read as it is: a backup migrates nothing.
  const database = await openDatabase(target, { migrate: false }).catch((err) => {
    throw err instanceof DatabaseInUseError ? inUse(err) : err;
  });
  try {
    const manifest = await writeBackup({ database, dataDir: env.DATA_DIR, out });
    say(`backed up to ${out}: ${summary(manifest)}`);
  } finally {
    await database.close();
  }
}

function inUse(err: DatabaseInUseError): BackupError {
  return new BackupError(
    `${err.message} It cannot be opened twice; back it up through the running app instead:\n` +
      "  OPS_TOKEN=<the app's token> npm run backup -- --from http://<its host>:<its port>\n" +
      '(the app serves /ops/backup when started with OPS_TOKEN set), or stop the app first.',
  );
}

export async function restore(env: Env, args: { archive: string; force: boolean }, say: Say): Promise<void> {
  // Refused before the target is touched: another format or migration level.
  const manifest = await checkArchive(args.archive);
  say(`restoring ${args.archive}: ${summary(manifest)}`);
  const target = databaseTargetOf(env);
  if ('dataDir' in target && target.dataDir) {
    const holder = embeddedDatabaseHolder(target.dataDir);
    if (holder !== null)
      throw new BackupError(`${new DatabaseInUseError(target.dataDir, holder).message} Stop the app first.`);
  }
  const database = await openDatabase(target).catch((err) => {
    throw err instanceof DatabaseInUseError ? new BackupError(`${err.message} Stop the app first.`) : err;
  });
  try {
    const restored = await restoreBackup({
      archive: args.archive,
      database,
      dataDir: env.DATA_DIR,
      force: args.force,
    });
    const where = 'url' in target ? 'PostgreSQL' : `the embedded database in ${target.dataDir}`;
    const files = manifest.files.join(', ') || 'no file folders';
    const how =
      restored.mode === 'replica'
        ? 'triggers and foreign-key checks off for the transaction'
        : "not a superuser: referenced tables first, the tables' triggers off meanwhile";
    say(
      `restored ${restored.rows} rows into ${where} (${how}), and ${files} into ${path.resolve(env.DATA_DIR)}`,
    );
  } finally {
    await database.close();
  }
}

/** Runs one verb; answers the exit status. */
export async function main(argv: string[], source = process.env, say: Say = console.log): Promise<number> {
  let parsed: { values: { out?: string; from?: string; force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean' } },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [verb, ...rest] = parsed.positionals;
  try {
    const env = readEnv(source);
    if (verb === 'backup' && rest.length === 0 && !parsed.values.force) {
      await backup(env, { out: parsed.values.out, from: parsed.values.from }, say);
      return 0;
    }
    if (verb === 'restore' && rest.length === 1 && !parsed.values.out && !parsed.values.from) {
      await restore(env, { archive: rest[0] as string, force: parsed.values.force ?? false }, say);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  process.exitCode = await main(process.argv.slice(2));
}
