import type { Logger } from 'pino';
import type { Bus } from '../../platform/bus/bus';
import type { MatchSummary } from './matches.contract';
import { MATCHES_CHANGED, type MatchChanged, type MatchStore } from './store';

export interface MatchBoard {
  get(id: number): MatchSummary | undefined;
  all(): Iterable<MatchSummary>;
  /** Every applied change on any instance; returns the unsubscribe function. */
  subscribe(listener: (summary: MatchSummary, previous: MatchSummary | undefined) => void): () => void;
}

/** The board with its life cycle and what the cached answers key on. */
export interface LiveBoard extends MatchBoard {
  /** Raised by every change: answers built from an older version are stale. */
  readonly version: number;
  /** The league's prominence (lower first); leagues not yet known rank last. */
  leagueRank(leagueId: number): number;
  start(): Promise<void>;
  /** Drops the past hour's matches and loads the next hour's (a job of every instance, ROLL_EVERY_MS). */
  roll(): Promise<void>;
  stop(): Promise<void>;
}

const DAY = 24 * 3600 * 1000;
const WINDOW_DAYS = 7;
export const ROLL_EVERY_MS = 3600 * 1000;
const UNKNOWN_RANK = 1000;

/** From the start of the UTC day a week back to the end of the UTC day a week ahead. */
export function boardWindow(now: number): { from: number; to: number } {
  const today = now - (now % DAY);
  return { from: today - WINDOW_DAYS * DAY, to: today + (WINDOW_DAYS + 1) * DAY };
}

/**
 * The summaries of every match of the window in memory (decision 007): loaded at start, kept
 * fresh by the store's bus events, rolled every hour.
 */
export function createMatchBoard(options: {
  store: MatchStore;
  bus: Bus;
  log: Logger;
  now?: () => number;
}): LiveBoard {
  const { store, bus, log } = options;
  const now = options.now ?? Date.now;
  const summaries = new Map<number, MatchSummary>();
  const listeners = new Set<(summary: MatchSummary, previous: MatchSummary | undefined) => void>();
  let ranks = new Map<number, number>();
  let window = boardWindow(now());
  let version = 0;
  let unsubscribe: (() => Promise<void>) | undefined;
  let ranksStale = false;

  const inWindow = (summary: MatchSummary) =>
    summary.startTime >= window.from && summary.startTime < window.to;

  /** Takes a summary newer than the one held; tells the listeners. */
  function apply(summary: MatchSummary): void {
    const previous = summaries.get(summary.id);
    if (previous && previous.seq >= summary.seq) return;
    if (inWindow(summary)) summaries.set(summary.id, summary);
    else if (previous) summaries.delete(summary.id);
    else return;
    version += 1;
    if (!ranks.has(summary.league.id)) refreshRanks();
    for (const listener of listeners) {
      try {
        listener(summary, previous);
      } catch (err) {
        log.error({ err }, 'a match board listener failed');
      }
    }
  }

  /** A league the board has not seen: its rank is read once, in the background. */
  function refreshRanks(): void {
    if (ranksStale) return;
    ranksStale = true;
    store
      .leagueRanks()
      .then((loaded) => {
        ranks = loaded;
        version += 1;
      })
      .catch((err) => log.warn({ err }, 'could not read league ranks'))
      .finally(() => {
        ranksStale = false;
      });
  }

  async function load(from: number, to: number): Promise<void> {
    for (const summary of await store.window(new Date(from), new Date(to))) {
      const held = summaries.get(summary.id);
      if (!held || held.seq < summary.seq) summaries.set(summary.id, summary);
    }
    ranks = await store.leagueRanks();
    version += 1;
  }

  /** Drops the hour's past, loads the new future. */
  async function roll(): Promise<void> {
    const next = boardWindow(now());
    if (next.from === window.from) return;
    const loadFrom = window.to;
    window = next;
    for (const [id, summary] of summaries) if (!inWindow(summary)) summaries.delete(id);
    await load(loadFrom, window.to);
  }

  return {
    get: (id) => summaries.get(id),
    all: () => summaries.values(),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get version() {
      return version;
    },
    leagueRank: (leagueId) => ranks.get(leagueId) ?? UNKNOWN_RANK,
    async start() {
      // Listening before loading: a change made meanwhile is not lost, and the older loaded row loses.
      unsubscribe = await bus.subscribe(MATCHES_CHANGED, (message) =>
        apply((message as MatchChanged).summary),
      );
      window = boardWindow(now());
      await load(window.from, window.to);
    },
    roll,
    async stop() {
      await unsubscribe?.();
      listeners.clear();
    },
  };
}
