import type { RawData, WebSocket } from 'ws';
import type { Locale } from '../../lib/locales';
import { type Client, createSockets, type Sockets } from '../../platform/realtime/index';
import type { MatchBoard } from './board';
import { type MatchSummary, type ScoreServerMessage, scoreClientMessage } from './matches.contract';
import { MAX_TOPICS } from './matches-constants.contract';
import type { LocalNames, NameBook } from './names';

/** Changes are gathered for this long and sent together: a burst on one match becomes one diff. */
export const TICK_MS = 100;
export { SEND_SLICE } from '../../platform/realtime/index';
/** A client with this much unsent data is dropped (4008); it reconnects and resyncs. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** A client message larger than this is refused (a full `sub` with `since` is a few kilobytes). */
export const MAX_MESSAGE_BYTES = 16 * 1024;

export interface ScoreHubOptions {
  /** Told, for each change that reached a client, the seconds from the board's change to its frames written. */
  delivered?: (seconds: number) => void;
  tickMs?: number;
  maxBufferedBytes?: number;
  pingIntervalMs?: number;
}

export interface ScoreHub {
  /** The sockets of /ws/scores (platform/realtime): keep-alive, topics, slow-client bound, slices. */
  readonly sockets: Sockets;
  /** Serves one websocket of /ws/scores, opened by a caller of `locale`, until it closes. */
  connect(socket: WebSocket, locale?: Locale): void;
  /** Sockets being served. */
  readonly size: number;
  /** Stops ticking and listening to the board; the sockets are the server's to close. */
  close(): void;
}

/** A match changed since the last tick: `sent` is the version subscribers hold (undefined: new). */
interface Change {
  sent: MatchSummary | undefined;
  now: MatchSummary;
  /** When the board told of the first change of this tick (epoch ms). */
  at: number;
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
export function createScoreHub(
  board: MatchBoard,
  names: Pick<LocalNames, 'of'>,
  options: ScoreHubOptions = {},
): ScoreHub {
  const sockets = createSockets({
    maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
    pingIntervalMs: options.pingIntervalMs,
    receive,
    tick,
    tickMs: options.tickMs ?? TICK_MS,
  });
  const changes = new Map<number, Change>();
  // Summaries are replaced, never changed in place, so a summary's serialisation can be kept with it.
  const snapshots = new WeakMap<MatchSummary, string>();
  // The matches of each list topic, for snapshots; emptied every tick. A client given a version that
  // changes within the tick is brought up to date by the tick's diff or snapshot (or its own `get`).
  const lists = new Map<string, MatchSummary[]>();

  const unsubscribe = board.subscribe((summary, previous) => {
    const change = changes.get(summary.id);
    if (change) change.now = summary;
    else changes.set(summary.id, { sent: previous, now: summary, at: Date.now() });
  });

  /** The snapshot of a summary as named in the book; a book names a summary once, so it is kept too. */
  function snapshot(match: MatchSummary, book: NameBook): string {
    return serialised(book.summary(match));
  }

  function serialised(match: MatchSummary): string {
    let text = snapshots.get(match);
    if (text === undefined) {
      text = json({ op: 'snap', m: match });
      snapshots.set(match, text);
    }
    return text;
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
    type Part = (book: NameBook) => string;
    /**
     * Queues the part in each client's language for the topic's clients; a client that already has
     * it, or `instead`, is skipped. True when any client was queued a part.
     */
    const add = (topic: string, part: Part, instead: Part = part): boolean => {
      let queued = false;
      // Most of a topic's clients share a language: the parts are looked up only when it changes.
      let locale: Locale | undefined;
      let text = '';
      let other = '';
      for (const client of sockets.members(topic) ?? []) {
        if (client.locale !== locale) {
          locale = client.locale;
          const book = names.of(locale);
          text = part(book);
          other = instead === part ? text : instead(book);
        }
        if (other === text || sockets.lastQueued(client) !== other) {
          sockets.queue(client, text);
          queued = true;
        }
      }
      return queued;
    };
    // When each change that reached a client came, for the delivery figure once the frames are out.
    const reached: number[] = [];
    for (const { sent, now, at } of changes.values()) {
      const topics = topicsOf(now);
      const snap: Part = (book) => snapshot(now, book);
      if (!sent) {
        if (topics.map((topic) => add(topic, snap)).includes(true)) reached.push(at);
        continue;
      }
      // Subscribers of a topic the match was already in hold `sent`: they get the diff. A topic it
      // has just entered (a match going live) gets the whole match, unless the client has the diff.
      // Each diff is serialised once per book of the clients' languages.
      const diffs = new Map<string, string>();
      const diff: Part = (book) => {
        let text = diffs.get(book.key);
        if (text === undefined) {
          const d = diffOf(book.summary(sent), book.summary(now));
          text = json({ op: 'diff', id: now.id, from: sent.seq, seq: now.seq, d });
          diffs.set(book.key, text);
        }
        return text;
      };
      const before = topicsOf(sent);
      const queued = [
        ...before.map((topic) => add(topic, diff)),
        ...topics.filter((topic) => !before.includes(topic)).map((topic) => add(topic, snap, diff)),
      ];
      if (queued.includes(true)) reached.push(at);
    }
    changes.clear();
    // Sent a slice at a time, so that feed updates and requests are not held up behind a fan-out
    // to every client; a tick due meanwhile runs as soon as this one is out.
    sending = true;
    sockets.flush(() => {
      sending = false;
      const written = Date.now();
      for (const at of reached) options.delivered?.((written - at) / 1000);
      if (due) {
        due = false;
        tick();
      }
    });
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
    const reply = (...parts: string[]) => sockets.send(client, `[${parts.join(',')}]`);
    const text = raw.toString();
    if (text.length > MAX_MESSAGE_BYTES) return reply(json({ op: 'error', reason: 'message too large' }));
    const parsed = scoreClientMessage.safeParse(parseJson(text));
    if (!parsed.success) return reply(json({ op: 'error', reason: 'bad message' }));
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        return reply(json({ op: 'pong' }));
      case 'get': {
        const book = names.of(client.locale);
        return reply(
          ...message.ids.flatMap((id) => board.get(id) ?? []).map((match) => snapshot(match, book)),
        );
      }
      case 'unsub':
        for (const topic of message.topics) sockets.leave(client, topic);
        return reply(json({ op: 'subscribed', topics: [...client.topics] }));
      case 'sub': {
        const adding = new Set(message.topics.filter((topic) => !client.topics.has(topic)));
        if (client.topics.size + adding.size > MAX_TOPICS)
          return reply(json({ op: 'error', reason: 'too many topics' }));
        for (const topic of adding) sockets.join(client, topic);
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
        const book = names.of(client.locale);
        return reply(
          json({ op: 'subscribed', topics: [...client.topics] }),
          ...snaps.map((match) => snapshot(match, book)),
        );
      }
    }
  }

  return {
    sockets,
    connect: (socket, locale) => void sockets.connect(socket, locale),
    get size() {
      return sockets.size;
    },
    close() {
      sockets.close();
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
