import type { Logger } from 'pino';
import type { Env, ScoreFeedName } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import type { MatchSink, ScoreFeed } from '../matches';
import { soccer } from '../sports';
import { createFootballDataFeed } from './football-data/feed';
import { createPandaScoreFeed } from './pandascore/feed';
import { chosenGames } from './pandascore/games';
import { createSimulatorFeed } from './simulator/simulator';

/**
 * The feeds the environment names (SCORE_FEED), in its order; none for `none`. The real
 * providers' games are left out of the simulator, so that two feeds never bring the same game.
 */
export function chooseFeeds(env: Env, log: Logger): ScoreFeed[] {
  const names = env.SCORE_FEED;
  const pandascoreGames = names.includes('pandascore') ? chosenGames(env.PANDASCORE_GAMES) : [];
  const real = realFeedGames(env);
  const factories: Record<ScoreFeedName, () => ScoreFeed> = {
    'football-data': () =>
      createFootballDataFeed({
        token: env.FOOTBALL_DATA_TOKEN ?? '',
        baseUrl: env.FOOTBALL_DATA_URL,
        log: log.child({ feed: 'football-data' }),
      }),
    pandascore: () =>
      createPandaScoreFeed({
        token: env.PANDASCORE_TOKEN ?? '',
        baseUrl: env.PANDASCORE_URL,
        liveUrl: env.PANDASCORE_LIVE_URL,
        games: pandascoreGames,
        log: log.child({ feed: 'pandascore' }),
      }),
    simulator: () =>
      createSimulatorFeed({
        seed: env.SIM_SEED,
        speed: env.SIM_SPEED,
        log: log.child({ feed: 'simulator' }),
        ...(real.size > 0 ? { leaveOut: real } : {}),
      }),
  };
  return names.map((name) => factories[name]());
}

/** The catalogue games the real feeds SCORE_FEED names bring, by id: the simulator leaves them out. */
export function realFeedGames(env: Env): ReadonlySet<number> {
  const names = env.SCORE_FEED;
  return new Set([
    ...(names.includes('football-data') ? [soccer.gameId] : []),
    ...(names.includes('pandascore') ? chosenGames(env.PANDASCORE_GAMES).map((game) => game.gameId) : []),
  ]);
}

export interface FeedRunner {
  /** Resolves once this instance's feed has stored its first fill (at once when another instance leads). */
  readonly ready: Promise<void>;
}

/**
 * Runs the feed into the sink on the leader instance only (platform/jobs): it starts when this
 * instance becomes the leader and stops when it no longer is, so another instance takes over
 * within a lease when the leader goes away. Each feed is its own leader work, so feeds run side by
 * side and one that fails to start leaves the others running.
 */
export function runFeed(options: { feed: ScoreFeed; sink: MatchSink; log: Logger; jobs: Jobs }): FeedRunner {
  const { feed, sink, log, jobs } = options;
  let running = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  jobs.lead(`matches:score-feed:${feed.source}`, {
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
