import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { javaClient } from '../../../test/java';
import { freePort } from '../../../test/servers';
import { people } from '../test-fixtures';
import { createMedia, type Media, mediaRoutes } from './index';
import { hasFfmpeg, pushTestPattern, waitUntil } from './test-push';

const root = path.resolve(import.meta.dirname, '../../..');
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const hasNginx = existsSync('/usr/sbin/nginx') && existsSync(RTMP_MODULE);
const runs = (hasNginx && hasFfmpeg) || process.env.CI === 'true';
if (!runs) console.warn('nginx-rtmp tests skipped: install nginx, libnginx-mod-rtmp and ffmpeg to run them');

const SECRET = 'hook-secret-for-the-test-nginx';

describe.skipIf(!runs)('the nginx-rtmp ingest (deploy/nginx) calling the publish hook', () => {
  const events = new EventEmitter();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-media-'));
  const hlsDir = path.join(prefix, 'hls');
  let nginx: ChildProcess;
  let media: Media;
  let app: FastifyInstance;
  let rtmp: string;
  let playback: string;

  beforeAll(async () => {
    const [rtmpPort, httpPort] = [await freePort(), await freePort()];
    playback = `http://127.0.0.1:${httpPort}`;
    media = createMedia({
      ingest: 'external',
      rtmpPort: 0,
      rtmpHost: '127.0.0.1',
      publicUrl: playback,
      hlsDir,
      authorizePublish: async (key) => (key === 'key-of-anna' ? { streamId: 'anna' } : null),
      onPublish: (streamId) => events.emit(`publish:${streamId}`),
      onUnpublish: (streamId) => events.emit(`unpublish:${streamId}`),
      log: pino({ level: 'silent' }),
    });
    app = Fastify();
    await app.register(mediaRoutes, { media, hookSecret: SECRET });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    nginx = await startNginx({ prefix, hlsDir, rtmpPort, httpPort, appUrl });
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    // Migrating a fresh embedded database and starting nginx take a while on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await stopNginx(nginx);
    await app?.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  it('accepts a good key, and the stream plays as HLS under its stream id, not its key', async () => {
    const published = once(events, 'publish:anna');
    const push = pushTestPattern(`${rtmp}/key-of-anna`);
    try {
      await published;
      expect(media.linesFor('anna')).toEqual([{ kind: 'hls', url: `${playback}/media/hls/anna/index.m3u8` }]);
      const playlist = await waitUntil(async () => {
        const response = await fetch(`${playback}/media/hls/anna/index.m3u8`);
        const text = response.ok ? await response.text() : '';
        return text.includes('.ts') && text;
      }, 'the HLS playlist nginx writes');
      const segmentName = playlist.split('\n').find((line) => line.endsWith('.ts'));
      const segment = await fetch(`${playback}/media/hls/anna/${segmentName}`);
      expect(segment.status).toBe(200);
      const bytes = Buffer.from(await segment.arrayBuffer());
      expect(bytes[0]).toBe(0x47); // an MPEG-TS packet
      expect(existsSync(path.join(hlsDir, 'key-of-anna'))).toBe(false);
    } finally {
      const unpublished = once(events, 'unpublish:anna');
      await push.stop();
      await unpublished;
    }
    expect(media.isLive('anna')).toBe(false);
  }, 45_000);

  it('refuses a bad key: nginx drops the push', async () => {
    const push = pushTestPattern(`${rtmp}/not-a-key`, { seconds: 20 });
    expect(await push.exited).not.toBe(0);
    expect(existsSync(path.join(hlsDir, 'not-a-key'))).toBe(false);
  }, 30_000);
});

describe.skipIf(!runs)("the app behind nginx-rtmp with anchors' real stream keys", () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-live-'));
  let nginx: ChildProcess;
  let app: FastifyInstance;
  let rtmp: string;
  let playback: string;

  beforeAll(async () => {
    const [rtmpPort, httpPort] = [await freePort(), await freePort()];
    playback = `http://127.0.0.1:${httpPort}`;
    app = await buildTestApp({
      env: {
        MEDIA_INGEST: 'external',
        MEDIA_HOOK_SECRET: SECRET,
        MEDIA_PUBLIC_URL: playback,
        DATA_DIR: prefix,
      },
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    nginx = await startNginx({ prefix, hlsDir: path.join(prefix, 'hls'), rtmpPort, httpPort, appUrl });
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    // Migrating a fresh embedded database and starting nginx take a while on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await stopNginx(nginx);
    await app?.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  it("admits an approved anchor's key through the hook: the room goes live and plays HLS from nginx; a bad key is refused", async () => {
    const java = javaClient(app);
    const fixtures = people(app, java);
    const admin = await fixtures.person(['user', 'admin']);
    const anchor = await fixtures.anchor(admin);
    const push = pushTestPattern(`${rtmp}/${anchor.streamKey}`);
    try {
      const state = async () =>
        (await java.call('GET', '/anchor/isBroadcast', { token: anchor.token })).result;
      await waitUntil(async () => (await state()).canStart, 'the push to reach the app through the hook');
      await java.call('POST', '/anchor/broadcast', { token: anchor.token });
      const view = await java.call('GET', `/live/room/${anchor.roomId}`);
      expect(view.result.lines).toEqual([
        {
          kind: 'hls',
          url: expect.stringMatching(`^${playback}/media/hls/room-${anchor.roomId}/index.m3u8\\?t=`),
          pro: false,
        },
      ]);
      await waitUntil(async () => {
        const response = await fetch(view.result.lines[0].url);
        return response.ok && (await response.text()).includes('.ts');
      }, 'the HLS playlist of the room');
      expect(await pushTestPattern(`${rtmp}/not-a-key`, { seconds: 20 }).exited).not.toBe(0);
    } finally {
      await push.stop();
    }
    await waitUntil(async () => {
      const { result } = await java.call('GET', '/anchor/isBroadcast', { token: anchor.token });
      return !result.canStart && result.live;
    }, 'publish_done to reach the app');
  }, 60_000);
});

/** Starts Debian's nginx with the shipped configuration, calling the app's hook at appUrl; resolves once it listens. */
async function startNginx(options: {
  prefix: string;
  hlsDir: string;
  rtmpPort: number;
  httpPort: number;
  appUrl: string;
}): Promise<ChildProcess> {
  const { prefix, hlsDir } = options;
  let nginxOutput = '';
  // nginx's workers run as nobody: they must be able to write the HLS folder.
  mkdirSync(hlsDir);
  chmodSync(prefix, 0o777);
  chmodSync(hlsDir, 0o777);
  const config = render(readFileSync(path.join(root, 'deploy/nginx/media.conf.template'), 'utf8'), {
    NGINX_PREFIX: prefix,
    RTMP_PORT: String(options.rtmpPort),
    HTTP_PORT: String(options.httpPort),
    HLS_DIR: hlsDir,
    APP_URL: options.appUrl,
    MEDIA_HOOK_SECRET: SECRET,
  });
  writeFileSync(path.join(prefix, 'media.conf'), config);
  const nginx = spawn(
    '/usr/sbin/nginx',
    [
      '-p',
      prefix,
      '-c',
      path.join(prefix, 'media.conf'),
      '-e',
      path.join(prefix, 'error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nginx.stdout?.on('data', (chunk) => (nginxOutput += chunk));
  nginx.stderr?.on('data', (chunk) => (nginxOutput += chunk));
  await waitUntil(async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`);
    return fetch(`http://127.0.0.1:${options.httpPort}/`).then(
      () => true,
      () => false,
    );
  }, 'nginx to listen');
  return nginx;
}

async function stopNginx(nginx: ChildProcess | undefined): Promise<void> {
  if (nginx && nginx.exitCode === null) {
    const exited = once(nginx, 'exit');
    nginx.kill('SIGTERM');
    await exited;
  }
}

/** Fills the ${NAME} placeholders of a template, as envsubst does; every one must be given. */
function render(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}}`);
    return value;
  });
}
