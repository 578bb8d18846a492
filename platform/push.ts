import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Client, createSockets, serveSockets } from './realtime/index';

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
 * that has sent `{op: 'auth', token}` for that very user may subscribe to it. A socket whose
 * session ends (logout, ban, password change) is closed with 4001 (platform/realtime).
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
  const unsubscribers = new Map<string, Promise<() => Promise<void>>>();
  const sockets = createSockets({
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    sessions: app.services.sessions,
    receive: (client, raw) => void receive(client, raw.toString()),
    // The bus subscription of a channel no socket here follows any more.
    emptied: (channel) => {
      const unsubscribe = unsubscribers.get(channel);
      unsubscribers.delete(channel);
      void unsubscribe
        ?.then((stop) => stop())
        .catch((err) => app.log.warn({ err, channel }, 'could not leave a bus channel'));
    },
  });
  app.addHook('onClose', async () => sockets.close());

  function deliver(channel: string, data: unknown) {
    const members = sockets.members(channel);
    if (!members) return;
    const frame = JSON.stringify({ channel, data });
    sockets.fanOut([...members], (client) => sockets.send(client, frame));
  }

  async function join(channel: string, client: Client) {
    if (sockets.join(client, channel)) {
      unsubscribers.set(
        channel,
        bus.subscribe(channel, (data) => deliver(channel, data)),
      );
    }
    await unsubscribers.get(channel);
  }

  async function receive(client: Client, text: string) {
    const reply = (message: unknown) => sockets.send(client, JSON.stringify(message));
    const parsed = clientMessage.safeParse(safeJson(text));
    if (!parsed.success) return reply({ op: 'error', reason: 'bad message' });
    const message = parsed.data;
    if (message.op === 'ping') return reply({ op: 'pong' });
    if (message.op === 'auth') {
      const user = await sockets.authenticate(client, message.token);
      // Another login on the same socket: private channels of the previous one are left.
      for (const channel of [...client.topics]) {
        if (!mayJoin(channel, user?.uid)) sockets.leave(client, channel);
      }
      return reply(user ? { op: 'authed', uid: user.uid } : { op: 'error', reason: 'auth' });
    }
    if (message.op === 'unsub') return sockets.leave(client, message.channel);
    if (!mayJoin(message.channel, client.session?.uid)) {
      return reply({ op: 'error', reason: 'forbidden', channel: message.channel });
    }
    await join(message.channel, client);
    reply({ op: 'subscribed', channel: message.channel });
  }

  serveSockets(app, '/ws/push', sockets, clientMessage);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
