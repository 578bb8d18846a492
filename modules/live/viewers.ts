import type { Redis } from 'ioredis';
import { VIEWER_TTL_MS } from './live.contract';

/**
 * Who is watching each room: a viewer counts until VIEWER_TTL_MS after its last heartbeat. With
 * Redis the count is shared by every instance (a sorted set per room, scored by the last beat);
 * without it, this instance's own map.
 */
export interface Viewers {
  /** Records a heartbeat; answers the room's viewer count. */
  beat(roomId: number, viewer: string, now?: number): Promise<number>;
  count(roomId: number, now?: number): Promise<number>;
  counts(roomIds: number[], now?: number): Promise<Map<number, number>>;
  clear(roomId: number): Promise<void>;
}

const key = (roomId: number) => `live:viewers:${roomId}`;

export function redisViewers(redis: Redis): Viewers {
  const count = async (roomId: number, now = Date.now()) => {
    const result = await redis
      .multi()
      .zremrangebyscore(key(roomId), 0, now - VIEWER_TTL_MS)
      .zcard(key(roomId))
      .exec();
    return Number(result?.[1]?.[1] ?? 0);
  };
  return {
    async beat(roomId, viewer, now = Date.now()) {
      await redis
        .multi()
        .zadd(key(roomId), now, viewer)
        .pexpire(key(roomId), VIEWER_TTL_MS * 2)
        .exec();
      return count(roomId, now);
    },
    count,
    async counts(roomIds, now = Date.now()) {
      const values = await Promise.all(roomIds.map((id) => count(id, now)));
      return new Map(roomIds.map((id, i) => [id, values[i] ?? 0]));
    },
    async clear(roomId) {
      await redis.del(key(roomId));
    },
  };
}

export function memoryViewers(): Viewers {
  const rooms = new Map<number, Map<string, number>>();
  const count = async (roomId: number, now = Date.now()) => {
    const room = rooms.get(roomId);
    if (!room) return 0;
    for (const [viewer, at] of room) if (at <= now - VIEWER_TTL_MS) room.delete(viewer);
    return room.size;
  };
  return {
    async beat(roomId, viewer, now = Date.now()) {
      const room = rooms.get(roomId) ?? new Map<string, number>();
      rooms.set(roomId, room);
      room.set(viewer, now);
      return count(roomId, now);
    },
    count,
    async counts(roomIds, now = Date.now()) {
      return new Map(await Promise.all(roomIds.map(async (id) => [id, await count(id, now)] as const)));
    },
    async clear(roomId) {
      rooms.delete(roomId);
    },
  };
}
