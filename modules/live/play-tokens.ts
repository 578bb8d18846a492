import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an open room's line plays before the page asks for the room again. */
export const PLAY_TOKEN_MS = 6 * 3600_000;

/**
 * Signed playback lines: `t=<expiry>.<signature>` on a line's address, for one stream until its
 * expiry (a trial's end, or PLAY_TOKEN_MS). The media routes refuse a line without a valid one.
 */
export function createPlayTokens(secret: string) {
  const sign = (streamId: string, expiry: number) =>
    createHmac('sha256', secret).update(`play:${streamId}:${expiry}`).digest('base64url').slice(0, 32);
  return {
    /** The line's address with its token. */
    sign(url: string, streamId: string, until: Date): string {
      const expiry = Math.floor(until.getTime() / 1000);
      return `${url}${url.includes('?') ? '&' : '?'}t=${expiry}.${sign(streamId, expiry)}`;
    },
    valid(streamId: string, token: string | undefined, now = Date.now()): boolean {
      const [expiry, signature] = (token ?? '').split('.');
      if (!expiry || !signature || Number(expiry) * 1000 <= now) return false;
      const expected = Buffer.from(sign(streamId, Number(expiry)));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type PlayTokens = ReturnType<typeof createPlayTokens>;
