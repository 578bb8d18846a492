import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import type { RateLimiter } from '../../platform/rate-limit';
import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  UPLOADS_PER_HOUR,
  VIDEO_MAX_BYTES,
  type VideoUpload,
} from './content.contract';
import { coverFrame, MediaToolsMissing, probeMp4, streamToFile } from './video-media';

/** Where uploaded videos and their cover frames are stored, in the uploads storage. */
export const VIDEO_FOLDER = 'videos/';

const randomName = () => randomBytes(16).toString('hex');

/**
 * Pictures for article bodies and covers, and MP4 videos, uploaded by creators. Large uploads
 * are streamed to `incomingDir` (on the same disk as the storage) before they are checked.
 */
export function createContentUploads(deps: {
  storage: FileStorage;
  incomingDir: string;
  limiter: RateLimiter;
  log: Logger;
}) {
  const { storage, incomingDir, limiter, log } = deps;

  async function counted(uid: number) {
    const limit = await limiter.hit(`content-upload:${uid}`, UPLOADS_PER_HOUR, 3600);
    if (!limit.allowed) throw new AppError('tooManyRequests');
  }

  /** A cover picture of at most IMAGE_MAX_SIDE a side, as WebP. */
  function coverOf(data: Buffer) {
    return reencodeImage(
      data,
      { maxBytes: IMAGE_MAX_BYTES, formats: IMAGE_FORMATS, rule: 'imageRule' },
      (picture) =>
        picture
          .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 }),
    );
  }

  async function stored<T>(what: string, store: () => Promise<T>): Promise<T> {
    try {
      return await store();
    } catch (err) {
      log.error({ err }, `could not store an uploaded ${what}`);
      throw new AppError('uploadFailed', { cause: err });
    }
  }

  return {
    /** Checks and re-encodes the image (WebP, at most 1600 px a side) and answers its URL. */
    async image(uid: number, data: Buffer): Promise<string> {
      await counted(uid);
      const image = await coverOf(data);
      // The random name cannot be guessed, so an image not yet published stays unseen.
      return stored('image', () => storage.put(`content/${randomName()}.webp`, image));
    },

    /**
     * Streams an MP4 to disk (at most VIDEO_MAX_BYTES), checks it by probing, reads its length
     * and takes a cover frame; answers where both are stored.
     */
    async video(uid: number, body: NodeJS.ReadableStream): Promise<VideoUpload> {
      await counted(uid);
      const name = randomName();
      const incoming = path.join(incomingDir, `${name}.mp4`);
      try {
        await streamToFile(body, incoming, VIDEO_MAX_BYTES);
        const durationSeconds = await probeMp4(incoming);
        const cover = await coverOf(await coverFrame(incoming, durationSeconds));
        return await stored('video', async () => ({
          source: await storage.putFile(`${VIDEO_FOLDER}${name}.mp4`, incoming),
          cover: await storage.put(`${VIDEO_FOLDER}${name}.webp`, cover),
          durationSeconds,
        }));
      } catch (err) {
        if (!(err instanceof MediaToolsMissing)) throw err;
        log.error({ err }, 'ffmpeg is not installed: uploaded videos cannot be checked and are refused');
        throw new AppError('uploadFailed', { cause: err });
      } finally {
        await unlink(incoming).catch(() => {});
      }
    },
  };
}
