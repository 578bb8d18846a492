import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
