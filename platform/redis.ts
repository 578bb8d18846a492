import { Redis, type RedisOptions } from 'ioredis';

/**
 * The longest a Redis command of a request may wait for its answer, the time it spends queued
 * while the connection is down included. During an outage a request that needs Redis (a rate
 * limit, a publish) then fails quickly, answered as a server error, instead of waiting for the
 * reconnection (ioredis holds queued commands over several reconnection attempts, seconds apart
 * once the outage lasts); the connection keeps reconnecting by itself meanwhile.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A Redis connection for commands, each bounded by REDIS_COMMAND_TIMEOUT_MS. Not for a
 * subscriber: ioredis subscribes again by itself on reconnecting, and a bound on those
 * subscriptions would fail them where no one hears it.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, ...options, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
}
