import type { Logger } from 'pino';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import type { MatchesService, ScoreFeed } from '../matches';
import { chooseFeeds, runFeed } from './feed-runner';
import { simulatorRoutes } from './simulator/simulator.routes';

/**
 * The score feeds (SCORE_FEED): the embedded simulator, football-data.org and PandaScore,
 * producers behind the `ScoreFeed` interface that write into the match store on the leader
 * instance, side by side.
 */
export const feedsModule = defineModule({
  name: 'feeds',
  services: ({ env, log }: { env: Env; log: Logger }) => ({
    /** The score feeds this instance runs (when it leads), for the sandbox controls; empty for none. */
    scoreFeeds: chooseFeeds(env, log),
  }),
  routes: [simulatorRoutes],
  start: async ({
    scoreFeeds,
    matches,
    log,
    jobs,
  }: {
    scoreFeeds: readonly ScoreFeed[];
    matches: MatchesService;
    log: Logger;
    jobs: Jobs;
  }) => {
    // The jobs run them on the leader instance only, and stop them with themselves.
    for (const feed of scoreFeeds) runFeed({ feed, sink: matches.store, log, jobs });
  },
});
