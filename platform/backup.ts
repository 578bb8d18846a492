import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type DatabaseManifest,
  dumpDatabase,
  migrationMismatch,
  type RestoreMode,
  restoreDatabase,
  tablesHoldingData,
} from '../db/backup';
import type { Database } from '../db/client';

/**
 * One backup archive (docs/decisions/041-backups.md): a gzipped tar made by the system's `tar`,
 * holding first `manifest.json` and the database's dump (`database/<table>.jsonl`, db/backup.ts),
 * then the files of DATA_DIR that rows point at. The dump is taken before the files are read, so
 * every file a row names is in the archive (files added meanwhile are too, unnamed).
 */

export { BackupError } from '../db/backup';

/** DATA_DIR's folders a backup carries: uploads, ID photos and the like, live recordings. */
export const FILE_FOLDERS = ['uploads', 'private', 'recordings'] as const;

export interface BackupManifest extends DatabaseManifest {
  /** The folders of DATA_DIR in the archive. */
  files: string[];
}

/** `panda-2026-12-03T10-15-30Z.tar.gz`: the archive's default name, by the UTC time it was made. */
export function archiveName(at = new Date()): string {
  return `panda-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

interface Run {
  code: number;
  stderr: string;
}

/** Runs `tar`; a status of 1 is only "a file changed as it was read" (a recording being written). */
function tar(args: string[], output?: 'stdout'): { child: ReturnType<typeof spawn>; done: Promise<Run> } {
  const child = spawn('tar', args, { stdio: ['ignore', output === 'stdout' ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 2, stderr: stderr.trim() }));
  });
  return { child, done };
}

async function tarOk(args: string[]): Promise<void> {
  const { code, stderr } = await tar(args).done;
  if (code !== 0) throw new BackupError(`tar ${args[0]} failed (status ${code}): ${stderr}`);
}

export interface StartedBackup {
  manifest: BackupManifest;
  /** The archive's bytes, gzipped. */
  stream: Readable;
  /** Settles once tar is done and the staging folder is gone; rejects if tar failed. */
  finished: Promise<void>;
}

/**
 * Dumps the database (one consistent point) into a staging folder in DATA_DIR, then starts tar on
 * it and on DATA_DIR's file folders, streaming the archive. The caller reads `stream` to its end.
 */
export async function startBackup(options: {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  batchRows?: number;
}): Promise<StartedBackup> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const dump = await dumpDatabase(options.database, staging, { batchRows: options.batchRows });
    const files = FILE_FOLDERS.filter((folder) => existsSync(path.join(dataDir, folder)));
    const manifest: BackupManifest = { ...dump, files };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const { child, done } = tar(
      [
        '-czf',
        '-',
        // Files on their way into the uploads folder (platform/file-storage.ts).
        '--exclude=*.part',
        '--warning=no-file-changed',
        '-C',
        staging,
        'manifest.json',
        'database',
        ...(files.length > 0 ? ['-C', dataDir, ...files] : []),
      ],
      'stdout',
    );
    // Ended only once tar says it went well: a reader (an HTTP client) must not take a cut or
    // incomplete archive for a whole one.
    const stream = new PassThrough();
    (child.stdout as Readable).pipe(stream, { end: false });
    // A reader gone (a client hung up) leaves tar blocked on a full pipe: stop it.
    stream.once('close', () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    });
    const finished = done
      .then(({ code, stderr }) => {
        if (code > 1) throw new BackupError(`tar failed (status ${code}): ${stderr}`);
        stream.end();
      })
      .catch((err: Error) => {
        stream.destroy(err);
        throw err;
      })
      .finally(() => rm(staging, { recursive: true, force: true }));
    // Settled by the caller's reading; never an unhandled rejection.
    finished.catch(() => {});
    return { manifest, stream, finished };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/** Writes a backup to `out` (aside first, renamed when whole); answers its manifest. */
export async function writeBackup(options: {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  out: string;
  batchRows?: number;
}): Promise<BackupManifest> {
  if (existsSync(options.out)) throw new BackupError(`${options.out} exists already.`);
  await mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
  const backup = await startBackup(options);
  const partial = `${options.out}.partial`;
  try {
    await pipeline(backup.stream, createWriteStream(partial));
    await backup.finished;
    await rename(partial, options.out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return backup.manifest;
}

/** The manifest of an archive, checked to be one this build reads. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  const { child, done } = tar(['-xzOf', archive, '--occurrence=1', 'manifest.json'], 'stdout');
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { code, stderr } = await done;
  if (code !== 0)
    throw new BackupError(`${archive} is not a backup archive (tar: ${stderr || `status ${code}`}).`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupError(`${archive} has a manifest that is not JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${archive} is not a backup archive of this site.`);
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `${archive} is of archive format ${manifest.version}; this build reads format ${BACKUP_VERSION}.`,
    );
  return manifest;
}

/** Reads an archive to its end (gzip checks its own length and sum there): a cut one is refused. */
export async function verifyArchive(archive: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  const { code, stderr } = await tar(['-tzf', archive]).done;
  if (code !== 0)
    throw new BackupError(`${archive} is cut short or damaged (tar: ${stderr || `status ${code}`}).`);
  return readManifest(archive);
}

/**
 * Refuses an archive this build cannot restore: of another format, or made at another migration
 * level. Done before the target is opened.
 */
export async function checkArchive(archive: string): Promise<BackupManifest> {
  const manifest = await readManifest(archive);
  const mismatch = migrationMismatch(manifest.migrations);
  if (mismatch) throw new BackupError(mismatch);
  return manifest;
}

async function folderHoldsFiles(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder, { recursive: true, withFileTypes: true })).some(
      (entry) => !entry.isDirectory(),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

export interface RestoreOptions {
  archive: string;
  /** The target, opened (and so migrated) by the caller. */
  database: Pick<Database, 'db'>;
  dataDir: string;
  /** Empties a target that holds data (rows or files) first; without it, one is refused. */
  force?: boolean;
  batchRows?: number;
  /** Tests: how rows go back (db/backup.ts). */
  mode?: RestoreMode;
}

/**
 * Restores an archive into the target: the rows in one transaction (a failure leaves the
 * database as it was), then the file folders, each swapped in whole for the one there was.
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ manifest: BackupManifest; mode: RestoreMode; rows: number }> {
  const manifest = await checkArchive(options.archive);
  const dataDir = path.resolve(options.dataDir);
  if (!options.force) {
    const holding = await tablesHoldingData(options.database.db);
    if (holding.length > 0)
      throw new BackupError(
        `The target database already holds data (${holding.join(', ')}): restore into an empty one, or add --force to empty it first.`,
      );
    for (const folder of FILE_FOLDERS)
      if (await folderHoldsFiles(path.join(dataDir, folder)))
        throw new BackupError(
          `${path.join(dataDir, folder)} already holds files: restore into a fresh DATA_DIR, or add --force to replace them.`,
        );
  }
  await mkdir(dataDir, { recursive: true });
  // In DATA_DIR, so that the folders are moved into place rather than copied.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await tarOk(['-xzf', options.archive, '-C', staging, '--no-same-owner']);
    const restored = await restoreDatabase(options.database, staging, manifest, {
      force: options.force,
      batchRows: options.batchRows,
      mode: options.mode,
    });
    const old = path.join(staging, `replaced-${randomBytes(4).toString('hex')}`);
    await mkdir(old);
    for (const folder of FILE_FOLDERS) {
      const target = path.join(dataDir, folder);
      if (existsSync(target)) await rename(target, path.join(old, folder));
      if (manifest.files.includes(folder)) await rename(path.join(staging, folder), target);
    }
    return { manifest, ...restored };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The manifest's totals, for a line of output. */
export function summary(manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const files = manifest.files.length > 0 ? manifest.files.join(', ') : 'no file folders';
  return `${manifest.tables.length} tables, ${rows} rows, ${files}; taken ${manifest.createdAt} from ${manifest.database}`;
}
