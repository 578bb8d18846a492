import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';

/** Close codes the browser can act on. */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TOO_SLOW = 4008;

/** A client that has this much unsent data is too slow to keep; it reconnects and resyncs. */
const MAX_BUFFERED_BYTES = 1 << 20;

const clientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), channel: z.string().min(1).max(120) }),
  z.object({ op: z.literal('unsub'), channel: z.string().min(1).max(120) }),
  z.object({ op: z.literal('ping') }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
]);

/** Channel prefixes clients may subscribe to; domains add theirs. */
export const PUBLIC_CHANNEL_PREFIXES = ['system:'];

/**
 * A user's private channel, "user:<uid>" (payment results, the spec's payWs): only a socket
 * that has sent `{op: 'auth', token}` for that very user may subscribe to it.
 */
const PRIVATE_CHANNEL = /^user:(\d+)$/;

function mayJoin(channel: string, uid: number | undefined): boolean {
  const owner = PRIVATE_CHANNEL.exec(channel)?.[1];
  if (owner !== undefined) return uid !== undefined && Number(owner) === uid;
  return PUBLIC_CHANNEL_PREFIXES.some((prefix) => channel.startsWith(prefix));
}

/**
 * /ws/push: clients subscribe to public channels of the event bus and receive
 * `{channel, data}` frames. Each channel is subscribed on the bus once per process and fanned
 * out to the local sockets, so any instance's publish reaches every instance's clients.
 */
export async function pushGateway(app: FastifyInstance) {
  const { bus } = app.services;
  const sockets = new Map<string, Set<WebSocket>>();
  const unsubscribers = new Map<string, Promise<() => Promise<void>>>();

  function deliver(channel: string, data: unknown) {
    const frame = JSON.stringify({ channel, data });
    for (const socket of sockets.get(channel) ?? []) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.close(CLOSE_TOO_SLOW, 'too slow');
      else socket.send(frame);
    }
  }

  async function join(channel: string, socket: WebSocket) {
    let members = sockets.get(channel);
    if (!members) {
      members = new Set();
      sockets.set(channel, members);
      unsubscribers.set(
        channel,
        bus.subscribe(channel, (data) => deliver(channel, data)),
      );
    }
    members.add(socket);
    await unsubscribers.get(channel);
  }

  async function leave(channel: string, socket: WebSocket) {
    const members = sockets.get(channel);
    if (!members?.delete(socket) || members.size > 0) return;
    sockets.delete(channel);
    const unsubscribe = unsubscribers.get(channel);
    unsubscribers.delete(channel);
    await (await unsubscribe)?.();
  }

  app.get('/ws/push', { websocket: true }, (socket) => {
    const mine = new Set<string>();
    let uid: number | undefined;
    socket.on('message', async (raw) => {
      const parsed = clientMessage.safeParse(safeJson(raw.toString()));
      if (!parsed.success) return socket.send(JSON.stringify({ op: 'error', reason: 'bad message' }));
      const message = parsed.data;
      if (message.op === 'ping') return socket.send(JSON.stringify({ op: 'pong' }));
      if (message.op === 'auth') {
        const user = await app.services.sessions.resolve(message.token).catch(() => null);
        uid = user?.uid;
        // Another login on the same socket: private channels of the previous one are left.
        for (const channel of mine) {
          if (!mayJoin(channel, uid)) {
            mine.delete(channel);
            await leave(channel, socket);
          }
        }
        return socket.send(JSON.stringify(user ? { op: 'authed', uid } : { op: 'error', reason: 'auth' }));
      }
      if (message.op === 'unsub') {
        mine.delete(message.channel);
        return leave(message.channel, socket);
      }
      if (!mayJoin(message.channel, uid)) {
        return socket.send(JSON.stringify({ op: 'error', reason: 'forbidden', channel: message.channel }));
      }
      mine.add(message.channel);
      await join(message.channel, socket);
      socket.send(JSON.stringify({ op: 'subscribed', channel: message.channel }));
    });
    socket.on('close', () => {
      for (const channel of mine) void leave(channel, socket);
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
