import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Env } from '../../platform/env';
import type { MatchSink, ScoreFeed } from '../matches';
import { createFootballDataFeed } from './football-data/feed';
import { createSimulatorFeed } from './simulator/simulator';

/** The feed the environment asks for (SCORE_FEED), or null for none. */
export function chooseFeed(env: Env, log: Logger): ScoreFeed | null {
  switch (env.SCORE_FEED) {
    case 'none':
      return null;
    case 'football-data':
      return createFootballDataFeed({
        token: env.FOOTBALL_DATA_TOKEN ?? '',
        baseUrl: env.FOOTBALL_DATA_URL,
        log: log.child({ feed: 'football-data' }),
      });
    case 'simulator':
      return createSimulatorFeed({
        seed: env.SIM_SEED,
        speed: env.SIM_SPEED,
        log: log.child({ feed: 'simulator' }),
      });
  }
}

export const LEADER_KEY = 'matches:feed-leader';
const LEASE_MS = 15_000;
const RENEW_MS = 5_000;

// Renews or releases the lock only while this instance still holds it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface FeedRunner {
  /** Resolves once this instance's feed has stored its first fill (at once when another instance leads). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the feed into the sink. Without Redis there is one instance and it runs the feed; with
 * Redis only the holder of the `matches:feed-leader` lock does, renewing it while it lives, and
 * another instance takes over within a lease when the leader goes away.
 */
export function runFeed(options: {
  feed: ScoreFeed;
  sink: MatchSink;
  log: Logger;
  redis?: Redis;
}): FeedRunner {
  const { feed, sink, log, redis } = options;
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  async function startFeed(): Promise<void> {
    running = true;
    log.info({ source: feed.source }, 'score feed starting');
    try {
      await feed.start(sink);
      log.info({ source: feed.source }, 'score feed filled');
    } catch (err) {
      log.error({ err, source: feed.source }, 'score feed failed to start');
    }
    markReady();
  }

  async function stopFeed(): Promise<void> {
    if (!running) return;
    running = false;
    await feed.stop();
  }

  if (!redis) {
    void startFeed();
    return {
      ready,
      async stop() {
        stopped = true;
        await stopFeed();
      },
    };
  }

  const instance = randomUUID();
  async function contend(): Promise<void> {
    if (running) {
      const renewed = await redis?.eval(RENEW, 1, LEADER_KEY, instance, LEASE_MS);
      if (renewed !== 1) {
        log.warn('lost the score feed lock; stopping the feed');
        await stopFeed();
      }
      return;
    }
    const won = await redis?.set(LEADER_KEY, instance, 'PX', LEASE_MS, 'NX');
    if (won === 'OK' && !stopped) void startFeed();
    else markReady();
  }
  const tick = () => {
    contend()
      .catch((err) => log.warn({ err }, 'could not contend for the score feed lock'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, RENEW_MS);
      });
  };
  tick();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await stopFeed();
      await redis.eval(RELEASE, 1, LEADER_KEY, instance).catch(() => undefined);
    },
  };
}
