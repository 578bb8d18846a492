export { type ClientMessages, type Realtime, type RealtimeOptions, realtime, serveSockets } from './plugin';
export {
  CLOSE_GOING_AWAY,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  type Client,
  createSockets,
  PING_INTERVAL_MS,
  SEND_SLICE,
  type Sockets,
  type SocketsOptions,
  type TokenResolver,
} from './sockets';
