import type { Logger } from 'pino';
import WebSocket from 'ws';
import { isHello } from './frames';

/** Why a live socket is closed for good. */
export type LiveEnd = 'finished' | 'refused';

export interface LiveChannelOptions {
  /** wss://live.pandascore.co/matches/{id} (frames) or …/events, without the token. */
  url: string;
  token: string;
  log: Logger;
  /** Every message after the hello, parsed; text that is not JSON is dropped with a log line. */
  onMessage(message: unknown): void;
  /** After the hello of a connection that replaced a lost one: what was missed can be asked for. */
  onReconnected?(send: (message: unknown) => void): void;
  /** The socket closed and will not be opened again: the match is over, or the plan refuses it. */
  onEnd?(why: LiveEnd): void;
  /** The first pause before connecting again; it doubles up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the socket is pinged; one that has not answered the last ping is dropped. */
  pingMs?: number;
}

export interface LiveChannel {
  close(): void;
}

// PandaScore's close codes ("Disconnections"): 1000 the match is finished; 4001 no token, 4003 not in
// the plan (neither is tried again); 4029 three connections to the match already.
const FINISHED = 1000;
const REFUSED = new Set([4001, 4003]);
const TOO_MANY = 4029;

/**
 * One live socket of a match, kept open: the token goes in the URL as documented, the first message
 * is the hello, a lost connection is opened again after a pause that doubles (with some jitter,
 * reset by the next hello), and a connection that stops answering pings is dropped and reopened.
 */
export function openLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { url, token, log, firstBackoffMs = 1_000, maxBackoffMs = 60_000, pingMs = 30_000 } = options;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let attempt = 0;
  let greeted = false;
  let closed = false;

  function connect() {
    const address = new URL(url);
    address.searchParams.set('token', token);
    const ws = new WebSocket(address);
    socket = ws;
    let hello = false;
    let alive = true;
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('open', () => {
      clearInterval(ping);
      ping = setInterval(() => {
        if (!alive) {
          log.warn({ url }, 'pandascore live socket stopped answering; reconnecting');
          ws.terminate();
          return;
        }
        alive = false;
        ws.ping();
      }, pingMs);
    });
    ws.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        log.warn({ url, bytes: String(data).length }, 'pandascore live message dropped: not JSON');
        return;
      }
      if (!hello && isHello(message)) {
        hello = true;
        attempt = 0;
        if (greeted) options.onReconnected?.((reply) => ws.send(JSON.stringify(reply)));
        greeted = true;
        return;
      }
      options.onMessage(message);
    });
    ws.on('error', (err) => log.debug({ err, url }, 'pandascore live socket error'));
    ws.on('close', (code) => {
      clearInterval(ping);
      if (closed) return;
      if (code === FINISHED || REFUSED.has(code)) {
        closed = true;
        if (REFUSED.has(code)) log.warn({ url, code }, 'pandascore live socket refused');
        options.onEnd?.(code === FINISHED ? 'finished' : 'refused');
        return;
      }
      const backoff =
        code === TOO_MANY ? maxBackoffMs : Math.min(firstBackoffMs * 2 ** attempt, maxBackoffMs);
      const pause = Math.round(backoff * (0.8 + Math.random() * 0.4));
      attempt += 1;
      log.info({ url, code, pause }, 'pandascore live socket lost; reconnecting');
      retry = setTimeout(connect, pause);
    });
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    },
  };
}
