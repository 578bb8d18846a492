import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../platform/env';
import { buildTestApp } from '../test/app';
import { ownRedisRuns, redisServer, waitFor } from '../test/servers';
import { buildApp } from './app';
import { READY_TIMEOUT_MS } from './plugins/health';

const dirs: string[] = [];
const METRICS_TOKEN = 'scraper-secret-0123456789';
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the app', () => {
  it('answers not ready, without hanging, when the database does not answer', async () => {
    const app = await buildTestApp();
    app.services.database.ping = () => new Promise(() => {});
    const asked = Date.now();
    const answer = await app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable' });
    // The check's own limit, with room for a busy machine; a hang would never answer.
    expect(Date.now() - asked).toBeLessThan(READY_TIMEOUT_MS * 5);
  }, 30_000);

  it('answers health, readiness and, to the holder of the metrics token, metrics', async () => {
    const app = await buildTestApp({ env: { METRICS_TOKEN } });
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    await app.inject({ url: '/java/game/menus' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer guessed-it-1234567' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('process_cpu');
    const metrics = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/java/game/menus",status="200"}',
    );
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
    await app.close();
  });

  it('serves no metrics without a metrics token', async () => {
    const app = await buildTestApp();
    const answer = await app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('process_cpu');
    await app.close();
  });

  it('keeps the sandbox off unless DEV_ADAPTERS chooses it, and says so at start-up when on', async () => {
    // The embedded database without SMTP: once the sandbox's default, now off.
    const plain = await buildTestApp();
    expect(plain.services.devAdapters).toBe(false);
    expect((await plain.inject({ url: '/java/login/testLogin' })).json()).toMatchObject({ errorCode: 1001 });
    expect((await plain.inject({ url: '/java/dev/outbox' })).json()).toMatchObject({ errorCode: 1001 });
    await plain.close();

    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const env = readEnv({ NODE_ENV: 'test', SCORE_FEED: 'none', DEV_ADAPTERS: 'true' });
    const sandbox = await buildApp({ env, log, database: { dataDir: null } });
    expect(sandbox.services.devAdapters).toBe(true);
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringContaining('SANDBOX ON') }),
    );
    expect((await sandbox.inject({ url: '/java/login/testLogin' })).json()).toMatchObject({
      status: 'success',
    });
    await sandbox.close();
  });

  it('keeps its data across a restart on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'app-data-'));
    dirs.push(dataDir);
    const first = await buildTestApp({ database: { dataDir } });
    await first.services.settings.set('home.banner', { text: 'Derby day' });
    const secret = first.services.secret;
    await first.close();

    const second = await buildTestApp({ database: { dataDir } });
    expect(await second.services.settings.get('home.banner')).toEqual({ text: 'Derby day' });
    expect(second.services.secret).toBe(secret);
    await second.close();
  });
});

// Its own redis-server, started only once the app is up: an instance starting during an outage.
describe.runIf(ownRedisRuns)('the app started while Redis is down', () => {
  it('comes up answering not ready, and is ready once Redis answers, without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'app-'));
    dirs.push(dir);
    const redis = await redisServer(dir);
    const app = await buildTestApp({ env: { REDIS_URL: redis.url } });
    try {
      const answer = await app.inject({ url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable' });
      await redis.start();
      await waitFor(
        '/readyz to answer ready',
        async () => (await app.inject({ url: '/readyz' })).statusCode === 200,
      );
    } finally {
      await app.close();
      await redis.stop();
    }
  });
});
