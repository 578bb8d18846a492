import type { Logger } from 'pino';
import type { Bus } from '../../platform/bus/bus';
import type { MatchSummary } from './matches.contract';
import { MATCHES_CHANGED, type MatchChanged, type MatchStore } from './store';

export interface MatchBoard {
  get(id: number): MatchSummary | undefined;
  all(): Iterable<MatchSummary>;
  /**
   * The match's versions that were current here within the last `RECENT_MS`, oldest first, the
   * held one last, each with when it became current (epoch ms); empty when it has not changed
   * meanwhile. A live room replays them behind its viewer's stream delay (decision 038).
   */
  recent(id: number): { summary: MatchSummary; since: number }[];
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
/** How far back a match's versions are kept: longer than any viewer's stream delay that is held. */
export const RECENT_MS = 30_000;
/** At most this many versions of one match are kept, however often it changes. */
const RECENT_VERSIONS = 20;

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
  /** Told, for a change whose feed gave the provider's time, the seconds from it to this board. */
  sourceDelay?: (game: string, seconds: number) => void;
}): LiveBoard {
  const { store, bus, log } = options;
  const now = options.now ?? Date.now;
  const summaries = new Map<number, MatchSummary>();
  const listeners = new Set<(summary: MatchSummary, previous: MatchSummary | undefined) => void>();
  /** Each changed match's versions, oldest first, the held one last (see `recent`). */
  const versions = new Map<number, { summary: MatchSummary; since: number }[]>();
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
    if (inWindow(summary)) {
      summaries.set(summary.id, summary);
      const kept = versions.get(summary.id) ?? (previous ? [{ summary: previous, since: 0 }] : []);
      kept.push({ summary, since: now() });
      versions.set(summary.id, trimmed(kept, now()));
    } else if (previous) {
      summaries.delete(summary.id);
      versions.delete(summary.id);
    } else return;
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

  /** Drops the versions that stopped being current before `RECENT_MS` ago (the first one stays). */
  function trimmed(kept: { summary: MatchSummary; since: number }[], at: number) {
    let first = Math.max(0, kept.length - RECENT_VERSIONS);
    while (first < kept.length - 1 && (kept[first + 1]?.since ?? 0) <= at - RECENT_MS) first += 1;
    return first === 0 ? kept : kept.slice(first);
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
    // Versions of matches that have not changed for a while are forgotten.
    for (const [id, kept] of versions) if (trimmed(kept, now()).length <= 1) versions.delete(id);
    await load(loadFrom, window.to);
  }

  return {
    get: (id) => summaries.get(id),
    all: () => summaries.values(),
    recent(id) {
      const kept = trimmed(versions.get(id) ?? [], now());
      return kept.length > 1 ? kept : [];
    },
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
      unsubscribe = await bus.subscribe(MATCHES_CHANGED, (message) => {
        const { summary, sourceAt } = message as MatchChanged;
        if (sourceAt !== undefined) options.sourceDelay?.(summary.game, (now() - sourceAt) / 1000);
        apply(summary);
      });
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
