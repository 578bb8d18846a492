import sharp, { type Sharp } from 'sharp';
import { AppError } from '../lib/errors';
import type { MessageKey } from '../lib/messages';

// Each upload is read once: libvips' cache of decoded images would only hold memory.
sharp.cache(false);

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** A small file can still claim a huge canvas; more pixels than a 48 MP photo is refused. */
const MAX_PIXELS = 50_000_000;

const startsWith = (data: Buffer, magic: number[], at = 0) => magic.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function signature(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * Checks an uploaded image by its content, never its name or declared type: it must start like
 * one of `formats` and decode as that format. `encode` re-encodes it (resize, WebP), which drops
 * the original's metadata (camera, place). Every failure is `rule`, in the caller's language.
 */
export async function reencodeImage(
  data: Buffer,
  check: { maxBytes: number; formats: readonly ImageFormat[]; rule: MessageKey },
  encode: (image: Sharp) => Sharp,
): Promise<Buffer> {
  if (data.length === 0 || data.length > check.maxBytes) throw new AppError(check.rule);
  const claimed = signature(data);
  if (!claimed || !check.formats.includes(claimed)) throw new AppError(check.rule);
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS });
    const { format } = await image.metadata();
    if (format !== claimed) throw new AppError(check.rule);
    return await encode(image.rotate()).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Right signature but not decodable: damaged, truncated or over the pixel limit.
    throw new AppError(check.rule, { cause: err });
  }
}
