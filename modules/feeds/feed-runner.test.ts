import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { leases } from '../../db/schema/index';
import { readEnv } from '../../platform/env';
import { createJobs, LEADER_LEASE } from '../../platform/jobs/index';
import { databaseTargets, openTestDatabase } from '../../test/databases';
import type { MatchSink, ScoreFeed } from '../matches/feed';
import { chooseFeeds, realFeedGames, runFeed } from './feed-runner';

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

describe('choosing the score feeds', () => {
  const sources = (env: Record<string, string>) => chooseFeeds(readEnv(env), log).map((feed) => feed.source);

  it('runs the simulator by default, football-data with its token, or nothing', () => {
    expect(sources({})).toEqual(['sim']);
    expect(sources({ SCORE_FEED: 'none' })).toEqual([]);
    expect(() => readEnv({ SCORE_FEED: 'football-data' })).toThrow(/FOOTBALL_DATA_TOKEN/);
    expect(sources({ SCORE_FEED: 'football-data', FOOTBALL_DATA_TOKEN: 't' })).toEqual(['football-data']);
  });

  it('runs several side by side, each with its own key', () => {
    expect(() => readEnv({ SCORE_FEED: 'football-data,pandascore', FOOTBALL_DATA_TOKEN: 't' })).toThrow(
      /PANDASCORE_TOKEN/,
    );
    expect(
      sources({
        SCORE_FEED: 'simulator,football-data,pandascore',
        FOOTBALL_DATA_TOKEN: 't',
        PANDASCORE_TOKEN: 'p',
      }),
    ).toEqual(['sim', 'football-data', 'pandascore']);
  });

  it("leaves the real feeds' games out of the simulator", () => {
    const games = (env: Record<string, string>) => [...realFeedGames(readEnv(env))].sort((a, b) => a - b);
    expect(games({})).toEqual([]);
    expect(games({ SCORE_FEED: 'simulator,football-data', FOOTBALL_DATA_TOKEN: 't' })).toEqual([202]);
    expect(
      games({
        SCORE_FEED: 'simulator,pandascore',
        PANDASCORE_TOKEN: 'p',
        PANDASCORE_GAMES: 'lol,csgo,dota2',
      }),
    ).toEqual([1, 2, 4]);
    // Every game PandaScore maps, by default: never PUBG's lobbies nor the games it has no data of.
    const all = games({ SCORE_FEED: 'simulator,pandascore', PANDASCORE_TOKEN: 'p' });
    expect(all).toEqual([1, 2, 3, 4, 7, 14, 16, 22, 23, 24, 26, 27, 28]);
  });

  it('stops start-up naming PANDASCORE_GAMES when it names a game PandaScore does not bring', () => {
    expect(() =>
      chooseFeeds(
        readEnv({ SCORE_FEED: 'pandascore', PANDASCORE_TOKEN: 'p', PANDASCORE_GAMES: 'lol,pubg' }),
        log,
      ),
    ).toThrow(/PANDASCORE_GAMES: pubg/);
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
