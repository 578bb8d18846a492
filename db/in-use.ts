import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be open in one process only: two PGlite instances writing the same
 * folder would corrupt it. Whoever opens it first writes its process id beside the folder
 * (`DATA_DIR/db.pid` for `DATA_DIR/db`) and removes the file when it closes the database. A file
 * whose process is gone (a crash, a kill) is stale and taken over. PGlite's own postmaster.pid
 * cannot tell: it holds the same made-up number in every process.
 */

/** The lock files this process holds: its own pid in a file it did not write is a stale one. */
const held = new Set<string>();

export const inUseFile = (dataDir: string) => `${path.resolve(dataDir)}.pid`;

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${path.resolve(dataDir)} is in use by process ${pid}` +
        `${pid === process.pid ? ' (this one)' : ''} (${inUseFile(dataDir)}).`,
    );
    this.name = 'DatabaseInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the embedded database in `dataDir`, or null when none does. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  const file = inUseFile(dataDir);
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return held.has(file) ? pid : null;
  return alive(pid) ? pid : null;
}

/**
 * Marks the embedded database in `dataDir` as open by this process; throws a DatabaseInUseError
 * when a live process (this one included) already has it. Answers the function that lets it go.
 */
export function holdEmbeddedDatabase(dataDir: string): () => void {
  const file = inUseFile(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      // `wx`: created only if absent, so of two processes starting at once one wins.
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = embeddedDatabaseHolder(dataDir);
    if (holder !== null) throw new DatabaseInUseError(dataDir, holder);
    if (attempt > 0) throw new Error(`${file} is held and let go by turns; try again`);
    // Stale: its process is gone.
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  held.add(file);
  return () => {
    if (!held.delete(file)) return;
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  };
}
