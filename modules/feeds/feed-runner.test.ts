import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { leases } from '../../db/schema/index';
import { readEnv } from '../../platform/env';
import { createJobs, LEADER_LEASE } from '../../platform/jobs/index';
import { databaseTargets, openTestDatabase } from '../../test/databases';
import type { MatchSink, ScoreFeed } from '../matches/feed';
import { chooseFeed, runFeed } from './feed-runner';

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
});

describe.each(databaseTargets)('the score feed leader on $name', (target) => {
  it('runs the feed at once on a single instance, and stops it', async () => {
    const { db } = await openTestDatabase(target);
    const jobs = createJobs({ db, log });
    const feed = countingFeed();
    const runner = runFeed({ feed, sink, log, jobs });
    await jobs.start();
    await runner.ready;
    expect(feed.starts).toBe(1);
    await jobs.stop();
    expect(feed.stops).toBe(1);
  });

  it('runs the feed on one instance only, and another takes over when it stops', async () => {
    const { db } = await openTestDatabase(target);
    // Two instances on one database, each with its own jobs (one runner each).
    const [jobsOne, jobsTwo] = [
      createJobs({ db, log, pollMs: 100, leaseMs: 600 }),
      createJobs({ db, log, pollMs: 100, leaseMs: 600 }),
    ];
    const [first, second] = [countingFeed(), countingFeed()];
    const one = runFeed({ feed: first, sink, log, jobs: jobsOne });
    await jobsOne.start();
    await one.ready;
    const two = runFeed({ feed: second, sink, log, jobs: jobsTwo });
    await jobsTwo.start();
    await two.ready;
    expect([first.starts, second.starts]).toEqual([1, 0]);
    await jobsOne.stop();
    await vi.waitFor(() => expect(second.starts).toBe(1), { timeout: 8000, interval: 100 });
    await jobsTwo.stop();
    expect(await db.select().from(leases).where(eq(leases.name, LEADER_LEASE))).toEqual([]);
  });
});
