import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../platform/env';
import { REDIS_URL, redisAvailable } from '../../test/services';
import type { MatchSink, ScoreFeed } from '../matches/feed';
import { chooseFeed, LEADER_KEY, runFeed } from './feed-runner';

const log = pino({ level: 'silent' });
const sink: MatchSink = { upsertFixtures: async () => {}, applyUpdate: async () => false };

/** A feed that only counts its starts and stops. */
function countingFeed() {
  const feed = {
    source: 'test',
    starts: 0,
    stops: 0,
    async start() {
      feed.starts += 1;
    },
    async stop() {
      feed.stops += 1;
    },
  } satisfies ScoreFeed & { starts: number; stops: number };
  return feed;
}

describe('choosing the score feed', () => {
  it('runs the simulator by default, football-data with its token, or nothing', () => {
    expect(chooseFeed(readEnv({}), log)?.source).toBe('sim');
    expect(chooseFeed(readEnv({ SCORE_FEED: 'none' }), log)).toBeNull();
    expect(() => readEnv({ SCORE_FEED: 'football-data' })).toThrow(/FOOTBALL_DATA_TOKEN/);
    expect(chooseFeed(readEnv({ SCORE_FEED: 'football-data', FOOTBALL_DATA_TOKEN: 't' }), log)?.source).toBe(
      'football-data',
    );
  });

  it('runs the feed at once without Redis, and stops it', async () => {
    const feed = countingFeed();
    const runner = runFeed({ feed, sink, log });
    await runner.ready;
    expect(feed.starts).toBe(1);
    await runner.stop();
    expect(feed.stops).toBe(1);
  });
});

describe.runIf(redisAvailable)('the score feed leader with Redis', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(() => redis.quit());

  it('runs the feed on one instance only, and another takes over when it stops', async () => {
    await redis.del(LEADER_KEY);
    const [first, second] = [countingFeed(), countingFeed()];
    const one = runFeed({ feed: first, sink, log, redis });
    await one.ready;
    const two = runFeed({ feed: second, sink, log, redis });
    await two.ready;
    expect([first.starts, second.starts]).toEqual([1, 0]);
    await one.stop();
    await vi.waitFor(() => expect(second.starts).toBe(1), { timeout: 8000, interval: 100 });
    await two.stop();
    expect(await redis.get(LEADER_KEY)).toBeNull();
  });
});
