import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createMemoryBus } from '../../platform/bus/memory';
import { SEND_SLICE } from '../../platform/realtime/index';
import { cleanUpAfterFile } from '../../test/databases';
import type { ChatEvent, ShownEvent } from './chat.contract';
import { CHAT_CHANNEL } from './chat.service';
import { type ChatStore, createChatHub, SLOW_BYTES } from './hub';
import { chatClient } from './test-helpers';

const sender = { uid: 1, name: 'a', avatar: null, level: 1, badges: [] };
const msg = (seq: number): ShownEvent => ({ kind: 'msg', roomId: 1, seq, at: '', sender, text: `m${seq}` });

/** A store holding `events` (what the database would); the hub under test reads it on gaps and joins. */
function memoryStore(events: ChatEvent[]): ChatStore {
  return {
    lastSeq: async () => Math.max(0, ...events.map((e) => e.seq)),
    history: async () => ({ list: events.filter((e): e is ShownEvent => e.kind !== 'del') }),
    since: async (_roomId, since) => events.filter((e) => e.seq > since),
  };
}

/** The hub on its own websocket server, with the in-process bus and a tick driven by the test. */
async function hubOn(store: ChatStore, delivered?: (seconds: number) => void) {
  const bus = createMemoryBus();
  // A tick far in the future: the test runs the hub's ticks itself.
  const hub = createChatHub({ bus, store, log: pino({ level: 'silent' }), delivered, tickMs: 3_600_000 });
  const http = createServer();
  const server = new WebSocketServer({ server: http });
  server.on('connection', (socket) => hub.connect(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanUpAfterFile(async () => {
    await hub.close();
    server.close();
    http.close();
  });
  return { bus, hub, base: `ws://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

describe('the chat hub', () => {
  it('passes a room on in sequence order, reading from the store a number the bus has not brought', async () => {
    const stored: ChatEvent[] = [msg(1)];
    const { bus, hub, base } = await hubOn(memoryStore(stored));
    const client = await chatClient(base);
    client.join(1);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');

    // 2 and 3 are stored; the bus brings 3 first, and 2 never (another instance, lost on the way).
    stored.push(msg(2), msg(3));
    await bus.publish(CHAT_CHANNEL, msg(3));
    await new Promise((r) => setTimeout(r, 20));
    // First tick: 3 waits for 2, the gap is read from the store; second tick: 2 and 3 go out.
    await tickUntil(hub, () => client.events().length === 3);
    expect(client.events().map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});

describe('the delivery figure', () => {
  it('tells, for each event sent to a client here, the seconds from its making to its frame written', async () => {
    const stored: ChatEvent[] = [];
    const delivered: number[] = [];
    const { bus, hub, base } = await hubOn(memoryStore(stored), (seconds) => delivered.push(seconds));
    const client = await chatClient(base);
    client.join(1);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    // Made a second and a half ago (on another instance, say), and only now on its way out here.
    const late = { ...msg(1), at: new Date(Date.now() - 1500).toISOString() };
    stored.push(late);
    await bus.publish(CHAT_CHANNEL, late);
    // A room nobody here is in is not counted.
    await bus.publish(CHAT_CHANNEL, { ...late, roomId: 2 });
    await tickUntil(hub, () => client.events().length === 1);
    await waitFor(() => delivered.length === 1);
    expect(delivered[0]).toBeGreaterThanOrEqual(1.5);
    expect(delivered[0]).toBeLessThan(5);
  });
});

/** Runs the hub's ticks until `done` holds. */
async function tickUntil(hub: ReturnType<typeof createChatHub>, done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) {
    hub.tick();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A socket that keeps what it is sent and says it holds `bufferedAmount` unsent bytes. */
function fakeSocket(bufferedAmount: number) {
  const handlers = new Map<string, (data: unknown) => void>();
  const frames: unknown[][] = [];
  return {
    frames,
    said: (message: unknown) => handlers.get('message')?.(Buffer.from(JSON.stringify(message))),
    socket: {
      OPEN: 1,
      readyState: 1,
      bufferedAmount,
      on: (event: string, handler: (data: unknown) => void) => void handlers.set(event, handler),
      send: (frame: string | Buffer) => void frames.push(JSON.parse(frame.toString())),
      ping: () => undefined,
      close: () => undefined,
      terminate: () => undefined,
    },
  };
}

describe('a slow client', () => {
  it('gets only the newest messages of a tick and every deletion, with a note of what it skipped', async () => {
    const stored: ChatEvent[] = [];
    const { bus, hub } = await hubOn(memoryStore(stored));
    const slow = fakeSocket(SLOW_BYTES + 1);
    hub.connect(slow.socket as never);
    slow.said({ op: 'join', roomId: 1 });
    await waitFor(() => slow.frames.length === 1);

    const burst: ChatEvent[] = Array.from({ length: 31 }, (_, i) =>
      i === 4 ? { kind: 'del', roomId: 1, seq: 5, at: '', target: 2 } : msg(i + 1),
    );
    stored.push(...burst);
    for (const event of burst) await bus.publish(CHAT_CHANNEL, event);
    await new Promise((r) => setTimeout(r, 20));
    hub.tick();
    await waitFor(() => slow.frames.length === 2);

    const frame = slow.frames[1] as { op: string; to?: number; e?: ChatEvent }[];
    expect(frame[0]).toEqual({ op: 'skipped', to: 31 });
    const seqs = frame.slice(1).map((m) => m.e?.seq);
    // The deletion (5) and the newest ten of the tick (22-31): the display drops, not the client.
    expect(seqs).toEqual([5, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]);
  });
});

describe('a room of thousands', () => {
  it('sends nothing on a tick while its last frames are still being written, and all it gathered on the first tick after', async () => {
    const stored: ChatEvent[] = [];
    const { bus, hub } = await hubOn(memoryStore(stored));
    // Many more fans than one slice of writes: the frames of a tick are written over several turns.
    const fans = Array.from({ length: 5_000 }, () => fakeSocket(0));
    for (const fan of fans) {
      hub.connect(fan.socket as never);
      fan.said({ op: 'join', roomId: 1 });
    }
    await waitFor(() => fans.every((fan) => fan.frames.length === 1));
    const said = async (seq: number) => {
      stored.push(msg(seq));
      await bus.publish(CHAT_CHANNEL, msg(seq));
    };
    const last = fans.at(-1) as ReturnType<typeof fakeSocket>;

    await said(1);
    hub.tick();
    // The first slice is written; the last fan's frame waits for a later turn.
    expect(fans[SEND_SLICE - 1]?.frames).toHaveLength(2);
    expect(last.frames).toHaveLength(1);
    await said(2);
    hub.tick();
    await said(3);
    await waitFor(() => last.frames.length === 2);
    expect(fans.map((fan) => fan.frames.length)).toEqual(fans.map(() => 2));

    hub.tick();
    await waitFor(() => last.frames.length === 3);
    for (const fan of fans) expect((fan.frames[2] as { e: ChatEvent }[]).map((m) => m.e.seq)).toEqual([2, 3]);
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('the condition never held');
}
