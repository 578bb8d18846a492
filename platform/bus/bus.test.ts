import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ownRedisRuns, redisServer, waitFor } from '../../test/servers';
import { REDIS_URL, redisAvailable } from '../../test/services';
import type { Bus } from './bus';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';

const log = pino({ level: 'silent' });

function nextMessage(bus: Bus, channel: string): Promise<unknown> {
  return new Promise((resolve) => {
    void bus.subscribe(channel, resolve);
  });
}

describe('the in-process bus', () => {
  it('delivers a copy of each message to every subscriber, and stops after unsubscribe', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    const stop = await bus.subscribe('system:test', (m) => got.push(m));
    const original = { score: [1, 0] };
    await bus.publish('system:test', original);
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toEqual([{ score: [1, 0] }]);
    expect(got[0]).not.toBe(original);
    await stop();
    await bus.publish('system:test', { score: [2, 0] });
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toHaveLength(1);
  });
});

describe.runIf(redisAvailable)('the Redis bus', () => {
  it('carries a message from one connection to another', async () => {
    const a = createRedisBus(REDIS_URL, log);
    const b = createRedisBus(REDIS_URL, log);
    const channel = `system:test-${Date.now()}`;
    const received = nextMessage(b, channel);
    await b.ready();
    await new Promise((r) => setTimeout(r, 50));
    await a.publish(channel, { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
    await Promise.all([a.close(), b.close()]);
  });
});

// Its own redis-server, started only once the buses exist: an instance starting during an outage.
describe.runIf(ownRedisRuns)('the Redis bus created while Redis is down', () => {
  it('fails its publishes and is not ready meanwhile; once Redis answers it is ready and delivers to the subscriptions made before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bus-'));
    const redis = await redisServer(dir);
    const listener = createRedisBus(redis.url, log);
    const speaker = createRedisBus(redis.url, log);
    const received: unknown[] = [];
    const channel = 'system:test';
    try {
      await listener.subscribe(channel, (message) => received.push(message));
      await expect(listener.ready()).rejects.toThrow();
      await expect(speaker.publish(channel, { sent: 'during the outage' })).rejects.toThrow();

      await redis.start();
      await waitFor('both buses ready', () =>
        Promise.all([listener.ready(), speaker.ready()]).then(() => true),
      );
      // Redis counts the subscription made during the outage.
      const observer = new Redis(redis.url);
      const [, subscribers] = (await observer.pubsub('NUMSUB', channel)) as [string, number];
      observer.disconnect();
      expect(subscribers).toBe(1);
      await speaker.publish(channel, { sent: 'first' });
      await speaker.publish(channel, { sent: 'second' });
      await waitFor('both messages', () => received.length >= 2);
      // In order, each once.
      expect(received).toEqual([{ sent: 'first' }, { sent: 'second' }]);
    } finally {
      await Promise.all([listener.close(), speaker.close()]);
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
