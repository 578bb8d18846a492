import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { Bus } from '../../platform/bus/bus';
import { type Client, createSockets, type Sockets } from '../../platform/realtime/index';
import {
  type ChatEvent,
  type ChatServerMessage,
  chatClientMessage,
  isShown,
  type ShownEvent,
} from './chat.contract';
import { CHAT_CHANNEL } from './chat.service';

/** Events are gathered for this long and sent together: one frame per client per tick. */
export const TICK_MS = 100;
/** A client whose socket holds more unsent data than this gets only the newest messages of a tick. */
export const SLOW_BYTES = 64 * 1024;
/** What a slow client still gets of a tick: its newest messages (deletions, modes and mutes always). */
export const SLOW_KEEP = 10;
/** A client this far behind is closed (4008); it reconnects and resumes from history. */
export const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_MESSAGE_BYTES = 1024;
/** The close code (try again later) for a client whose join failed; it reconnects. */
export const CLOSE_TRY_AGAIN = 1013;

/** Where the hub reads what it missed on the bus and what a joining client needs. */
export interface ChatStore {
  lastSeq(roomId: number): Promise<number>;
  history(roomId: number): Promise<{ list: ShownEvent[] }>;
  since(roomId: number, since: number): Promise<ChatEvent[] | null>;
}

export interface ChatHubOptions {
  bus: Bus;
  store: ChatStore;
  log: Logger;
  /** Told, for each event sent to a client here, the seconds from its making to its frames written. */
  delivered?: (seconds: number) => void;
  tickMs?: number;
}

/** A room with members on this instance. */
interface Room {
  /** The highest sequence number passed on in order; undefined while it is being read. */
  last: number | undefined;
  /** Events that arrived ahead of a gap, by sequence number. */
  ahead: Map<number, ChatEvent>;
  /** In-order events waiting for the tick. */
  due: ChatEvent[];
  filling: boolean;
  /** Settles once `last` is read from the store. */
  ready: Promise<void>;
}

/** The room a client is in, the last sequence number it was sent, and what waits while it joins. */
interface Member {
  roomId: number;
  sent: number;
  waiting: ChatEvent[] | null;
}

const topicOf = (roomId: number) => `room:${roomId}`;
const json = (message: ChatServerMessage) => JSON.stringify(message);

/**
 * The live-room chat of one instance (docs/decisions/020-live-chat.md). Every event is stored and
 * numbered per room before it is published on the bus; each instance passes a room's events on
 * in sequence order (filling a gap from the store), gathered per tick into one frame per client.
 * A client is sent each event once: on join it gets the history or what followed its `since`,
 * then live events above what it was sent.
 */
export function createChatHub({ bus, store, log, delivered, tickMs = TICK_MS }: ChatHubOptions) {
  const rooms = new Map<number, Room>();
  const members = new WeakMap<Client, Member>();
  const sockets: Sockets = createSockets({
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    // A join that could not be answered (the database away) closes the socket: the client
    // connects again and resumes, rather than waiting for an answer that never comes.
    receive: (client, raw) =>
      void receive(client, raw).catch((err) => {
        log.warn({ err }, 'chat join failed; the client is asked to try again');
        client.socket.close(CLOSE_TRY_AGAIN, 'try again');
      }),
    emptied: (topic) => rooms.delete(Number(topic.slice(5))),
    tick,
    tickMs,
  });
  const unsubscribe = bus.subscribe(CHAT_CHANNEL, (message) => arrive(message as ChatEvent));

  function arrive(event: ChatEvent) {
    const room = rooms.get(event.roomId);
    if (!room) return;
    if (room.last !== undefined && event.seq <= room.last) return;
    room.ahead.set(event.seq, event);
    advance(room);
  }

  /** Moves the events that follow `last` without a gap to `due`. */
  function advance(room: Room) {
    if (room.last === undefined) return;
    for (let next = room.ahead.get(room.last + 1); next; next = room.ahead.get(room.last + 1)) {
      room.ahead.delete(next.seq);
      room.due.push(next);
      room.last = next.seq;
    }
  }

  /**
   * A gap the bus has not filled by the tick (another instance's event still on its way, or
   * lost): what the store holds up to its counter. A number the store no longer shows was a
   * deleted message, passed over.
   */
  async function fill(roomId: number, room: Room) {
    if (room.filling || room.last === undefined) return;
    room.filling = true;
    try {
      const counter = await store.lastSeq(roomId);
      for (const event of (await store.since(roomId, room.last)) ?? []) room.ahead.set(event.seq, event);
      for (let seq = room.last + 1; seq <= counter; seq++) {
        const event = room.ahead.get(seq);
        room.ahead.delete(seq);
        if (event) room.due.push(event);
      }
      room.last = Math.max(room.last, counter);
      advance(room);
    } finally {
      room.filling = false;
    }
  }

  /**
   * True from a tick that sent until its last frame is written. Sending paces itself: a tick that
   * comes while frames are still being written sends nothing, and the next one sends everything
   * gathered meanwhile in one frame. A room of a few members is sent every tick; one of ten
   * thousand as often as the instance can write its frames, so the cost of a frame (a system call
   * on the server, a parse on the phone) never queues up behind itself.
   */
  let sending = false;
  function tick() {
    if (sending) return;
    // When each event sent this tick was made, for the delivery figure once the frames are out.
    const made: number[] = [];
    for (const [roomId, room] of rooms) {
      if (room.ahead.size > 0)
        void fill(roomId, room).catch((err) => log.warn({ err, roomId }, 'chat gap not filled'));
      if (room.due.length === 0) continue;
      const clients = sockets.members(topicOf(roomId)) ?? new Set<Client>();
      const events = room.due;
      room.due = [];
      const parts = events.map((e) => json({ op: 'ev', e }));
      // What every client that is up to date gets: one string, shared.
      const whole = parts.join(',');
      const last = events[events.length - 1]?.seq ?? 0;
      if (clients.size > 0 && delivered) for (const event of events) made.push(Date.parse(event.at));
      for (const client of clients) {
        const member = members.get(client);
        if (!member) continue;
        if (member.waiting) {
          member.waiting.push(...events);
          continue;
        }
        queueFor(client, member, events, parts, whole, last);
      }
    }
    sending = true;
    sockets.flush(() => {
      sending = false;
      const written = Date.now();
      for (const at of made) delivered?.((written - at) / 1000);
    });
  }

  /** Queues the events above what the client was sent; a slow client gets only the newest. */
  function queueFor(
    client: Client,
    member: Member,
    events: ChatEvent[],
    parts: string[],
    whole: string,
    last: number,
  ) {
    const first = events.findIndex((e) => e.seq > member.sent);
    if (first < 0) return;
    if (client.socket.bufferedAmount > SLOW_BYTES) {
      const keepFrom = events.length - SLOW_KEEP;
      sockets.queue(client, json({ op: 'skipped', to: last }));
      for (let i = first; i < events.length; i++) {
        if (i >= keepFrom || !isShown(events[i] as ChatEvent)) sockets.queue(client, parts[i] as string);
      }
    } else if (first === 0) sockets.queue(client, whole);
    else {
      for (let i = first; i < events.length; i++) sockets.queue(client, parts[i] as string);
    }
    member.sent = last;
  }

  function room(roomId: number): Room {
    let found = rooms.get(roomId);
    if (!found) {
      const created: Room = {
        last: undefined,
        ahead: new Map(),
        due: [],
        filling: false,
        ready: Promise.resolve(),
      };
      created.ready = store.lastSeq(roomId).then(
        (last) => {
          for (const seq of created.ahead.keys()) if (seq <= last) created.ahead.delete(seq);
          created.last = last;
          advance(created);
        },
        (err) => {
          // Not kept half-made: the next join reads it again.
          if (rooms.get(roomId) === created) rooms.delete(roomId);
          throw err;
        },
      );
      rooms.set(roomId, created);
      found = created;
    }
    return found;
  }

  async function receive(client: Client, raw: RawData) {
    const reply = (...messages: ChatServerMessage[]) =>
      sockets.send(client, `[${messages.map(json).join(',')}]`);
    const text = raw.toString();
    if (text.length > MAX_MESSAGE_BYTES) return reply({ op: 'error', reason: 'message too large' });
    const parsed = chatClientMessage.safeParse(parseJson(text));
    if (!parsed.success) return reply({ op: 'error', reason: 'bad message' });
    const message = parsed.data;
    if (message.op === 'ping') return reply({ op: 'pong' });
    const current = members.get(client);
    if (current) {
      sockets.leave(client, topicOf(current.roomId));
      members.delete(client);
    }
    if (message.op === 'leave') return;
    const { roomId, since } = message;
    // Joined first, so that nothing published from here on is missed; the store holds the rest.
    const member: Member = { roomId, sent: since ?? 0, waiting: [] };
    members.set(client, member);
    const joined = room(roomId);
    sockets.join(client, topicOf(roomId));
    await joined.ready;
    const frame: ChatServerMessage[] = [];
    const missed = since === undefined ? null : await store.since(roomId, since);
    if (missed) {
      frame.push({ op: 'joined', roomId, from: member.sent });
      for (const e of missed) frame.push({ op: 'ev', e });
      member.sent = Math.max(member.sent, ...missed.map((e) => e.seq));
    } else {
      // Every event up to the counter is stored by the time the history is read.
      const counter = await store.lastSeq(roomId);
      const { list } = await store.history(roomId);
      frame.push({ op: 'reset', roomId, history: list });
      member.sent = Math.max(counter, ...list.map((e) => e.seq));
    }
    for (const e of member.waiting ?? []) {
      if (e.seq > member.sent) {
        frame.push({ op: 'ev', e });
        member.sent = e.seq;
      }
    }
    member.waiting = null;
    if (members.get(client) === member) reply(...frame);
  }

  return {
    sockets,
    connect: (socket: WebSocket) => void sockets.connect(socket),
    get size() {
      return sockets.size;
    },
    /** Gathers and sends what is due now (every `tickMs` on its own). */
    tick,
    async close() {
      sockets.close();
      await (await unsubscribe)();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
