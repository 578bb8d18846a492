import type { Redis } from 'ioredis';

/**
 * Fixed-window counters shared by every instance through Redis (in-process without it):
 * `hit` counts one attempt and says whether it is within the limit.
 */
export interface RateLimiter {
  hit(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** How many hits the key has in its current window, without adding one. */
  count(key: string): Promise<{ hits: number; retryAfterSeconds: number }>;
  /** Forgets a key, e.g. after a successful login. */
  reset(key: string): Promise<void>;
  /** Gives one hit back (counted up front, then found not to count, e.g. a right password). */
  release(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (key, limit, windowSeconds) => {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
        // Drop expired windows now and then, so the map does not grow without bound.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - time) / 1000) };
    },
    count: async (key) => {
      const window = windows.get(key);
      if (!window || window.resetAt <= now()) return { hits: 0, retryAfterSeconds: 0 };
      return { hits: window.count, retryAfterSeconds: Math.ceil((window.resetAt - now()) / 1000) };
    },
    reset: async (key) => void windows.delete(key),
    release: async (key) => {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
  };
}

const RELEASE_SCRIPT = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then return redis.call('DECR', KEYS[1]) end return 0`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    hit: async (key, limit, windowSeconds) => {
      const redisKey = `rate:${key}`;
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, windowSeconds, 'NX')
        .ttl(redisKey)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { allowed: count <= limit, retryAfterSeconds: Math.max(ttl, 1) };
    },
    count: async (key) => {
      const [[, hits], [, ttl]] = (await redis.multi().get(`rate:${key}`).ttl(`rate:${key}`).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { hits: Number(hits ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
    },
    reset: async (key) => void (await redis.del(`rate:${key}`)),
    // Only while the window lasts (XX): a DECR of an expired key would start a window that never ends.
    release: async (key) => void (await redis.eval(RELEASE_SCRIPT, 1, `rate:${key}`)),
  };
}
