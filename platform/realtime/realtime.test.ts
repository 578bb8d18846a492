import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { javaClient } from '../../test/java';
import { REDIS_URL, redisAvailable } from '../../test/services';
import { SESSIONS_REVOKED, tokenHash } from '../session-events';
import { CLOSE_SESSION_ENDED, createSockets, SEND_SLICE } from './index';

/** A socket that records what it is sent. */
class TestSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  send(frame: string | Buffer) {
    this.sent.push(String(frame));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {}
  ping() {}
}

function testSockets() {
  const sockets = createSockets({ maxBufferedBytes: 1000, receive: () => {} });
  cleanUpAfterFile(async () => sockets.close());
  const connect = () => {
    const socket = new TestSocket();
    return { socket, client: sockets.connect(socket as unknown as WebSocket) };
  };
  return { sockets, connect };
}

describe('the websocket base', () => {
  it('sends fan-outs a slice a turn, each client getting its frames in the order they were given', async () => {
    const { sockets, connect } = testSockets();
    const clients = Array.from({ length: SEND_SLICE * 3 }, connect);
    sockets.fanOut(clients, ({ socket }) => socket.send('first'));
    expect(clients.filter(({ socket }) => socket.sent.length > 0)).toHaveLength(SEND_SLICE);
    // Fewer clients in the second batch: its slices no longer line up with the first one's.
    const done = new Promise<void>((resolve) =>
      sockets.fanOut(clients.slice(10), ({ socket }) => socket.send('second'), resolve),
    );
    await done;
    for (const [index, { socket }] of clients.entries())
      expect(socket.sent).toEqual(index < 10 ? ['first'] : ['first', 'second']);
  });

  it('sends each client its queued parts as one frame, a part repeated back to back once', async () => {
    const { sockets, connect } = testSockets();
    const [one, two] = [connect(), connect()];
    for (const part of ['{"a":1}', '{"a":1}', '{"b":2}']) sockets.queue(one.client, part);
    sockets.queue(two.client, '{"b":2}');
    await new Promise<void>((resolve) => sockets.flush(resolve));
    expect(one.socket.sent).toEqual(['[{"a":1},{"b":2}]']);
    expect(two.socket.sent).toEqual(['[{"b":2}]']);
  });

  it('closes the sockets of a revoked token with 4001, or of every token of the user', async () => {
    const { sockets, connect } = testSockets();
    const resolve = async (token: string) => ({ uid: Number(token.split('-')[0]) });
    const authed = createSockets({ maxBufferedBytes: 1000, sessions: { resolve }, receive: () => {} });
    cleanUpAfterFile(async () => authed.close());
    const open = async (token: string) => {
      const socket = new TestSocket();
      await authed.authenticate(authed.connect(socket as unknown as WebSocket), token);
      return socket;
    };
    const [phone, laptop, other] = [await open('7-phone'), await open('7-laptop'), await open('8-phone')];
    const guest = connect().socket;

    expect(authed.revoke({ uid: 7, tokenHash: tokenHash('7-phone') })).toBe(1);
    expect([phone.closedWith, laptop.closedWith]).toEqual([CLOSE_SESSION_ENDED, null]);
    expect(authed.revoke({ uid: 7 })).toBe(1);
    expect(laptop.closedWith).toBe(CLOSE_SESSION_ENDED);
    expect(sockets.revoke({ uid: 8 })).toBe(0);
    expect([other.closedWith, guest.closedWith]).toEqual([null, null]);
  });
});

async function listen(app: FastifyInstance): Promise<string> {
  cleanUpAfterFile(() => app.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

/** A signed-in user of the app and a push socket authenticated with their token, following `user:<uid>`. */
async function userOnPush(app: FastifyInstance, base: string, email: string) {
  const row = await app.services.accounts.register({ email, source: 'email', type: 1 });
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  const socket = new WebSocket(`${base}/ws/push`);
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  cleanUpAfterFile(async () => void socket.terminate());
  const next = async (op: string) => {
    for (let i = 0; i < 300; i++) {
      const index = frames.findIndex((frame) => frame.op === op);
      if (index >= 0) return frames.splice(index, 1)[0];
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${op} frame`);
  };
  socket.send(JSON.stringify({ op: 'auth', token }));
  await next('authed');
  const channel = `user:${row.uid}`;
  socket.send(JSON.stringify({ op: 'sub', channel }));
  await next('subscribed');
  /** The pushes of the user's channel received so far. */
  const pushes = () => frames.filter((frame) => frame.channel === channel).map((frame) => frame.data);
  return { uid: row.uid, token, channel, closed, pushes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('revoked sessions on the push socket', () => {
  it('a logout closes the socket of that token with 4001 and its pushes stop; other logins keep theirs', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const phone = await userOnPush(app, base, 'phone@example.com');
    const laptopToken = await app.services.sessions.issue(phone.uid);
    const other = await userOnPush(app, base, 'other@example.com');

    await app.services.bus.publish(phone.channel, { n: 1 });
    await settle();
    expect(phone.pushes()).toEqual([{ n: 1 }]);

    await javaClient(app).call('POST', '/user/logout', { token: phone.token });
    expect(await phone.closed).toBe(CLOSE_SESSION_ENDED);
    await app.services.bus.publish(phone.channel, { n: 2 });
    await app.services.bus.publish(other.channel, { n: 2 });
    await settle();
    expect(phone.pushes()).toEqual([{ n: 1 }]);
    expect(other.pushes()).toEqual([{ n: 2 }]);
    expect((await app.services.sessions.resolve(laptopToken)).uid).toBe(phone.uid);
  });

  it('logging out everywhere closes every socket of the user', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const user = await userOnPush(app, base, 'everywhere@example.com');
    await javaClient(app).call('POST', '/user/logoutAll', { token: user.token });
    expect(await user.closed).toBe(CLOSE_SESSION_ENDED);
  });
});

describe.runIf(redisAvailable)('revoked sessions across two instances on Redis', () => {
  it('a revocation published on one instance closes the socket on the other', async () => {
    const env = { REDIS_URL };
    const one = await buildTestApp({ env });
    const two = await buildTestApp({ env });
    await listen(one);
    const user = await userOnPush(two, await listen(two), 'two@example.com');

    await one.services.bus.publish(SESSIONS_REVOKED, { uid: user.uid, tokenHash: tokenHash(user.token) });
    expect(await user.closed).toBe(CLOSE_SESSION_ENDED);
    await two.services.bus.publish(user.channel, { after: true });
    await settle();
    expect(user.pushes()).toEqual([]);
  });
});

describe('the websocket connect limit', () => {
  it('refuses an IP past its connects of the minute with 429', async () => {
    const app = await buildTestApp({ env: { WS_CONNECTS_PER_MINUTE: '2' } });
    const base = await listen(app);
    const statuses: (number | 'open')[] = [];
    for (const path of ['/ws/push', '/ws/scores', '/ws/push']) {
      const socket = new WebSocket(`${base}${path}`);
      statuses.push(
        await new Promise((resolve) => {
          socket.once('open', () => {
            socket.terminate();
            resolve('open');
          });
          socket.once('unexpected-response', (request, response) => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
        }),
      );
    }
    expect(statuses).toEqual(['open', 'open', 429]);
  });
});
