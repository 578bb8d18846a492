// Servers a test starts itself as child processes, on free ports, apart from the machine's shared ones.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';

/** The machine's redis-server, if installed. */
export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) =>
  existsSync(file),
);

/** Whether tests starting their own redis-server run: where it is installed, and always under CI (failing without it). */
export const ownRedisRuns = REDIS_SERVER !== undefined || process.env.CI === 'true';

/** How long a state may take to come about on a busy machine before a wait fails. */
const WAIT_MS = 30_000;

/** Polls `check` until it answers something truthy; fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs} ms for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
}

/**
 * A redis-server of the test's own on a free port, without persistence, logging into `dir`. It
 * runs only once started: until then its URL names a Redis that is down.
 */
export async function redisServer(dir: string) {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const answers = async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  const start = async () => {
    if (!REDIS_SERVER) throw new Error('redis-server is not installed');
    const log = openSync(path.join(dir, 'redis.log'), 'a');
    server = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', log, log],
      },
    );
    await waitFor('redis-server to answer', answers);
  };
  const stop = async () => {
    if (!server) return;
    const done = exited(server);
    server.kill('SIGTERM');
    await done;
  };
  const running = () => !!server && server.exitCode === null && server.signalCode === null;
  return { url, start, stop, running };
}
