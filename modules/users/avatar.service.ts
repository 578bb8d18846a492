import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { FileStorage } from './file-storage';
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from './users.contract';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A small file can still claim a huge canvas; more pixels than a 48 MP photo is refused. */
const MAX_PIXELS = 50_000_000;

const startsWith = (data: Buffer, magic: number[]) => magic.every((byte, i) => data[i] === byte);

/**
 * Checks an upload by its content, never its name: it must start like a JPEG or PNG and decode
 * as one. Answers a 256x256 WebP without the original's metadata (no camera or place data).
 */
export async function avatarImage(data: Buffer): Promise<Buffer> {
  if (data.length === 0 || data.length > AVATAR_MAX_BYTES) throw new AppError('avatarRule');
  const claimed = startsWith(data, JPEG) ? 'jpeg' : startsWith(data, PNG) ? 'png' : null;
  if (!claimed) throw new AppError('avatarRule');
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS });
    const { format } = await image.metadata();
    if (format !== claimed) throw new AppError('avatarRule');
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Right signature but not decodable: damaged, truncated or over the pixel limit.
    throw new AppError('avatarRule', { cause: err });
  }
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
