import { EventEmitter, once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMedia, type Media, mediaRoutes } from '../modules/live/media';
import { hasFfmpeg, pushTestPattern, type TestPush, waitUntil } from '../modules/live/media/test-push';
import { launchBrowser } from './harness';

const root = path.resolve(import.meta.dirname, '..');
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const runs = (hasFfmpeg && hasChromium) || process.env.CI === 'true';
if (!runs) console.warn('live media player tests skipped: they need ffmpeg and Chromium');

/** The media layer alone, with a page that plays its two lines with the players the rooms use. */
describe.skipIf(!runs)('a pushed stream in the browser', () => {
  const events = new EventEmitter();
  const hlsDir = mkdtempSync(path.join(tmpdir(), 'media-e2e-'));
  let media: Media;
  let app: FastifyInstance;
  let base: string;
  let push: TestPush;
  let browser: Browser;

  beforeAll(async () => {
    media = createMedia({
      ingest: 'embedded',
      rtmpPort: 0,
      rtmpHost: '127.0.0.1',
      publicUrl: '',
      hlsDir,
      authorizePublish: async (key) => (key === 'key-of-anna' ? { streamId: 'anna' } : null),
      onPublish: (streamId) => events.emit(`publish:${streamId}`),
      log: pino({ level: 'silent' }),
    });
    await media.start();
    app = Fastify();
    await app.register(mediaRoutes, { media });
    const files: Record<string, [string, string]> = {
      '/': ['e2e/live-media/players.html', 'text/html'],
      '/mpegts.js': ['node_modules/mpegts.js/dist/mpegts.js', 'text/javascript'],
      '/hls.js': ['node_modules/hls.js/dist/hls.min.js', 'text/javascript'],
    };
    for (const [url, [file, type]] of Object.entries(files))
      app.get(url, (_request, reply) => reply.type(type).send(readFileSync(path.join(root, file))));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const published = once(events, 'publish:anna');
    push = pushTestPattern(`rtmp://127.0.0.1:${media.rtmpPort()}/live/key-of-anna`, { seconds: 60 });
    await published;
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await push?.stop();
    await app?.close();
    rmSync(hlsDir, { recursive: true, force: true });
  });

  it('plays the HTTP-FLV line with mpegts.js and the HLS line with hls.js', async () => {
    const lines = await waitUntil(() => {
      const lines = media.linesFor('anna');
      return lines.length === 2 && lines;
    }, 'both lines');
    const [flv, hls] = lines.map((line) => encodeURIComponent(line.url));
    const page = await browser.newPage();
    await page.goto(`${base}/?flv=${flv}&hls=${hls}`);
    for (const id of ['flv', 'hls']) {
      await page.waitForFunction(
        (id) => (document.getElementById(id) as HTMLVideoElement).currentTime > 1,
        id,
        { timeout: 20_000 },
      );
    }
    const size = await page.evaluate(() => {
      const video = document.getElementById('flv') as HTMLVideoElement;
      return [video.videoWidth, video.videoHeight];
    });
    expect(size).toEqual([640, 360]);
  }, 60_000);
});
