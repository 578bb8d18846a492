// The parts of node-media-server 4 the embedded ingest uses (the package ships no types).

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';
  import type { NmsBroadcast } from 'node-media-server/src/session/rtmp_session.js';

  const Context: {
    config: Record<string, unknown>;
    sessions: Map<string, unknown>;
    broadcasts: Map<string, NmsBroadcast>;
    eventEmitter: EventEmitter;
  };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string; log(message: string, level?: string): void };
  export default logger;
}

declare module 'node-media-server/src/session/rtmp_session.js' {
  import type { Socket } from 'node:net';

  /** What a broadcast needs of a player: FLV tags are handed to `sendBuffer` one by one. */
  export interface NmsSubscriber {
    id: string;
    ip: string;
    protocol: 'flv';
    streamPath: string;
    endTime: number;
    sendBuffer(buffer: Buffer): void;
  }

  export interface NmsBroadcast {
    publisher: object | null;
    publishGraceMs: number;
    postPlay(session: NmsSubscriber): string | null;
    donePlay(session: NmsSubscriber): void;
  }

  export default class RtmpSession {
    constructor(socket: Socket);
    id: string;
    /** "address:port" of the pusher. */
    ip: string;
    protocol: string;
    socket: Socket;
    streamApp: string;
    streamName: string;
    streamPath: string;
    broadcast: NmsBroadcast;
    inBytes: number;
    videoWidth: number;
    videoHeight: number;
    videoFramerate: number;
    run(): void;
  }
}
