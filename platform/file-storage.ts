import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Local disk now; an object store later implements the same three
 * calls and answers its own public URLs, so callers keep only URLs.
 */
export interface FileStorage {
  /** Stores the file under `key` ("avatars/12-ab3f.webp") and answers its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  /** Stores a finished file of the local disk (a large upload streamed there) and removes it. */
  putFile(key: string, file: string): Promise<string>;
  /** Deletes a file this storage handed out; any other URL (a provider's avatar) is left alone. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Files under `dir`, served by the app at /uploads/ (platform/uploads.ts). */
export function localDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the uploads folder: ${key}`);
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never gets half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(partial, data);
      await rename(partial, file);
      return UPLOADS_PREFIX + key;
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(source, file).catch(async (err: NodeJS.ErrnoException) => {
        // Another disk: copy aside, then rename, so a reader still never gets half a file.
        if (err.code !== 'EXDEV') throw err;
        const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
        await copyFile(source, partial);
        await rename(partial, file);
        await unlink(source);
      });
      return UPLOADS_PREFIX + key;
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return;
      await unlink(fileOf(url.slice(UPLOADS_PREFIX.length))).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}
