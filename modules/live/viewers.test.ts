import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisAvailable } from '../../test/services';
import { VIEWER_TTL_MS } from './live.contract';
import { memoryViewers, redisViewers } from './viewers';

const roomId = 900_000 + Math.floor(Math.random() * 99_999);

describe('viewer counts', () => {
  it('count a viewer once however often it beats, and drop it after the heartbeat lapses', async () => {
    const viewers = memoryViewers();
    await viewers.beat(roomId, 'u1', 1000);
    await viewers.beat(roomId, 'g203.0.113.7', 1000);
    expect(await viewers.beat(roomId, 'u1', 5000)).toBe(2);
    // The guest stopped beating: it no longer counts once its last beat is older than the TTL.
    expect(await viewers.count(roomId, 1000 + VIEWER_TTL_MS + 1)).toBe(1);
  });

  describe.skipIf(!redisAvailable)('across instances, through Redis', () => {
    const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    afterAll(async () => {
      await redisViewers(connections[0] as Redis).clear(roomId);
      await Promise.all(connections.map((c) => c.quit()));
    });

    it('add up the viewers of one room watching through two instances', async () => {
      const [one, two] = connections.map((c) => redisViewers(c));
      const now = Date.now();
      await one?.beat(roomId, 'u1', now);
      await two?.beat(roomId, 'u2', now);
      await two?.beat(roomId, 'u1', now);
      expect(await one?.count(roomId, now)).toBe(2);
      expect((await two?.counts([roomId], now + VIEWER_TTL_MS + 1))?.get(roomId)).toBe(0);
    });
  });
});
