import type { RawData, WebSocket } from 'ws';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales';
import { type SessionsRevoked, tokenHash } from '../session-events';

/** Close codes the browser can act on. */
export const CLOSE_GOING_AWAY = 1001;
/** The login the socket proved has ended (logout, ban, password change): reconnect as a guest or log in. */
export const CLOSE_SESSION_ENDED = 4001;
/** The client's unsent data passed the bound: it reconnects and resyncs. */
export const CLOSE_TOO_SLOW = 4008;

/** Sockets written to in one go (about 5 ms) before the event loop takes other work. */
export const SEND_SLICE = 256;
/** A socket that has not answered the previous ping by the next one is dead. */
export const PING_INTERVAL_MS = 30_000;
/** Clients are pinged in this many groups spread over the interval. */
const PING_GROUPS = 30;

/** One connected socket: the topics it follows and the login it proved, if any. */
export interface Client {
  readonly socket: WebSocket;
  readonly topics: Set<string>;
  /** The language of the request that opened the socket: what names and texts are sent in. */
  readonly locale: Locale;
  /** Who the socket authenticated as, and the hash its token is stored under (sessions.token_hash). */
  session?: { uid: number; tokenHash: string };
}

interface HeldClient extends Client {
  /** Answered the last ping. */
  alive: boolean;
}

/** Turns a login token into its user; throws for an unknown, expired or revoked one. */
export interface TokenResolver {
  resolve(token: string): Promise<{ uid: number }>;
}

export interface SocketsOptions {
  /** A client with more unsent data than this is closed with 4008 instead of sent more. */
  maxBufferedBytes: number;
  pingIntervalMs?: number;
  /** Resolves the tokens of `authenticate`. */
  sessions?: TokenResolver;
  /** Each message a client sends. */
  receive(client: Client, raw: RawData): void;
  /** A topic lost its last member here (it left, or closed). */
  emptied?(topic: string): void;
  /**
   * Called every `tickMs` while the sockets are served: the endpoint's cadence for gathering
   * changes into one frame per client (queue, then flush). An instance's own sockets and state, so
   * it is a realtime tick on every instance, not a job.
   */
  tick?(): void;
  tickMs?: number;
}

/**
 * The sockets of one endpoint (docs/decisions/014-realtime-and-jobs.md): keep-alive, topics, a
 * bound on each client's unsent data, frames sent in slices, logins and their revocation.
 */
export interface Sockets {
  /** Serves a socket, opened by a caller of `locale` (default zh_CN), until it closes. */
  connect(socket: WebSocket, locale?: Locale): Client;
  /** Sockets being served. */
  readonly size: number;
  /** Sends a frame now, or closes the client with 4008 when it is too far behind. */
  send(client: Client, frame: string | Buffer): void;
  /** Adds the client to a topic; true when it is the topic's first member. */
  join(client: Client, topic: string): boolean;
  /** Removes the client from a topic (emptied tells when it was the last member). */
  leave(client: Client, topic: string): void;
  members(topic: string): ReadonlySet<Client> | undefined;
  /**
   * Calls `sendOne` for each item, SEND_SLICE a turn of the event loop, then `done`. Batches go out
   * in the order given, so each client gets its frames in order.
   */
  fanOut<T>(items: readonly T[], sendOne: (item: T) => void, done?: () => void): void;
  /** Queues a part of the client's next frame; a part equal to the last one queued is not repeated. */
  queue(client: Client, part: string): void;
  /** The last part queued for the client since the last flush. */
  lastQueued(client: Client): string | undefined;
  /**
   * Sends every client its queued parts as one JSON array frame, in slices (fanOut). Clients
   * queued the same parts share one encoded frame.
   */
  flush(done?: () => void): void;
  /** Resolves the token and remembers the login on the client; null (and no login) when it is not valid. */
  authenticate(client: Client, token: string): Promise<{ uid: number } | null>;
  /** Closes the clients logged in with the revoked session(s) with 4001; returns how many. */
  revoke(event: SessionsRevoked): number;
  /** Stops the keep-alive and the tick; the sockets are the server's to close. */
  close(): void;
}

interface Batch {
  items: readonly unknown[];
  sendOne: (item: unknown) => void;
  done?: () => void;
  at: number;
}

export function createSockets(options: SocketsOptions): Sockets {
  const { maxBufferedBytes } = options;
  const topics = new Map<string, Set<Client>>();
  const batches: Batch[] = [];
  let pumping = false;
  let queued = new Map<Client, string[]>();

  function send(client: Client, frame: string | Buffer) {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) socket.close(CLOSE_TOO_SLOW, 'too slow');
    else socket.send(frame, { binary: false });
  }

  function fanOut<T>(items: readonly T[], sendOne: (item: T) => void, done?: () => void) {
    batches.push({ items, sendOne: sendOne as (item: unknown) => void, done, at: 0 });
    if (!pumping) {
      pumping = true;
      pump();
    }
  }

  /** Sends up to a slice of the waiting batches, and comes back next turn for the rest. */
  function pump() {
    let budget = SEND_SLICE;
    while (budget > 0 && batches.length > 0) {
      const batch = batches[0] as Batch;
      const end = Math.min(batch.items.length, batch.at + budget);
      for (let i = batch.at; i < end; i++) batch.sendOne(batch.items[i]);
      budget -= end - batch.at;
      batch.at = end;
      if (end === batch.items.length) {
        batches.shift();
        batch.done?.();
      }
    }
    if (batches.length > 0) setImmediate(pump);
    else pumping = false;
  }

  function flush(done?: () => void) {
    const frames = [...queued];
    queued = new Map();
    // Most clients of a topic get the same frame: it is encoded once and its bytes shared; a
    // one-part frame is found by its part, a string every client holds.
    const encoded = new Map<string, Buffer>();
    fanOut(
      frames,
      ([client, parts]) => {
        const key = parts.length === 1 ? (parts[0] as string) : parts.join(',');
        let frame = encoded.get(key);
        if (!frame) {
          frame = Buffer.from(`[${key}]`);
          encoded.set(key, frame);
        }
        send(client, frame);
      },
      done,
    );
  }

  function join(client: Client, topic: string): boolean {
    client.topics.add(topic);
    const set = topics.get(topic);
    if (set) {
      set.add(client);
      return false;
    }
    topics.set(topic, new Set([client]));
    return true;
  }

  function leave(client: Client, topic: string): void {
    client.topics.delete(topic);
    const set = topics.get(topic);
    if (!set?.delete(client) || set.size > 0) return;
    topics.delete(topic);
    options.emptied?.(topic);
  }

  // Clients are pinged a group at a time, so that ten thousand pings never hold up other work;
  // each round of a group finds the sockets that did not answer its last ping.
  const pingGroups = Array.from({ length: PING_GROUPS }, () => new Set<HeldClient>());
  let nextGroup = 0;
  let joined = 0;
  const pinger = setInterval(
    () => {
      for (const client of pingGroups[nextGroup] as Set<HeldClient>) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
      nextGroup = (nextGroup + 1) % PING_GROUPS;
    },
    (options.pingIntervalMs ?? PING_INTERVAL_MS) / PING_GROUPS,
  );
  pinger.unref();
  const ticker = options.tick && setInterval(options.tick, options.tickMs);
  ticker?.unref();

  return {
    connect(socket, locale = DEFAULT_LOCALE) {
      const client: HeldClient = { socket, topics: new Set(), locale, alive: true };
      const group = pingGroups[joined++ % PING_GROUPS] as Set<HeldClient>;
      group.add(client);
      socket.on('message', (raw) => options.receive(client, raw as RawData));
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        group.delete(client);
        queued.delete(client);
        for (const topic of [...client.topics]) leave(client, topic);
      });
      return client;
    },
    get size() {
      return pingGroups.reduce((sum, group) => sum + group.size, 0);
    },
    send,
    join,
    leave,
    members: (topic) => topics.get(topic),
    fanOut,
    queue(client, part) {
      const parts = queued.get(client);
      if (!parts) queued.set(client, [part]);
      else if (parts[parts.length - 1] !== part) parts.push(part);
    },
    lastQueued(client) {
      const parts = queued.get(client);
      return parts?.[parts.length - 1];
    },
    flush,
    async authenticate(client, token) {
      const user = options.sessions ? await options.sessions.resolve(token).catch(() => null) : null;
      client.session = user ? { uid: user.uid, tokenHash: tokenHash(token) } : undefined;
      return user;
    },
    revoke(event) {
      let closed = 0;
      for (const group of pingGroups) {
        for (const client of group) {
          const { session } = client;
          if (!session || session.uid !== event.uid) continue;
          if (event.tokenHash !== undefined && session.tokenHash !== event.tokenHash) continue;
          // Closing stops every send at once (the socket is no longer open); nothing it asks meanwhile is private.
          client.session = undefined;
          client.socket.close(CLOSE_SESSION_ENDED, 'session ended');
          closed += 1;
        }
      }
      return closed;
    },
    close() {
      clearInterval(pinger);
      clearInterval(ticker);
    },
  };
}
