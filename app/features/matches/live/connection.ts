import { splitLocalePath } from '../../../../lib/locales';
import type { MatchSummary, ScoreServerMessage } from '../../../../modules/matches/matches.contract';
import { MAX_TOPICS } from '../../../../modules/matches/matches-constants.contract';
import { createLiveStore, type LiveStore } from './live-store';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** A `since` larger than this is left out: the server then sends whole snapshots, still correct. */
const MAX_SINCE_CHARS = 12_000;
/** The client pings this often; a connection that has said nothing for two rounds is replaced. */
const HEARTBEAT_MS = 25_000;
const MAX_RECONNECT_DELAY_MS = 10_000;

/** Exponential backoff with jitter: 250-500 ms after the first failure, at most 5-10 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, 500 * 2 ** attempt);
  return ceiling * (0.5 + random() / 2);
}

/** The part of the browser's WebSocket the connection uses (tests pass a stand-in). */
export interface ScoreSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface ScoreConnectionOptions {
  url: string;
  open?: (url: string) => ScoreSocket;
  online?: () => boolean;
  random?: () => number;
}

export interface ScoreConnection {
  readonly store: LiveStore;
  readonly status: ConnectionStatus;
  /** Follows topics until the returned function is called; several followers may share one. */
  follow(topics: readonly string[]): () => void;
  /** Reconnects at once if disconnected (the tab came back online or into view). */
  wake(): void;
  /**
   * Holds back what the push says of a match by `delay()` ms, read as each message comes, until
   * the returned function is called, which applies what is still held. A live room showing the
   * match holds it by its viewer's stream delay, so that no score is seen before the video shows it.
   * `versions` are the match's recent versions (oldest first, each with how long ago it became
   * current): the one the delay has reached is shown at once, and each later one when it is due.
   */
  hold(id: number, delay: () => number, versions?: readonly MatchVersion[]): () => void;
  listenStatus(listener: () => void): () => void;
}

/** A version of a match and how long ago (ms) it became the current one. */
export interface MatchVersion {
  match: MatchSummary;
  ageMs: number;
}

const OPEN = 1;

/**
 * One websocket to /ws/scores for the whole page. Frames go into the store; a diff that does not
 * follow the version held is answered with `get`. After a drop it reconnects with backoff and
 * resubscribes with the versions it holds (`since`), so it gets exactly what changed meanwhile.
 */
export function createScoreConnection({
  url,
  open = (address) => new WebSocket(address) as unknown as ScoreSocket,
  online = () => true,
  random = Math.random,
}: ScoreConnectionOptions): ScoreConnection {
  const store = createLiveStore();
  const followers = new Map<string, number>();
  const statusListeners = new Set<() => void>();
  let socket: ScoreSocket | null = null;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heardAt = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const holds = new Map<number, { delay: () => number }>();
  /** Held messages in the order they came, each with the time it is due. */
  let held: { due: number; message: ScoreServerMessage }[] = [];
  let release: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: ConnectionStatus) {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener();
  }

  function send(message: unknown) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function subscribe(topics: readonly string[]) {
    const versions = store.versions();
    const since = JSON.stringify(versions).length <= MAX_SINCE_CHARS ? versions : undefined;
    for (let i = 0; i < topics.length; i += MAX_TOPICS)
      send({ op: 'sub', topics: topics.slice(i, i + MAX_TOPICS), since });
  }

  function connect() {
    clearTimeout(retry);
    retry = undefined;
    const current = open(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      heardAt = Date.now();
      setStatus('connected');
      subscribe([...followers.keys()]);
    };
    current.onmessage = (event) => {
      heardAt = Date.now();
      const now = Date.now();
      const frame = parseFrame(event.data);
      for (const message of frame) {
        const hold = holds.get(matchOf(message) ?? 0);
        // Never before what came earlier: a shorter delay does not overtake a longer one.
        if (hold) held.push({ due: Math.max(now + hold.delay(), held.at(-1)?.due ?? 0), message });
      }
      take(
        frame.filter((message) => !holds.has(matchOf(message) ?? 0)),
        now,
      );
      releaseDue();
    };
    current.onclose = () => {
      if (socket === current) dropped();
    };
    heartbeat ??= setInterval(checkAlive, HEARTBEAT_MS);
  }

  /** Applies messages to the store; a diff that does not follow what is held asks for snapshots. */
  function take(messages: ScoreServerMessage[], now: number) {
    const stale = store.apply(messages, now);
    if (stale.length > 0) send({ op: 'get', ids: stale.slice(0, MAX_TOPICS) });
  }

  /** Applies the held messages that are due (all of them when `all`), and waits for the next. */
  function releaseDue(all = false) {
    clearTimeout(release);
    release = undefined;
    const now = Date.now();
    const due = all ? held.length : held.findIndex((entry) => entry.due > now);
    const count = due === -1 ? held.length : due;
    if (count > 0) {
      take(
        held.slice(0, count).map((entry) => entry.message),
        now,
      );
      held = held.slice(count);
    }
    const next = held[0];
    if (next) release = setTimeout(releaseDue, next.due - now);
  }

  /** Shows the version of a held match that is `ms` old and holds each later one until it is due. */
  function replay(id: number, versions: readonly MatchVersion[], ms: number) {
    if (versions.length === 0) return;
    const now = Date.now();
    const timed = versions.map(({ match, ageMs }) => ({ match, since: now - ageMs }));
    // A version pushed since the versions were read came just now.
    const latest = store.get(id);
    if (latest && latest.seq > (timed.at(-1)?.match.seq ?? 0)) timed.push({ match: latest, since: now });
    let shown = 0;
    while ((timed[shown + 1]?.since ?? Number.POSITIVE_INFINITY) + ms <= now) shown += 1;
    const first = timed[shown];
    if (first) store.rewind(first.match);
    const later = timed
      .slice(shown + 1)
      .map(({ match, since }) => ({ due: since + ms, message: { op: 'snap', m: match } as const }));
    held = [...held, ...later].sort((a, b) => a.due - b.due);
    releaseDue();
  }

  function dropped() {
    socket = null;
    if (followers.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
      return;
    }
    setStatus(online() ? 'reconnecting' : 'offline');
    retry = setTimeout(connect, reconnectDelay(attempt++, random));
  }

  /** A connection that answered nothing for two rounds is dead even if the browser has not noticed. */
  function checkAlive() {
    if (socket?.readyState !== OPEN) return;
    if (Date.now() - heardAt > 2 * HEARTBEAT_MS) {
      const dead = socket;
      dropped();
      dead.close();
    } else send({ op: 'ping' });
  }

  return {
    store,
    get status() {
      return status;
    },
    follow(topics) {
      const added = topics.filter((topic) => !followers.has(topic));
      for (const topic of topics) followers.set(topic, (followers.get(topic) ?? 0) + 1);
      if (!socket && retry === undefined) connect();
      else if (added.length > 0) subscribe(added);
      return () => {
        const removed = topics.filter((topic) => {
          const left = (followers.get(topic) ?? 1) - 1;
          if (left > 0) followers.set(topic, left);
          else followers.delete(topic);
          return left === 0;
        });
        if (removed.length > 0) send({ op: 'unsub', topics: removed });
      };
    },
    wake() {
      if (socket || followers.size === 0) return;
      attempt = 0;
      connect();
    },
    listenStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    hold(id, delay, versions = []) {
      const hold = { delay };
      holds.set(id, hold);
      replay(id, versions, delay());
      return () => {
        if (holds.get(id) !== hold) return; // a later hold took over
        holds.delete(id);
        releaseDue(true);
      };
    },
  };
}

/** The match a message of the push is about, if any. */
const matchOf = (message: ScoreServerMessage) =>
  message.op === 'snap' ? message.m.id : message.op === 'diff' ? message.id : undefined;

function parseFrame(data: unknown): ScoreServerMessage[] {
  try {
    const frame = JSON.parse(String(data));
    return Array.isArray(frame) ? frame : [];
  } catch {
    return [];
  }
}

let shared: ScoreConnection | undefined;

/** The page's connection, created on first use in the browser (never during a server render). */
export function liveConnection(): ScoreConnection {
  if (!shared) {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const connection = createScoreConnection({
      // In the page's language, which names the teams: a page's language is its path's.
      url: `${scheme}//${location.host}/ws/scores?lan=${splitLocalePath(location.pathname).locale}`,
      online: () => navigator.onLine,
    });
    window.addEventListener('online', connection.wake);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') connection.wake();
    });
    shared = connection;
  }
  return shared;
}
