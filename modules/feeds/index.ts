import type { Logger } from 'pino';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import type { MatchesService, ScoreFeed } from '../matches';
import { chooseFeed, runFeed } from './feed-runner';
import { simulatorRoutes } from './simulator/simulator.routes';

/**
 * The score feeds (SCORE_FEED): the embedded simulator or football-data.org, producers behind
 * the `ScoreFeed` interface that write into the match store on the leader instance.
 */
export const feedsModule = defineModule({
  name: 'feeds',
  services: ({ env, log }: { env: Env; log: Logger }) => ({
    /** The score feed this instance runs (when it leads), for the sandbox controls; null for none. */
    scoreFeed: chooseFeed(env, log),
  }),
  routes: [simulatorRoutes],
  start: async ({
    scoreFeed,
    matches,
    log,
    jobs,
  }: {
    scoreFeed: ScoreFeed | null;
    matches: MatchesService;
    log: Logger;
    jobs: Jobs;
  }) => {
    // The jobs run it on the leader instance only, and stop it with themselves.
    if (scoreFeed) runFeed({ feed: scoreFeed, sink: matches.store, log, jobs });
  },
});
