import { EventEmitter } from 'node:events';
import type { Bus } from './bus';

/** One process only: the embedded default. Messages are delivered asynchronously, as over Redis. */
export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (channel, message) => {
      // Same contract as Redis: subscribers get a copy, never the publisher's object.
      const copy = JSON.parse(JSON.stringify(message));
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    subscribe: async (channel, handler) => {
      emitter.on(channel, handler);
      return async () => void emitter.off(channel, handler);
    },
    ready: async () => {},
    close: async () => void emitter.removeAllListeners(),
  };
}
