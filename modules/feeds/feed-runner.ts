import type { Logger } from 'pino';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
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

export interface FeedRunner {
  /** Resolves once this instance's feed has stored its first fill (at once when another instance leads). */
  readonly ready: Promise<void>;
}

/**
 * Runs the feed into the sink on the leader instance only (platform/jobs): it starts when this
 * instance becomes the leader and stops when it no longer is, so another instance takes over
 * within a lease when the leader goes away.
 */
export function runFeed(options: { feed: ScoreFeed; sink: MatchSink; log: Logger; jobs: Jobs }): FeedRunner {
  const { feed, sink, log, jobs } = options;
  let running = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  jobs.lead('matches:score-feed', {
    async start() {
      running = true;
      log.info({ source: feed.source }, 'score feed starting');
      try {
        await feed.start(sink);
        log.info({ source: feed.source }, 'score feed filled');
      } catch (err) {
        log.error({ err, source: feed.source }, 'score feed failed to start');
      }
      markReady();
    },
    async stop() {
      if (!running) return;
      running = false;
      await feed.stop();
    },
  });
  void jobs.contested.then(() => {
    if (!jobs.leading) markReady();
  });
  return { ready };
}
