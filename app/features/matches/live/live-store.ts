import type { MatchSummary, ScoreServerMessage } from '../../../../modules/matches/matches.contract';

/**
 * The newest version of every match the page has seen, from the page's data and the score push.
 * A version only ever replaces an older one, so a late snapshot never brings back a stale score.
 */
export interface LiveStore {
  get(id: number): MatchSummary | undefined;
  all(): Iterable<MatchSummary>;
  /** Keeps the page's own data where it is newer than what the store holds. */
  seed(matches: readonly MatchSummary[]): void;
  /** Shows an older version of a match again (a live room's viewer has not seen the newer yet). */
  rewind(match: MatchSummary): void;
  /**
   * Applies a frame of the push. Returns the ids whose diff did not follow the version held: the
   * caller asks the server for fresh snapshots of them.
   */
  apply(messages: readonly ScoreServerMessage[], now: number): number[];
  /** The version held of each match, for `since` on (re)subscribing. */
  versions(): Record<string, number>;
  /** When the match's score last changed on screen (epoch ms), for the highlight. */
  scoreChangedAt(id: number): number | undefined;
  /** Raised on every change; for useSyncExternalStore. */
  readonly version: number;
  listen(listener: () => void): () => void;
}

export function createLiveStore(): LiveStore {
  const matches = new Map<number, MatchSummary>();
  const changedAt = new Map<number, number>();
  const listeners = new Set<() => void>();
  let version = 0;

  const changed = () => {
    version++;
    for (const listener of listeners) listener();
  };

  /** Stores `next` if it is newer; notes the time when a held score changes. */
  function put(next: MatchSummary, now: number): boolean {
    const held = matches.get(next.id);
    if (held && held.seq >= next.seq) return false;
    if (held && (held.score.home !== next.score.home || held.score.away !== next.score.away))
      changedAt.set(next.id, now);
    matches.set(next.id, next);
    return true;
  }

  return {
    get: (id) => matches.get(id),
    all: () => matches.values(),
    seed(list) {
      let any = false;
      for (const match of list) if (put(match, 0)) any = true;
      if (any) changed();
    },
    rewind(match) {
      matches.set(match.id, match);
      changed();
    },
    apply(messages, now) {
      const stale: number[] = [];
      let any = false;
      for (const message of messages) {
        if (message.op === 'snap') {
          if (put(message.m, now)) any = true;
        } else if (message.op === 'diff') {
          const held = matches.get(message.id);
          if (held && held.seq >= message.seq) continue;
          if (held?.seq !== message.from) stale.push(message.id);
          else if (put({ ...held, ...message.d, seq: message.seq }, now)) any = true;
        }
      }
      if (any) changed();
      return stale;
    },
    versions: () => Object.fromEntries([...matches.values()].map((match) => [match.id, match.seq])),
    scoreChangedAt: (id) => changedAt.get(id),
    get version() {
      return version;
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
