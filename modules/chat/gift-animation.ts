import { inflateSync } from 'node:zlib';
import { AppError } from '../../lib/errors';
import { readSvgaMovie } from '../../lib/svga';

/** The largest gift animation an administrator may upload. */
export const GIFT_ANIMATION_MAX_BYTES = 2 * 1024 * 1024;
/** What an SVGA file may inflate to; more is a zip bomb, not an animation. */
const SVGA_MAX_INFLATED = 32 * 1024 * 1024;

export type AnimationType = 'svga' | 'lottie';

/**
 * What kind of gift animation `data` is, checked by its structure rather than its name:
 * SVGA 2 (a zlib-deflated protobuf movie that the rooms' player reads, lib/svga.ts) or Lottie (Bodymovin JSON with a frame rate, frames, a size and layers).
 * Anything else is `animationRule`.
 */
export function giftAnimationType(data: Buffer): AnimationType {
  if (data.length === 0 || data.length > GIFT_ANIMATION_MAX_BYTES) throw new AppError('animationRule');
  if (data[0] === 0x78 && isSvgaMovie(data)) return 'svga';
  if (isLottie(data)) return 'lottie';
  throw new AppError('animationRule');
}

/** An SVGA 2 movie: it inflates, within the bound, to a movie with its params and sprites. */
function isSvgaMovie(data: Buffer): boolean {
  try {
    readSvgaMovie(inflateSync(data, { maxOutputLength: SVGA_MAX_INFLATED }));
    return true;
  } catch {
    return false;
  }
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
