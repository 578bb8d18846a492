import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { connectRedis } from '../redis';
import type { Bus } from './bus';

/**
 * Redis pub/sub: one connection publishes, one listens. Each channel is subscribed once per
 * process however many local handlers it has, so a busy channel costs one Redis subscription.
 * Both connections keep trying to reach Redis by themselves, from the start as after an outage:
 * an instance started while Redis is down comes up, and the bus works once Redis answers.
 */
export function createRedisBus(url: string, log: Logger): Bus {
  // A publish during an outage fails within the bound.
  const publisher = connectRedis(url, { lazyConnect: true });
  // The listener's subscriptions wait in its queue however long Redis is away and are sent once it
  // answers; ioredis subscribes again by itself after every later reconnection.
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  // Settled by the first attempts, made or failed: until then a subscription or a readiness check
  // waits to learn whether Redis answers. Failed, the connections go on trying by themselves.
  const firstAttempt = Promise.allSettled([publisher.connect(), subscriber.connect()]);
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

  /**
   * Waits for a change of subscription while Redis answers, so that it is in effect on return;
   * during an outage it is left queued, to take effect once Redis is back.
   */
  async function changed(change: Promise<unknown>, channel: string) {
    await firstAttempt;
    if (subscriber.status === 'ready') await change;
    else change.catch((err) => log.warn({ err, channel }, 'a bus subscription change failed'));
  }

  return {
    publish: async (channel, message) => {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe: async (channel, handler) => {
      let local = handlers.get(channel);
      if (!local) {
        local = new Set();
        handlers.set(channel, local);
        await changed(subscriber.subscribe(channel), channel);
      }
      local.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        await changed(subscriber.unsubscribe(channel), channel);
      };
    },
    // Ready while both connections are up and Redis answers now, not only once at start: /readyz
    // then reports an outage, and the connections reconnect (and resubscribe) by themselves.
    ready: async () => {
      await firstAttempt;
      for (const [role, connection] of [
        ['listener', subscriber],
        ['publisher', publisher],
      ] as const)
        if (connection.status !== 'ready') throw new Error(`the redis bus ${role} is ${connection.status}`);
      await publisher.ping();
    },
    close: async () => {
      handlers.clear();
      // Not `quit` for the listener: it would wait behind subscriptions queued during an outage.
      subscriber.disconnect();
      await publisher.quit().catch(() => {});
    },
  };
}
