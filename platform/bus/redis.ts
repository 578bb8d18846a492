import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { connectRedis } from '../redis';
import type { Bus } from './bus';

/**
 * Redis pub/sub: one connection publishes, one listens. Each channel is subscribed once per
 * process however many local handlers it has, so a busy channel costs one Redis subscription.
 */
export function createRedisBus(url: string, log: Logger): Bus {
  // A publish during an outage fails within the bound; the listener's subscriptions are sent
  // again by ioredis itself once Redis is back.
  const publisher = connectRedis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  const handlers = new Map<string, Set<(message: unknown) => void>>();

  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err) => log.warn({ err }, 'redis bus connection error'));
  }
  subscriber.on('message', (channel: string, payload: string) => {
    const local = handlers.get(channel);
    if (!local) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch (err) {
      log.warn({ err, channel }, 'dropped an unreadable bus message');
      return;
    }
    for (const handler of local) handler(message);
  });

  const connected = Promise.all([publisher.connect(), subscriber.connect()]).then(() => undefined);

  return {
    publish: async (channel, message) => {
      await connected;
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe: async (channel, handler) => {
      await connected;
      let local = handlers.get(channel);
      if (!local) {
        local = new Set();
        handlers.set(channel, local);
        await subscriber.subscribe(channel);
      }
      local.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        await subscriber.unsubscribe(channel);
      };
    },
    // Ready while both connections are up and Redis answers now, not only once at start: /readyz
    // then reports an outage, and the connections reconnect (and resubscribe) by themselves.
    ready: async () => {
      await connected;
      for (const [role, connection] of [
        ['listener', subscriber],
        ['publisher', publisher],
      ] as const)
        if (connection.status !== 'ready') throw new Error(`the redis bus ${role} is ${connection.status}`);
      await publisher.ping();
    },
    close: async () => {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
