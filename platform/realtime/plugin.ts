import fastifyWebsocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { isLocale } from '../../lib/locales';
import type { Bus } from '../bus/bus';
import { gaugeReadAtScrape, type Metrics } from '../metrics';
import type { RateLimiter } from '../rate-limit';
import { SESSIONS_REVOKED, sessionsRevoked } from '../session-events';
import { CLOSE_GOING_AWAY, type Sockets } from './sockets';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface Realtime {
  /** The sockets of every endpoint by its path: a revoked session reaches them all. */
  readonly served: Map<string, Sockets>;
  /** The operations (`op`) clients may send on each endpoint, by path: what the authorisation matrix covers. */
  readonly operations: Map<string, string[]>;
  /** Refuses the upgrade (429) of an IP past its websocket connects of the minute. */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export interface RealtimeOptions {
  bus: Bus;
  /** The app's limiter: in-process, or shared by every instance on Redis. */
  limiter: RateLimiter;
  /** Websocket connects one IP may make a minute (on each instance, or all of them with Redis). */
  connectsPerMinute: number;
  /** The app's metrics: the sockets open on each endpoint are read from here when scraped. */
  metrics: Metrics;
}

/**
 * The websocket base of the app (docs/decisions/014-realtime-and-jobs.md): the upgrade, the
 * per-IP connect limit, 1001 to every socket at shutdown, and revoked sessions, heard on the bus
 * from any instance, closing their sockets here.
 */
export const realtime = fp(async (app: FastifyInstance, options: RealtimeOptions) => {
  const { bus, limiter, connectsPerMinute, metrics } = options;
  const served = new Map<string, Sockets>();
  gaugeReadAtScrape(
    metrics,
    { name: 'ws_connections', help: 'Websockets open on this instance, by endpoint', labelNames: ['path'] },
    () => [...served].map(([path, sockets]) => [{ path }, sockets.size]),
  );
  app.decorate('realtime', {
    served,
    operations: new Map(),
    async admit(request, reply) {
      const { allowed, retryAfterSeconds } = await limiter.hit(
        `ws-connect:${request.ip}`,
        connectsPerMinute,
        60,
      );
      if (!allowed) await reply.code(429).header('retry-after', String(retryAfterSeconds)).send();
    },
  } satisfies Realtime);

  await app.register(fastifyWebsocket, {
    // No permessage-deflate: score frames are small and compressing each costs memory per socket.
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    // Tell clients the server is going away (1001) so they reconnect to another instance.
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(CLOSE_GOING_AWAY, 'server shutting down');
      this.websocketServer.close(() => done());
    },
  });

  const unsubscribe = await bus.subscribe(SESSIONS_REVOKED, (message) => {
    const event = sessionsRevoked.safeParse(message);
    if (!event.success) return app.log.warn({ message }, 'ignored a malformed session revocation');
    for (const sockets of served.values()) sockets.revoke(event.data);
  });
  app.addHook('onClose', async () => unsubscribe());
});

/** What a client sends on an endpoint: one message shape per operation, told apart by `op`. */
export type ClientMessages = z.ZodDiscriminatedUnion<z.ZodObject<{ op: z.ZodLiteral<string> }>[], 'op'>;

/**
 * Serves websockets at `path` with `sockets`, behind the per-IP connect limit; `messages` is the
 * endpoint's protocol, whose operations are listed in `app.realtime.operations`.
 */
export function serveSockets(
  app: FastifyInstance,
  path: string,
  sockets: Sockets,
  messages: ClientMessages,
): void {
  app.realtime.served.set(path, sockets);
  app.realtime.operations.set(
    path,
    messages.options.map((message) => message.shape.op.value),
  );
  app.get(path, { websocket: true, preValidation: app.realtime.admit }, (socket, request) => {
    forgetUpgrade(socket, app.log);
    // A browser cannot give a websocket the `lan` header: the page says its language in the query.
    const asked = (request.query as { lan?: unknown }).lan;
    sockets.connect(socket, isLocale(asked) ? asked : request.locale);
  });
}

/**
 * Lets the upgrade's request and response go once the socket is open. The websocket plugin's error
 * listener closes over them, and the raw socket still points at the response, which points at the
 * request: a few KB kept for as long as each of ten thousand viewers stays. The socket gets an
 * error listener of its own (a malformed or oversized frame; the socket then closes).
 */
function forgetUpgrade(socket: WebSocket, log: FastifyBaseLogger): void {
  socket.removeAllListeners('error');
  socket.on('error', (err) => log.debug({ err }, 'websocket error'));
  const raw = (socket as unknown as { _socket?: { _httpMessage?: unknown } })._socket;
  if (raw) raw._httpMessage = null;
}
