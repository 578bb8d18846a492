import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import Context from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import RtmpSession, { type NmsSubscriber } from 'node-media-server/src/session/rtmp_session.js';
import type { Logger } from 'pino';

/** A push that node-media-server took (the first on its key), waiting for our decision. */
export interface RtmpPush {
  app: string;
  /** The stream name of the push URL: the anchor's secret key. */
  key: string;
  /** The pusher's address, without the port. */
  ip: string;
  /** The connection is still open and still the publisher of its key. */
  isOpen(): boolean;
  /** Hands every FLV tag of the stream to `write`, from the last keyframe on; returns the stop. */
  subscribe(write: (tag: Buffer) => void): () => void;
  /** What the encoder announced in its metadata (0 when it did not). */
  video(): { width: number; height: number; fps: number };
  refuse(): void;
  onEnd(listener: () => void): void;
}

export interface RtmpIngest {
  port: number;
  close(): Promise<void>;
}

/**
 * The embedded RTMP ingest: node-media-server's RTMP sessions on our own listener (so a busy port
 * is an error we handle, not an exit), in this process. Every push that node-media-server does not
 * refuse itself (a second push on a live key) goes to `onPush`; RTMP playback is refused, viewers
 * play over HTTP by stream id.
 */
export async function listenRtmp({
  port,
  host,
  log,
  onPush,
}: {
  port: number;
  host: string;
  log: Logger;
  onPush: (push: RtmpPush) => void;
}): Promise<RtmpIngest> {
  routeLibraryLog(log);
  const sessions = new WeakSet<RtmpSession>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const session = new RtmpSession(socket);
    sessions.add(session);
    session.run();
  });

  const prePublish = (session: RtmpSession) => {
    // Our pushes end at once; the live module keeps its own grace period before ending a live.
    if (sessions.has(session)) session.broadcast.publishGraceMs = 0;
  };
  const postPublish = (session: RtmpSession) => {
    // node-media-server refuses this session right after the event when its key already has a publisher.
    if (!sessions.has(session) || session.broadcast.publisher !== null) return;
    onPush(pushOf(session));
  };
  const prePlay = (session: RtmpSession) => {
    if (sessions.has(session)) session.socket.destroy();
  };
  Context.eventEmitter.on('prePublish', prePublish);
  Context.eventEmitter.on('postPublish', postPublish);
  Context.eventEmitter.on('prePlay', prePlay);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((err) => {
    Context.eventEmitter.off('prePublish', prePublish);
    Context.eventEmitter.off('postPublish', postPublish);
    Context.eventEmitter.off('prePlay', prePlay);
    throw err;
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  log.info({ port: boundPort }, 'RTMP ingest listening');

  return {
    port: boundPort,
    async close() {
      Context.eventEmitter.off('prePublish', prePublish);
      Context.eventEmitter.off('postPublish', postPublish);
      Context.eventEmitter.off('prePlay', prePlay);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function pushOf(session: RtmpSession): RtmpPush {
  const { broadcast, socket } = session;
  return {
    app: session.streamApp,
    key: session.streamName,
    ip: addressOf(session.ip),
    isOpen: () => !socket.destroyed && broadcast.publisher === session,
    subscribe(write) {
      const subscriber: NmsSubscriber = {
        id: randomUUID(),
        ip: '', // an internal player: node-media-server emits no play events for it
        protocol: 'flv',
        streamPath: session.streamPath,
        endTime: 0,
        sendBuffer: write,
      };
      broadcast.postPlay(subscriber);
      return () => broadcast.donePlay(subscriber);
    },
    video: () => ({
      width: session.videoWidth || 0,
      height: session.videoHeight || 0,
      fps: Math.round(session.videoFramerate || 0),
    }),
    refuse: () => socket.destroy(),
    onEnd: (listener) => socket.once('close', listener),
  };
}

/** "address:port" (IPv4, or IPv6 possibly mapped) to the address alone. */
function addressOf(ipAndPort: string): string {
  return ipAndPort.replace(/:\d+$/, '').replace(/^::ffff:/, '');
}

/**
 * node-media-server prints to the console and names stream keys in its lines: send its lines to our
 * log at debug level with every stream name hidden.
 */
function routeLibraryLog(log: Logger) {
  nmsLogger.log = (message: string) => {
    log.debug({ component: 'rtmp' }, message.replace(/(\/[\w-]+\/)[\w-]+/g, '$1***'));
  };
}
