import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../test/app';
import { cleanUpAfterFile } from '../test/databases';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from '../test/services';

async function listen(app: FastifyInstance): Promise<string> {
  cleanUpAfterFile(() => app.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

/** Opens /ws/push, subscribes, and resolves with the first frame of that channel. */
async function subscribe(base: string, channel: string) {
  const socket = new WebSocket(`${base}/ws/push`);
  const frames: unknown[] = [];
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const subscribed = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.op === 'subscribed') resolve();
      else frames.push(frame);
    });
  });
  socket.send(JSON.stringify({ op: 'sub', channel }));
  await subscribed;
  const next = async () => {
    for (let i = 0; i < 200 && frames.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    return frames.shift();
  };
  return { socket, next };
}

describe('the push websocket', () => {
  it('delivers bus messages to subscribers of a public channel', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const client = await subscribe(base, 'system:notice');
    await app.services.bus.publish('system:notice', { text: 'maintenance at 02:00' });
    expect(await client.next()).toEqual({ channel: 'system:notice', data: { text: 'maintenance at 02:00' } });
    client.socket.close();
  });

  it('refuses channels that are not public', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const socket = new WebSocket(`${base}/ws/push`);
    await new Promise((r) => socket.once('open', r));
    const reply = new Promise((r) => socket.once('message', (raw) => r(JSON.parse(raw.toString()))));
    socket.send(JSON.stringify({ op: 'sub', channel: 'wallet:42' }));
    expect(await reply).toEqual({ op: 'error', reason: 'forbidden', channel: 'wallet:42' });
    socket.close();
  });

  it('closes sockets with 1001 when the server shuts down', async () => {
    const app = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/push`);
    await new Promise((r) => socket.once('open', r));
    const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
    await app.close();
    expect(await closed).toBe(1001);
  });
});

describe.runIf(postgresAvailable && redisAvailable)('two instances on PostgreSQL and Redis', () => {
  it('an event published on one reaches a websocket client of the other', async () => {
    const database = await createPostgresDatabase();
    cleanUpAfterFile(database.drop);
    const env = { DATABASE_URL: database.url, REDIS_URL };
    const one = await buildTestApp({ database: { url: database.url }, env });
    const two = await buildTestApp({ database: { url: database.url }, env });
    await listen(one);
    const client = await subscribe(await listen(two), 'system:notice');
    await one.services.bus.publish('system:notice', { from: 'instance one' });
    expect(await client.next()).toEqual({ channel: 'system:notice', data: { from: 'instance one' } });
    // Both instances share one database too: a setting written by one is read by the other.
    await one.services.settings.set('shared', 42);
    expect(await two.services.settings.get('shared')).toBe(42);
    expect(one.services.secret).toBe(two.services.secret);
    client.socket.close();
  });
});
