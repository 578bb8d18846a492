import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from './redis';

describe('a Redis connection for commands', () => {
  // A Redis that takes connections and never answers: a server hung, or a network gone quiet.
  const held: Socket[] = [];
  const silent = createServer((socket) => void held.push(socket));
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    url = `redis://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails a command that gets no answer within the bound instead of waiting', async () => {
    const redis = connectRedis(url, { lazyConnect: true });
    redis.on('error', () => {});
    void redis.connect().catch(() => {});
    // Without the bound it would wait as long as the connection lasts (past the test's timeout).
    await expect(redis.incr('rate:somebody')).rejects.toThrow('Command timed out');
    redis.disconnect();
  });
});
