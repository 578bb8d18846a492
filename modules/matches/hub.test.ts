import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { CLOSE_TOO_SLOW } from '../../platform/realtime/index';
import type { MatchBoard } from './board';
import { createScoreHub, type ScoreHub, type ScoreHubOptions, SEND_SLICE } from './hub';
import type { MatchSummary, ScoreServerMessage } from './matches.contract';
import { MAX_TOPICS } from './matches-constants.contract';
import { FEED_NAMES, type LocalNames, type NameBook } from './names';
import { testSummary as summary } from './test-summaries';

/** A board in memory: `change` replaces a match with a new version and tells the listeners. */
function testBoard(initial: MatchSummary[]) {
  const matches = new Map(initial.map((match) => [match.id, match]));
  const listeners = new Set<(summary: MatchSummary, previous: MatchSummary | undefined) => void>();
  const board: MatchBoard = {
    get: (id) => matches.get(id),
    all: () => matches.values(),
    recent: () => [],
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  function change(id: number, patch: Partial<MatchSummary>): MatchSummary {
    const previous = matches.get(id);
    const next = { ...(previous ?? summary(id)), ...patch, seq: (previous?.seq ?? 0) + 1 };
    matches.set(id, next);
    for (const listener of listeners) listener(next, previous);
    return next;
  }
  return { board, change };
}

/** Every language with the feed's names. */
const feedNames: Pick<LocalNames, 'of'> = { of: () => FEED_NAMES };

/** Chinese has a name of its own for team 10 (Northbridge); every other language has the feed's. */
const chinese: NameBook = {
  key: 'zh_CN',
  league: (league) => league,
  team: (team) => (team.id === 10 ? { ...team, name: '北桥' } : team),
  summary: (match) => ({ ...match, home: match.home && chinese.team(match.home) }),
};
const chineseNames: Pick<LocalNames, 'of'> = { of: (locale) => (locale === 'zh_CN' ? chinese : FEED_NAMES) };

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The hub on a real websocket server. */
async function serve(board: MatchBoard, options: ScoreHubOptions = {}, names = feedNames) {
  const hub = createScoreHub(board, names, { tickMs: 20, ...options });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  // The language is the upgrade's, as the app's `lang` cookie gives it: here `?lan=`.
  server.on('connection', (socket, request) => {
    const lan = new URL(request.url ?? '/', 'http://hub').searchParams.get('lan');
    hub.connect(socket, lan === 'zh_CN' ? 'zh_CN' : 'en_US');
  });
  await new Promise((resolve) => server.once('listening', resolve));
  stops.push(() => {
    hub.close();
    for (const client of server.clients) client.terminate();
    server.close();
  });
  return { hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A browser stand-in: every frame is a JSON array; `next` resolves with the next one. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const frames: ScoreServerMessage[][] = [];
  const waiting: ((frame: ScoreServerMessage[]) => void)[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  stops.push(() => socket.terminate());
  const next = () =>
    new Promise<ScoreServerMessage[]>((resolve, reject) => {
      const frame = frames.shift();
      if (frame) return resolve(frame);
      const timer = setTimeout(() => reject(new Error('no frame within 2 s')), 2000);
      waiting.push((received) => {
        clearTimeout(timer);
        resolve(received);
      });
    });
  const request = (message: unknown) => {
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return next();
  };
  /** Resolves when no frame comes for a while: nothing else was sent. */
  const quiet = async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return frames.splice(0);
  };
  return { socket, next, request, quiet };
}

const snapped = (frame: ScoreServerMessage[]) =>
  frame.flatMap((message) => (message.op === 'snap' ? [message.m.id] : [])).sort();

describe('the score hub', () => {
  it("names the teams in each client's language, in snapshots and in diffs", async () => {
    const { board, change } = testBoard([summary(1)]);
    const { url } = await serve(board, {}, chineseNames);
    const [zh, en] = [await connect(`${url}?lan=zh_CN`), await connect(`${url}?lan=en_US`)];
    const homeOf = (frame: ScoreServerMessage[]) =>
      frame.flatMap((message) => (message.op === 'snap' ? [message.m.home?.name] : []));
    expect(homeOf(await zh.request({ op: 'sub', topics: ['live'] }))).toEqual(['北桥']);
    expect(homeOf(await en.request({ op: 'sub', topics: ['live'] }))).toEqual(['Northbridge']);

    change(1, { home: { id: 10, name: 'Northbridge United', shortName: 'NOR', logo: null } });
    const diffOf = (frame: ScoreServerMessage[]) => (frame[0]?.op === 'diff' ? frame[0].d : undefined);
    // Chinese keeps its own name, so nothing changed for it; English gets the feed's new name.
    expect(diffOf(await zh.next())).toEqual({});
    expect(diffOf(await en.next())).toEqual({
      home: { id: 10, name: 'Northbridge United', shortName: 'NOR', logo: null },
    });
  });

  it('tells how long each change that reached a client took from the board to its frames written', async () => {
    const { board, change } = testBoard([summary(1), summary(2)]);
    const delivered: number[] = [];
    const { url } = await serve(board, { delivered: (seconds) => delivered.push(seconds) });
    const client = await connect(url);
    await client.request({ op: 'sub', topics: ['match:1'] });
    change(1, { score: { home: 1, away: 0 } });
    // Match 2 has no subscriber here: its change reaches no one and is not counted.
    change(2, { score: { home: 1, away: 0 } });
    await client.next();
    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    // Gathered for at most a tick (20 ms here), then written at once.
    expect(delivered[0]).toBeGreaterThanOrEqual(0);
    expect(delivered[0]).toBeLessThan(1);
    expect(await client.quiet()).toEqual([]);
    expect(delivered).toHaveLength(1);
  });

  it('answers a subscription with the topics and a snapshot of each match in them', async () => {
    const { board } = testBoard([
      summary(1),
      summary(2, { gameId: 201, game: 'basketball' }),
      summary(3, { status: 'not_started', period: null }),
      summary(4, { status: 'finished', startTime: Date.UTC(2026, 10, 21, 12) }),
    ]);
    const { url } = await serve(board);
    const client = await connect(url);

    const reply = await client.request({ op: 'sub', topics: ['live:202', 'match:4'] });
    expect(reply[0]).toEqual({ op: 'subscribed', topics: ['live:202', 'match:4'] });
    expect(snapped(reply)).toEqual([1, 4]);

    expect(snapped(await client.request({ op: 'sub', topics: ['day:2026-11-22'] }))).toEqual([1, 2, 3]);
    expect(snapped(await client.request({ op: 'get', ids: [2, 99] }))).toEqual([2]);
  });

  it('sends one diff per tick for a match that changed several times, once to a client in several of its topics', async () => {
    const { board, change } = testBoard([summary(1), summary(2)]);
    const { url } = await serve(board, { tickMs: 200 });
    const client = await connect(url);
    await client.request({ op: 'sub', topics: ['live', 'live:202', 'match:1'] });

    change(1, { score: { home: 1, away: 0 } });
    change(1, { score: { home: 2, away: 0 } });
    change(1, { period: 'H2' });

    expect(await client.next()).toEqual([
      { op: 'diff', id: 1, from: 1, seq: 4, d: { score: { home: 2, away: 0 }, period: 'H2' } },
    ]);
    expect(await client.quiet()).toEqual([]);
  });

  it('sends each client only the matches of its topics, all of one tick in one frame', async () => {
    const { board, change } = testBoard([summary(1), summary(2), summary(3, { gameId: 201 })]);
    const { url } = await serve(board, { tickMs: 200 });
    const soccer = await connect(url);
    const single = await connect(url);
    await soccer.request({ op: 'sub', topics: ['live:202'] });
    await single.request({ op: 'sub', topics: ['match:3'] });

    change(1, { score: { home: 1, away: 0 } });
    change(2, { score: { home: 0, away: 1 } });
    change(3, { score: { home: 3, away: 3 } });

    expect((await soccer.next()).map((message) => message.op === 'diff' && message.id)).toEqual([1, 2]);
    expect(await single.next()).toEqual([
      { op: 'diff', id: 3, from: 1, seq: 2, d: { score: { home: 3, away: 3 } } },
    ]);
    expect(await soccer.quiet()).toEqual([]);
  });

  it('sends the whole match to a live list when it goes live, and the final diff when it ends', async () => {
    const { board, change } = testBoard([summary(1, { status: 'not_started', period: null })]);
    const { url } = await serve(board);
    const client = await connect(url);
    await client.request({ op: 'sub', topics: ['live'] });

    const live = change(1, { status: 'in_progress', period: 'H1' });
    expect(await client.next()).toEqual([{ op: 'snap', m: live }]);
    change(1, { status: 'finished', period: null, winner: 'home' });
    expect(await client.next()).toEqual([
      { op: 'diff', id: 1, from: 2, seq: 3, d: { status: 'finished', period: null, winner: 'home' } },
    ]);
  });

  it('skips the matches a client already holds in the version it names in `since`', async () => {
    const { board, change } = testBoard([summary(1), summary(2), summary(3)]);
    change(2, { score: { home: 1, away: 0 } });
    const { url } = await serve(board);
    const client = await connect(url);

    const reply = await client.request({ op: 'sub', topics: ['live'], since: { 1: 1, 2: 1 } });
    expect(snapped(reply)).toEqual([2, 3]);
  });

  it('gives a client that reconnects what changed while it was away, and nothing stale', async () => {
    const { board, change } = testBoard([summary(1), summary(2)]);
    const { url } = await serve(board);
    const first = await connect(url);
    const held = await first.request({ op: 'sub', topics: ['live', 'match:2'] });
    const since = Object.fromEntries(
      held.flatMap((message) => (message.op === 'snap' ? [[message.m.id, message.m.seq]] : [])),
    );
    first.socket.close();

    const goal = change(2, { score: { home: 0, away: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const again = await connect(url);
    const reply = await again.request({ op: 'sub', topics: ['live', 'match:2'], since });
    expect(reply.slice(1)).toEqual([{ op: 'snap', m: goal }]);
  });

  it('tells a client that reconnects about a match that ended while it was away', async () => {
    const { board, change } = testBoard([summary(1), summary(2)]);
    const { url } = await serve(board);
    const first = await connect(url);
    await first.request({ op: 'sub', topics: ['live'] });
    first.socket.close();

    const ended = change(2, { status: 'finished', period: null, score: { home: 0, away: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const again = await connect(url);
    const reply = await again.request({ op: 'sub', topics: ['live'], since: { 1: 1, 2: 1, 99: 1 } });
    expect(reply.slice(1)).toEqual([{ op: 'snap', m: ended }]);
  });

  it('answers bad messages with an error and keeps serving the socket', async () => {
    const { board } = testBoard([summary(1)]);
    const { url } = await serve(board);
    const client = await connect(url);

    expect(await client.request('not json')).toEqual([{ op: 'error', reason: 'bad message' }]);
    expect(await client.request({ op: 'sub', topics: ['wallet:1'] })).toEqual([
      { op: 'error', reason: 'bad message' },
    ]);
    expect(await client.request({ op: 'get', ids: [] })).toEqual([{ op: 'error', reason: 'bad message' }]);
    expect(await client.request({ op: 'ping', padding: 'x'.repeat(20_000) })).toEqual([
      { op: 'error', reason: 'message too large' },
    ]);
    const many = Array.from({ length: MAX_TOPICS }, (_, index) => `match:${index + 1}`);
    expect((await client.request({ op: 'sub', topics: many }))[0]).toMatchObject({ op: 'subscribed' });
    expect(await client.request({ op: 'sub', topics: ['live'] })).toEqual([
      { op: 'error', reason: 'too many topics' },
    ]);
    expect(await client.request({ op: 'ping' })).toEqual([{ op: 'pong' }]);
  });

  it('stops sending to a client after it unsubscribes', async () => {
    const { board, change } = testBoard([summary(1)]);
    const { url } = await serve(board);
    const client = await connect(url);
    await client.request({ op: 'sub', topics: ['live', 'match:1'] });
    expect(await client.request({ op: 'unsub', topics: ['live', 'match:1'] })).toEqual([
      { op: 'subscribed', topics: [] },
    ]);
    change(1, { score: { home: 1, away: 0 } });
    expect(await client.quiet()).toEqual([]);
  });
});

/** A socket whose buffer and pongs the test controls. */
class TestSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  terminated = false;
  send(frame: string) {
    this.sent.push(frame);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
  }
  pings = 0;
  ping() {
    this.pings++;
  }
}

function connectTestSocket(hub: ScoreHub, topics: string[]) {
  const socket = new TestSocket();
  hub.connect(socket as unknown as WebSocket);
  socket.emit('message', Buffer.from(JSON.stringify({ op: 'sub', topics })));
  return socket;
}

describe('the score hub with slow or dead clients', () => {
  // The hub's ticks and pings run on its own timers: each test waits for what the rule says
  // happens, not for a fixed time, which a loaded machine's late timers can outlast.
  it('drops a client whose unsent data passes the bound with 4008, and keeps serving the others', async () => {
    const { board, change } = testBoard([summary(1)]);
    const hub = createScoreHub(board, feedNames, { tickMs: 10, maxBufferedBytes: 1000 });
    stops.push(() => hub.close());
    const slow = connectTestSocket(hub, ['live']);
    const fast = connectTestSocket(hub, ['live']);
    slow.bufferedAmount = 1001;

    change(1, { score: { home: 1, away: 0 } });
    await vi.waitFor(() => expect(fast.sent).toHaveLength(2));

    expect(slow.closedWith).toBe(CLOSE_TOO_SLOW);
    expect(slow.sent).toHaveLength(1);
    expect(fast.sent).toHaveLength(2);
  });

  it('terminates a socket that does not answer a ping by the next one', async () => {
    const { board } = testBoard([]);
    const hub = createScoreHub(board, feedNames, { pingIntervalMs: 20 });
    stops.push(() => hub.close());
    const silent = connectTestSocket(hub, ['live']);
    const answering = connectTestSocket(hub, ['live']);
    answering.ping = () => answering.emit('pong');

    await vi.waitFor(() => expect(silent.terminated).toBe(true));
    // Pinged again and again meanwhile, the answering one stays.
    expect(answering.terminated).toBe(false);
  });
});

describe('the score hub with many clients', () => {
  it('sends each tick to more clients than one slice, every client getting the versions in order', async () => {
    const { board, change } = testBoard([summary(1), summary(2)]);
    const hub = createScoreHub(board, feedNames, { tickMs: 1 });
    stops.push(() => hub.close());
    // Half follow match 1 first and half match 2 first, so ticks reach the clients in other orders.
    const half = (topic: string) =>
      Array.from({ length: SEND_SLICE * 2 }, () => connectTestSocket(hub, [topic]));
    const ones = half('match:1');
    const twos = half('match:2');
    const follow = (socket: TestSocket, topic: string) =>
      socket.emit('message', Buffer.from(JSON.stringify({ op: 'sub', topics: [topic] })));
    for (const socket of ones) follow(socket, 'match:2');
    for (const socket of twos) follow(socket, 'match:1');
    const sockets = [...ones, ...twos];
    for (const socket of sockets) {
      // Each send takes a while, so ticks fall due while a fan-out is still going out.
      socket.send = (frame) => {
        const until = performance.now() + 0.02;
        while (performance.now() < until);
        socket.sent.push(frame);
      };
    }
    for (let n = 0; n < 6; n++) {
      const [first, second] = n % 2 === 0 ? [1, 2] : [2, 1];
      change(first, { score: { home: n + 1, away: 0 } });
      change(second, { score: { home: n + 1, away: 0 } });
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const socket of sockets) {
      const held = new Map<number, number>();
      for (const message of socket.sent.flatMap(
        (frame) => JSON.parse(String(frame)) as ScoreServerMessage[],
      )) {
        if (message.op === 'snap') held.set(message.m.id, message.m.seq);
        if (message.op === 'diff') {
          expect(message.from).toBe(held.get(message.id));
          held.set(message.id, message.seq);
        }
      }
      expect([held.get(1), held.get(2)]).toEqual([7, 7]);
    }
  });

  it('pings its clients a group at a time, each once an interval', () => {
    vi.useFakeTimers();
    try {
      const { board } = testBoard([]);
      const hub = createScoreHub(board, feedNames, { pingIntervalMs: 30_000 });
      stops.push(() => hub.close());
      const sockets = Array.from({ length: 60 }, () => connectTestSocket(hub, ['live']));
      for (const socket of sockets) socket.ping = () => socket.emit('pong', socket.pings++);
      const pinged = () => sockets.filter((socket) => socket.pings > 0).length;

      vi.advanceTimersByTime(1000);
      expect(pinged()).toBe(2);
      vi.advanceTimersByTime(29_000);
      expect(sockets.map((socket) => socket.pings)).toEqual(sockets.map(() => 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
