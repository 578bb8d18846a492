import { inflateSync } from 'node:zlib';
import { AppError } from '../../lib/errors';

/** The largest gift animation an administrator may upload. */
export const GIFT_ANIMATION_MAX_BYTES = 2 * 1024 * 1024;
/** What an SVGA file may inflate to; more is a zip bomb, not an animation. */
const SVGA_MAX_INFLATED = 32 * 1024 * 1024;

export type AnimationType = 'svga' | 'lottie';

/**
 * What kind of gift animation `data` is, checked by its structure rather than its name:
 * SVGA 2 (a zlib-deflated protobuf movie with its params and at least one sprite, what the
 * room's player plays) or Lottie (Bodymovin JSON with a frame rate, frames, a size and layers).
 * Anything else is `animationRule`.
 */
export function giftAnimationType(data: Buffer): AnimationType {
  if (data.length === 0 || data.length > GIFT_ANIMATION_MAX_BYTES) throw new AppError('animationRule');
  if (data[0] === 0x78 && isSvgaMovie(data)) return 'svga';
  if (isLottie(data)) return 'lottie';
  throw new AppError('animationRule');
}

/** The top-level fields of the MovieEntity: 2 `params` and 4 `sprites` must be there. */
function isSvgaMovie(data: Buffer): boolean {
  let movie: Buffer;
  try {
    movie = inflateSync(data, { maxOutputLength: SVGA_MAX_INFLATED });
  } catch {
    return false;
  }
  const fields = protobufFields(movie);
  return fields?.has(2) === true && fields.has(4);
}

/** The field numbers of a protobuf message, or null when the bytes are not one. */
function protobufFields(bytes: Buffer): Set<number> | null {
  const seen = new Set<number>();
  let at = 0;
  const varint = (): number | null => {
    let value = 0;
    for (let shift = 0; shift < 35 && at < bytes.length; shift += 7) {
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return null;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag === null || tag >>> 3 === 0) return null;
    const wire = tag & 7;
    if (wire === 0) {
      if (varint() === null) return null;
    } else if (wire === 1) at += 8;
    else if (wire === 2) {
      const length = varint();
      if (length === null) return null;
      at += length;
    } else if (wire === 5) at += 4;
    else return null;
    if (at > bytes.length) return null;
    seen.add(tag >>> 3);
  }
  return seen;
}

function isLottie(data: Buffer): boolean {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return false;
  }
  if (typeof json !== 'object' || json === null) return false;
  const movie = json as Record<string, unknown>;
  const numbers = ['fr', 'ip', 'op', 'w', 'h'].every((key) => typeof movie[key] === 'number');
  return typeof movie.v === 'string' && numbers && Array.isArray(movie.layers);
}
