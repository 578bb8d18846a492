import type { RawData, WebSocket } from 'ws';
import { CLOSE_TOO_SLOW } from '../../platform/push';
import type { MatchBoard } from './board';
import {
  MAX_TOPICS,
  type MatchSummary,
  type ScoreServerMessage,
  scoreClientMessage,
} from './matches.contract';

/** Changes are gathered for this long and sent together: a burst on one match becomes one diff. */
export const TICK_MS = 100;
/** Sockets written to in one go (about 5 ms) before the event loop takes other work. */
export const SEND_SLICE = 256;
/** A client with this much unsent data is dropped (4008); it reconnects and resyncs. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** A client message larger than this is refused (a full `sub` with `since` is a few kilobytes). */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** A socket that has not answered the previous ping by the next one is dead. */
export const PING_INTERVAL_MS = 30_000;
/** Clients are pinged in this many groups spread over the interval. */
const PING_GROUPS = 30;

export interface ScoreHubOptions {
  tickMs?: number;
  maxBufferedBytes?: number;
  pingIntervalMs?: number;
}

export interface ScoreHub {
  /** Serves one websocket of /ws/scores until it closes. */
  connect(socket: WebSocket): void;
  /** Sockets being served. */
  readonly size: number;
  /** Stops ticking and listening to the board; the sockets are the server's to close. */
  close(): void;
}

/** All a client costs: its socket, the topics it follows and whether it answered the last ping. */
interface Client {
  socket: WebSocket;
  topics: Set<string>;
  alive: boolean;
}

/** A match changed since the last tick: `sent` is the version subscribers hold (undefined: new). */
interface Change {
  sent: MatchSummary | undefined;
  now: MatchSummary;
}

/** The topics a version of a match belongs to (modules/matches/matches.contract.ts, TOPIC_PATTERN). */
export function topicsOf(match: MatchSummary): string[] {
  const topics = [`match:${match.id}`, `day:${new Date(match.startTime).toISOString().slice(0, 10)}`];
  if (match.status === 'in_progress') topics.push('live', `live:${match.gameId}`);
  return topics;
}

/** The top-level fields of `now` that differ from `sent`. */
export function diffOf(sent: MatchSummary, now: MatchSummary): Partial<MatchSummary> {
  const d: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof MatchSummary)[]) {
    if (key === 'seq' || key === 'id') continue;
    if (!sameValue(sent[key], now[key])) d[key] = now[key];
  }
  return d as Partial<MatchSummary>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // Summaries are built by one function, so equal values serialise with their keys in one order.
  return JSON.stringify(a) === JSON.stringify(b);
}

const json = (message: ScoreServerMessage) => JSON.stringify(message);

/**
 * The score push of one instance (docs/decisions/007-live-scores.md). Board changes are coalesced
 * per tick; each changed match is serialised once per tick and every client gets at most one frame
 * (a JSON array) joined from those shared strings. Clients keep only a set of topic names.
 */
export function createScoreHub(board: MatchBoard, options: ScoreHubOptions = {}): ScoreHub {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const members = new Map<string, Set<Client>>();
  const changes = new Map<number, Change>();
  // Summaries are replaced, never changed in place, so a summary's serialisation can be kept with it.
  const snapshots = new WeakMap<MatchSummary, string>();
  // The matches of each list topic, for snapshots; emptied every tick. A client given a version that
  // changes within the tick is brought up to date by the tick's diff or snapshot (or its own `get`).
  const lists = new Map<string, MatchSummary[]>();

  const unsubscribe = board.subscribe((summary, previous) => {
    const change = changes.get(summary.id);
    if (change) change.now = summary;
    else changes.set(summary.id, { sent: previous, now: summary });
  });

  function snapshot(match: MatchSummary): string {
    let text = snapshots.get(match);
    if (text === undefined) {
      text = json({ op: 'snap', m: match });
      snapshots.set(match, text);
    }
    return text;
  }

  function send(client: Client, frame: string | Buffer) {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) socket.close(CLOSE_TOO_SLOW, 'too slow');
    else socket.send(frame, { binary: false });
  }

  /** Set while a tick's frames are being sent; a tick due meanwhile runs as soon as they are out. */
  let sending = false;
  let due = false;

  function tick() {
    lists.clear();
    if (sending) {
      due = true;
      return;
    }
    if (changes.size === 0) return;
    const frames = new Map<Client, string[]>();
    /** Queues `part` for the topic's clients; a client that already has it, or `instead`, is skipped. */
    const add = (topic: string, part: string, instead = part) => {
      for (const client of members.get(topic) ?? []) {
        const parts = frames.get(client);
        if (!parts) frames.set(client, [part]);
        else if (parts[parts.length - 1] !== part && parts[parts.length - 1] !== instead) parts.push(part);
      }
    };
    for (const { sent, now } of changes.values()) {
      const topics = topicsOf(now);
      if (!sent) {
        for (const topic of topics) add(topic, snapshot(now));
        continue;
      }
      // Subscribers of a topic the match was already in hold `sent`: they get the diff. A topic it
      // has just entered (a match going live) gets the whole match, unless the client has the diff.
      const before = topicsOf(sent);
      const diff = json({ op: 'diff', id: now.id, from: sent.seq, seq: now.seq, d: diffOf(sent, now) });
      for (const topic of before) add(topic, diff);
      for (const topic of topics) if (!before.includes(topic)) add(topic, snapshot(now), diff);
    }
    changes.clear();
    sending = true;
    sendFrames([...frames], 0, new Map());
  }

  /**
   * Sends the tick's frames a slice at a time, so that feed updates and requests are not held up
   * behind a fan-out to every client. Most clients of a topic get the same frame: it is encoded
   * once and its bytes shared; a one-part frame is found by its part, a string every client holds.
   */
  function sendFrames(queue: [Client, string[]][], from: number, encoded: Map<string, Buffer>) {
    const end = Math.min(queue.length, from + SEND_SLICE);
    for (let i = from; i < end; i++) {
      const [client, parts] = queue[i] as [Client, string[]];
      const key = parts.length === 1 ? (parts[0] as string) : parts.join(',');
      let frame = encoded.get(key);
      if (!frame) {
        frame = Buffer.from(`[${key}]`);
        encoded.set(key, frame);
      }
      send(client, frame);
    }
    if (end < queue.length) {
      setImmediate(sendFrames, queue, end, encoded);
      return;
    }
    sending = false;
    if (due) {
      due = false;
      tick();
    }
  }

  /** The matches of the given topics, each once. */
  function matchesOf(topics: readonly string[]): MatchSummary[] {
    const found = new Map<number, MatchSummary>();
    for (const topic of topics) {
      const matches = topic.startsWith('match:') ? [board.get(Number(topic.slice(6)))] : listed(topic);
      for (const match of matches) if (match) found.set(match.id, match);
    }
    return [...found.values()];
  }

  /** The matches of a list topic, kept for the tick: a wave of reconnects scans the board once a tick. */
  function listed(topic: string): MatchSummary[] {
    let matches = lists.get(topic);
    if (!matches) {
      matches = [...board.all()].filter((match) => topicsOf(match).includes(topic));
      lists.set(topic, matches);
    }
    return matches;
  }

  function receive(client: Client, raw: RawData) {
    const reply = (...parts: string[]) => send(client, `[${parts.join(',')}]`);
    const text = raw.toString();
    if (text.length > MAX_MESSAGE_BYTES) return reply(json({ op: 'error', reason: 'message too large' }));
    const parsed = scoreClientMessage.safeParse(parseJson(text));
    if (!parsed.success) return reply(json({ op: 'error', reason: 'bad message' }));
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        return reply(json({ op: 'pong' }));
      case 'get':
        return reply(...message.ids.flatMap((id) => board.get(id) ?? []).map(snapshot));
      case 'unsub':
        for (const topic of message.topics) leave(client, topic);
        return reply(json({ op: 'subscribed', topics: [...client.topics] }));
      case 'sub': {
        const adding = new Set(message.topics.filter((topic) => !client.topics.has(topic)));
        if (client.topics.size + adding.size > MAX_TOPICS)
          return reply(json({ op: 'error', reason: 'too many topics' }));
        for (const topic of adding) join(client, topic);
        const since = message.since ?? {};
        const listed = matchesOf(message.topics);
        // A match the client holds that left these lists while it was away (it ended): its latest
        // version, so that the client moves it on instead of keeping a stale score in play.
        const inLists = new Set(listed.map((match) => match.id));
        const left = Object.keys(since)
          .map(Number)
          .filter((id) => !inLists.has(id))
          .flatMap((id) => board.get(id) ?? []);
        const snaps = [...listed, ...left].filter((match) => since[match.id] !== match.seq);
        return reply(json({ op: 'subscribed', topics: [...client.topics] }), ...snaps.map(snapshot));
      }
    }
  }

  function join(client: Client, topic: string) {
    client.topics.add(topic);
    const set = members.get(topic);
    if (set) set.add(client);
    else members.set(topic, new Set([client]));
  }

  function leave(client: Client, topic: string) {
    client.topics.delete(topic);
    const set = members.get(topic);
    if (set?.delete(client) && set.size === 0) members.delete(topic);
  }

  const ticker = setInterval(tick, options.tickMs ?? TICK_MS);
  // Clients are pinged a group at a time, so that ten thousand pings never hold up a tick; each
  // round of a group finds the sockets that did not answer its last ping.
  const pingGroups = Array.from({ length: PING_GROUPS }, () => new Set<Client>());
  let nextGroup = 0;
  let joined = 0;
  const pinger = setInterval(
    () => {
      for (const client of pingGroups[nextGroup] as Set<Client>) {
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
  ticker.unref();
  pinger.unref();

  return {
    connect(socket) {
      const client: Client = { socket, topics: new Set(), alive: true };
      const group = pingGroups[joined++ % PING_GROUPS] as Set<Client>;
      group.add(client);
      socket.on('message', (raw) => receive(client, raw));
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        group.delete(client);
        for (const topic of [...client.topics]) leave(client, topic);
      });
    },
    get size() {
      return pingGroups.reduce((sum, group) => sum + group.size, 0);
    },
    close() {
      clearInterval(ticker);
      clearInterval(pinger);
      unsubscribe();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
