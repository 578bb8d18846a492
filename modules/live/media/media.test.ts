import { EventEmitter, once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMedia, type Media, mediaRoutes, type StreamInfo } from './index';
import { flvMetadataWidth, hasFfmpeg, pushTestPattern, readStreamStart, waitUntil } from './test-push';

const KEYS: Record<string, string> = { 'key-of-anna': 'anna', 'key-of-bo': 'bo', 'key-of-cy': 'cy' };

if (!hasFfmpeg && process.env.CI !== 'true') console.warn('media tests skipped: ffmpeg is not installed');

describe.skipIf(!hasFfmpeg && process.env.CI !== 'true')('the embedded ingest', () => {
  const events = new EventEmitter();
  const checkedIps: string[] = [];
  const hlsDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
  let media: Media;
  let app: FastifyInstance;
  let base: string;
  let rtmp: string;

  beforeAll(async () => {
    media = createMedia({
      ingest: 'embedded',
      rtmpPort: 0,
      rtmpHost: '127.0.0.1',
      publicUrl: '',
      hlsDir,
      authorizePublish: async (key, { ip }) => {
        checkedIps.push(ip);
        const streamId = KEYS[key];
        return streamId ? { streamId } : null;
      },
      onPublish: (streamId, info) => events.emit(`publish:${streamId}`, info),
      onUnpublish: (streamId) => events.emit(`unpublish:${streamId}`),
      ladderRooms: 1,
      log: pino({ level: 'silent' }),
    });
    await media.start();
    app = Fastify();
    await app.register(mediaRoutes, { media });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    rtmp = `rtmp://127.0.0.1:${media.rtmpPort()}/live`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(hlsDir, { recursive: true, force: true });
  });

  it('publishes a push with a valid key under its stream id and plays it as HTTP-FLV and HLS', async () => {
    const published = once(events, 'publish:anna') as Promise<[StreamInfo]>;
    const push = pushTestPattern(`${rtmp}/key-of-anna`);
    try {
      const [info] = await published;
      expect(info).toMatchObject({ streamId: 'anna' });
      expect(checkedIps).toContain('127.0.0.1');

      const flv = await readStreamStart(`${base}/media/live/anna.flv`, 64 * 1024);
      expect(flv.subarray(0, 3).toString()).toBe('FLV');
      expect(flvMetadataWidth(flv)).toBe(640);

      const lines = await waitUntil(() => {
        const lines = media.linesFor('anna');
        return lines.length === 2 && lines;
      }, 'the HLS line');
      expect(lines).toEqual([
        { kind: 'flv', url: '/media/live/anna.flv' },
        { kind: 'hls', url: '/media/hls/anna/index.m3u8' },
      ]);
      const playlist = await fetch(`${base}/media/hls/anna/index.m3u8`);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const segmentName = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'));
      expect(segmentName).toBeDefined();
      const segment = Buffer.from(await (await fetch(`${base}/media/hls/anna/${segmentName}`)).arrayBuffer());
      expect(segment.length).toBeGreaterThan(1000);
      expect(segment[0]).toBe(0x47); // an MPEG-TS packet

      const stats = await waitUntil(() => {
        const info = media.streamInfo('anna');
        return info?.bitrateKbps && info.fps ? info : null;
      }, 'measured stream stats');
      expect(stats).toMatchObject({ arriving: true, width: 640, height: 360 });
      expect(stats.fps).toBeGreaterThan(20);
    } finally {
      const unpublished = once(events, 'unpublish:anna');
      await push.stop();
      await unpublished;
    }
    expect(media.isLive('anna')).toBe(false);
    expect(media.linesFor('anna')).toEqual([]);
    expect((await fetch(`${base}/media/live/anna.flv`)).status).toBe(404);
    await waitUntil(() => !existsSync(path.join(hlsDir, 'anna')), 'the HLS files removed');
  }, 45_000);

  it('gives a push taller than 480 lines a quality ladder: the source and 480p, their segments lined up, the source listed above', async () => {
    const push = pushTestPattern(`${rtmp}/key-of-cy`, { size: '1280x720' });
    const file = async (name: string) => {
      // Every body read, so that no connection is left busy when the server closes.
      const response = await fetch(`${base}/media/hls/cy/${name}`);
      const text = await response.text();
      return response.ok ? text : null;
    };
    try {
      const master = await waitUntil(() => file('index.m3u8'), 'the master playlist', 20_000);
      const levels = [...master.matchAll(/BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+)\n(\S+)/g)].map(
        ([, bandwidth, resolution, playlist]) => ({ bandwidth: Number(bandwidth), resolution, playlist }),
      );
      expect(levels.map((level) => [level.resolution, level.playlist])).toEqual([
        ['1280x720', 'live-0.m3u8'],
        ['854x480', 'live-1.m3u8'],
      ]);
      expect(levels[0]?.bandwidth).toBeGreaterThan(levels[1]?.bandwidth ?? 0);
      // Both renditions cut at the source's keyframes: the same segment durations.
      const durations = async (playlist: string) => {
        const text = await waitUntil(
          async () => ((await file(playlist))?.match(/#EXTINF/g)?.length ?? 0) >= 3 && file(playlist),
          `three segments of ${playlist}`,
          20_000,
        );
        return [...text.matchAll(/#EXTINF:([\d.]+)/g)]
          .slice(0, 3)
          .map(([, seconds]) => Number(seconds).toFixed(1));
      };
      const [source, lower] = [await durations('live-0.m3u8'), await durations('live-1.m3u8')];
      expect(lower).toEqual(source);
      const segment = (await file('live-1.m3u8'))?.split('\n').find((line) => line.endsWith('.ts'));
      expect(segment).toMatch(/^seg-1-\d+\.ts$/);
      expect(await file(segment ?? '')).toBeTruthy();
    } finally {
      await push.stop();
    }
  });

  it('refuses a push with an unknown key, before anything is published or playable', async () => {
    let published = false;
    events.once('publish:stranger', () => {
      published = true;
    });
    const push = pushTestPattern(`${rtmp}/not-a-key`, { seconds: 20 });
    expect(await push.exited).not.toBe(0);
    expect(published).toBe(false);
    expect(media.isLive('not-a-key')).toBe(false);
    expect((await fetch(`${base}/media/live/not-a-key.flv`)).status).toBe(404);
  }, 30_000);

  it('refuses a push outside the live application', async () => {
    const push = pushTestPattern(`rtmp://127.0.0.1:${media.rtmpPort()}/other/key-of-anna`, { seconds: 20 });
    expect(await push.exited).not.toBe(0);
    expect(media.isLive('anna')).toBe(false);
  }, 30_000);

  it('refuses a second push on a live key and keeps the first one playing', async () => {
    const published = once(events, 'publish:anna');
    const first = pushTestPattern(`${rtmp}/key-of-anna`);
    try {
      await published;
      let publishedAgain = false;
      events.once('publish:anna', () => {
        publishedAgain = true;
      });
      const second = pushTestPattern(`${rtmp}/key-of-anna`, { seconds: 20 });
      expect(await second.exited).not.toBe(0);
      expect(publishedAgain).toBe(false);
      expect(media.isLive('anna')).toBe(true);
      const flv = await readStreamStart(`${base}/media/live/anna.flv`, 16 * 1024);
      expect(flv.subarray(0, 3).toString()).toBe('FLV');
    } finally {
      const unpublished = once(events, 'unpublish:anna');
      await first.stop();
      await unpublished;
    }
  }, 45_000);

  it('plays two streams at the same time, each its own', async () => {
    const published = Promise.all([once(events, 'publish:anna'), once(events, 'publish:bo')]);
    const pushes = [
      pushTestPattern(`${rtmp}/key-of-anna`, { size: '640x360' }),
      pushTestPattern(`${rtmp}/key-of-bo`, { size: '320x240' }),
    ];
    try {
      await published;
      const [anna, bo] = await Promise.all([
        readStreamStart(`${base}/media/live/anna.flv`, 16 * 1024),
        readStreamStart(`${base}/media/live/bo.flv`, 16 * 1024),
      ]);
      expect(flvMetadataWidth(anna)).toBe(640);
      expect(flvMetadataWidth(bo)).toBe(320);
      expect(media.streamInfo('bo')).toMatchObject({ width: 320, height: 240 });
    } finally {
      const unpublished = Promise.all([once(events, 'unpublish:anna'), once(events, 'unpublish:bo')]);
      await Promise.all(pushes.map((push) => push.stop()));
      await unpublished;
    }
  }, 45_000);
});

describe.skipIf(!hasFfmpeg && process.env.CI !== 'true')('the embedded ingest without ffmpeg for HLS', () => {
  const events = new EventEmitter();
  const logged: string[] = [];
  const hlsDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
  const media = createMedia({
    ingest: 'embedded',
    rtmpPort: 0,
    rtmpHost: '127.0.0.1',
    publicUrl: 'https://cdn.example.com/',
    hlsDir,
    ffmpeg: null,
    authorizePublish: async (key) => (key === 'key-of-anna' ? { streamId: 'anna' } : null),
    onPublish: (streamId) => events.emit(`publish:${streamId}`),
    log: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
  });

  beforeAll(() => media.start());
  afterAll(async () => {
    await media.close();
    rmSync(hlsDir, { recursive: true, force: true });
  });

  it('offers only the HTTP-FLV line, at the configured public address, and says why', async () => {
    expect(logged.join('')).toContain('no ffmpeg found');
    const published = once(events, 'publish:anna');
    const push = pushTestPattern(`rtmp://127.0.0.1:${media.rtmpPort()}/live/key-of-anna`);
    try {
      await published;
      expect(media.linesFor('anna')).toEqual([
        { kind: 'flv', url: 'https://cdn.example.com/media/live/anna.flv' },
      ]);
      expect(media.hlsFile('anna', 'index.m3u8')).toBeNull();
      expect(media.pushUrl('sports.example.com:3000')).toBe(
        `rtmp://sports.example.com:${media.rtmpPort()}/live`,
      );
    } finally {
      await push.stop();
    }
  }, 30_000);
});
