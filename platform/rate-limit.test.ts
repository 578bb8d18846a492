import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisAvailable } from '../test/services';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit';

const redis = redisAvailable ? new Redis(REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());

let clock = 1_000_000;
const limiters: { name: string; limiter: RateLimiter }[] = [
  { name: 'in-process', limiter: createMemoryRateLimiter(() => clock) },
  ...(redis ? [{ name: 'Redis', limiter: createRedisRateLimiter(redis) }] : []),
];

describe.each(limiters)('the $name rate limiter', ({ limiter }) => {
  it('allows the limit within a window, then refuses with the wait', async () => {
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 60)).allowed).toBe(true);
    const refused = await limiter.hit(key, 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.count(key)).hits).toBe(4);
    await limiter.reset(key);
    expect((await limiter.count(key)).hits).toBe(0);
    expect((await limiter.hit(key, 3, 60)).allowed).toBe(true);
  });

  it('gives a hit back within its window, never below zero and never for a key it does not have', async () => {
    const key = `test:${Math.random()}`;
    await Promise.all(Array.from({ length: 5 }, () => limiter.hit(key, 3, 60)));
    await limiter.release(key);
    expect((await limiter.count(key)).hits).toBe(4);
    for (let i = 0; i < 6; i++) await limiter.release(key);
    expect((await limiter.count(key)).hits).toBe(0);
    const unknown = `test:${Math.random()}`;
    await limiter.release(unknown);
    expect(await limiter.count(unknown)).toEqual({ hits: 0, retryAfterSeconds: 0 });
  });
});

describe('the in-process rate limiter', () => {
  it('opens a new window when the old one ends', async () => {
    const limiter = createMemoryRateLimiter(() => clock);
    await limiter.hit('k', 1, 60);
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(false);
    clock += 60_000;
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(true);
  });
});
