import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from './users.contract';

/** A 256x256 WebP of a jpg or png upload (see `reencodeImage`). */
export function avatarImage(data: Buffer): Promise<Buffer> {
  return reencodeImage(
    data,
    { maxBytes: AVATAR_MAX_BYTES, formats: ['jpeg', 'png'], rule: 'avatarRule' },
    (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }),
  );
}

export function createAvatars(deps: { db: Db; storage: FileStorage; log: Logger }) {
  const { db, storage, log } = deps;
  return {
    /** Replaces the user's avatar; the old file goes once the new one is in place. */
    async upload(uid: number, data: Buffer): Promise<string> {
      const image = await avatarImage(data);
      let url: string;
      try {
        url = await storage.put(`avatars/${uid}-${randomBytes(8).toString('hex')}.webp`, image);
      } catch (err) {
        throw new AppError('uploadFailed', { cause: err });
      }
      const previous = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ avatar: users.avatar, closedAt: users.closedAt })
          .from(users)
          .where(eq(users.uid, uid))
          .for('update');
        if (!row || row.closedAt) return undefined;
        await tx.update(users).set({ avatar: url, updatedAt: sql`now()` }).where(eq(users.uid, uid));
        return { avatar: row.avatar };
      });
      if (!previous) {
        await removeQuietly(url);
        throw new AppError('accountNotFound');
      }
      if (previous.avatar) await removeQuietly(previous.avatar);
      return url;
    },

    removeQuietly,
  };

  /** A file left behind wastes space but breaks nothing: log it, do not fail the request. */
  async function removeQuietly(url: string): Promise<void> {
    try {
      await storage.remove(url);
    } catch (err) {
      log.warn({ err, url }, 'could not delete an old avatar file');
    }
  }
}

export type Avatars = ReturnType<typeof createAvatars>;
