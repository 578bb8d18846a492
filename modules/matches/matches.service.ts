import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Page } from '../../lib/paging';
import type { Bus } from '../../platform/bus/bus';
import { SerializedSuccess } from '../../platform/define-api';
import { histogram, type Metrics } from '../../platform/metrics';
import { createMatchBoard, type LiveBoard, type MatchBoard } from './board';
import type { LeagueGroup, MatchDetail, MatchStatusValue, MatchSummary } from './matches.contract';
import { createLocalNames, type LocalNames } from './names';
import { createMatchStore, type MatchStore } from './store';

export interface MatchQuery {
  gameIds?: number[];
  statuses?: MatchStatusValue[];
  leagueIds?: number[];
  ids?: number[];
  /** startTime range, epoch ms, from inclusive, to exclusive. */
  from?: number;
  to?: number;
  order?: MatchOrder;
  /** The language whose names of leagues and teams the summaries carry; the feed's names without it. */
  locale?: Locale;
}

/**
 * By startTime, default asc; `live` is a day's list as live-score sites show it: the matches in
 * play first, then those to come, then those over, each by kick-off.
 */
export type MatchOrder = 'asc' | 'desc' | 'live';

/** Where a match stands in a `live` list: in play, to come, over (finished, put off, called off). */
const STAGE: Record<MatchStatusValue, number> = {
  in_progress: 0,
  not_started: 1,
  finished: 2,
  postponed: 2,
  cancelled: 2,
};

function comparator(order: MatchOrder = 'asc'): (a: MatchSummary, b: MatchSummary) => number {
  const direction = order === 'desc' ? -1 : 1;
  const stage = order === 'live' ? (match: MatchSummary) => STAGE[match.status] : () => 0;
  return (a, b) => stage(a) - stage(b) || direction * (a.startTime - b.startTime || a.id - b.id);
}

export type MatchPage = Page<MatchSummary>;

export interface Matches {
  readonly board: MatchBoard;
  /** Implements MatchSink. */
  readonly store: MatchStore;
  /** Names of leagues, teams and players in each language. */
  readonly names: LocalNames;
  list(query: MatchQuery): MatchSummary[];
  page(query: MatchQuery, pageIndex: number, pageSize: number): MatchPage;
  /**
   * Leagues by rank, matches by time, or as `order` says; in a `live` order, the leagues with a
   * match in play come first, then those with a match to come, then the others.
   */
  byLeague(list: MatchSummary[], order?: MatchOrder): LeagueGroup[];
  /** AppError('notFound') when missing; with the names of `locale`, else the feed's. */
  detail(id: number, locale?: Locale): Promise<MatchDetail>;
  /**
   * The answer `build` makes, serialised once per version of the board and of the names: hot lists
   * are served as cached bytes until a match or a name changes.
   */
  cached(key: string, build: () => unknown): SerializedSuccess;
}

/** The live-scores service with its life cycle: the board loads on `start`. */
export interface MatchesService extends Matches {
  start(): Promise<void>;
  /** Rolls the board's window on by the hour (a job of every instance). */
  roll(): Promise<void>;
  stop(): Promise<void>;
}

/** Distinct queries cached at once; beyond it the cache starts over. */
const MAX_CACHED_ANSWERS = 2000;

export function createMatches({
  db,
  bus,
  log,
  metrics,
}: {
  db: Db;
  bus: Bus;
  log: Logger;
  metrics?: Metrics;
}): MatchesService {
  const store = createMatchStore({ db, bus, log });
  const sourceDelay =
    metrics &&
    histogram(metrics, {
      name: 'feed_source_delay_seconds',
      help: "From the provider's time of a score update (where its feed gives one) to this instance's board, by game",
      labelNames: ['game'],
    });
  const board: LiveBoard = createMatchBoard({
    store,
    bus,
    log,
    sourceDelay: (game, seconds) => sourceDelay?.observe({ game }, seconds),
  });
  const names = createLocalNames({ db, bus, log });
  const answers = new Map<string, SerializedSuccess>();
  let answersVersion = '';

  function list(query: MatchQuery): MatchSummary[] {
    const gameIds = query.gameIds?.length ? new Set(query.gameIds) : null;
    const statuses = query.statuses?.length ? new Set(query.statuses) : null;
    const leagueIds = query.leagueIds?.length ? new Set(query.leagueIds) : null;
    const ids = query.ids ? new Set(query.ids) : null;
    const picked: MatchSummary[] = [];
    for (const summary of board.all()) {
      if (gameIds && !gameIds.has(summary.gameId)) continue;
      if (statuses && !statuses.has(summary.status)) continue;
      if (leagueIds && !leagueIds.has(summary.league.id)) continue;
      if (ids && !ids.has(summary.id)) continue;
      if (query.from !== undefined && summary.startTime < query.from) continue;
      if (query.to !== undefined && summary.startTime >= query.to) continue;
      picked.push(summary);
    }
    const named = query.locale ? picked.map(names.of(query.locale).summary) : picked;
    return named.sort(comparator(query.order));
  }

  return {
    board,
    store,
    names,
    list,
    page(query, pageIndex, pageSize) {
      const all = list(query);
      const start = (pageIndex - 1) * pageSize;
      return { list: all.slice(start, start + pageSize), total: all.length, pageIndex, pageSize };
    },
    byLeague(matches, order) {
      const groups = new Map<number, LeagueGroup>();
      for (const summary of matches) {
        const group = groups.get(summary.league.id);
        if (group) group.matches.push(summary);
        else groups.set(summary.league.id, { league: summary.league, matches: [summary] });
      }
      const byMatch = comparator(order);
      for (const group of groups.values()) group.matches.sort(byMatch);
      // A group's first match is its most current one.
      const stage =
        order === 'live' ? (group: LeagueGroup) => STAGE[group.matches[0]?.status ?? 'finished'] : () => 0;
      return [...groups.values()].sort(
        (a, b) =>
          stage(a) - stage(b) ||
          board.leagueRank(a.league.id) - board.leagueRank(b.league.id) ||
          a.league.name.localeCompare(b.league.name),
      );
    },
    async detail(id, locale) {
      const detail = await store.detail(id);
      if (!detail) throw new AppError('notFound');
      return locale ? names.detail(detail, locale) : detail;
    },
    cached(key, build) {
      const version = `${board.version}.${names.version}`;
      if (answersVersion !== version || answers.size >= MAX_CACHED_ANSWERS) {
        answers.clear();
        answersVersion = version;
      }
      let answer = answers.get(key);
      if (!answer) {
        answer = new SerializedSuccess(build());
        answers.set(key, answer);
      }
      return answer;
    },
    async start() {
      await names.start();
      await board.start();
    },
    roll: () => board.roll(),
    async stop() {
      await board.stop();
      await names.stop();
    },
  };
}
