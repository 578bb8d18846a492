import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMedia, mediaRoutes, type StreamInfo } from './index';

/** The publish hooks as nginx-rtmp calls them: a form with app, name (the key) and addr. */
async function hookApp(guards: { hookSecret?: string; hookAllow?: string[] }) {
  const published: [string, StreamInfo][] = [];
  const unpublished: string[] = [];
  const media = createMedia({
    ingest: 'external',
    rtmpPort: 0,
    rtmpHost: '127.0.0.1',
    publicUrl: 'https://cdn.example.com',
    hlsDir: '/nonexistent',
    authorizePublish: async (key, { ip }) =>
      key === 'key-of-anna' && ip === '203.0.113.7' ? { streamId: 'anna' } : null,
    onPublish: (streamId, info) => published.push([streamId, info]),
    onUnpublish: (streamId) => unpublished.push(streamId),
    log: pino({ level: 'silent' }),
  });
  const app = Fastify();
  await app.register(mediaRoutes, { media, ...guards });
  const call = (hook: string, form: string, { query = '', from = '127.0.0.1' } = {}) =>
    app.inject({
      method: 'POST',
      url: `/media/hooks/${hook}${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
      remoteAddress: from,
    });
  return { app, media, call, published, unpublished };
}

const ANNA = 'call=publish&app=live&name=key-of-anna&addr=203.0.113.7&clientid=1';

describe('the publish hooks', () => {
  it('rename an accepted push to its stream id, refuse others, and end it on publish_done', async () => {
    const { media, call, published, unpublished } = await hookApp({ hookSecret: 'a-secret-of-16-chars' });
    const secret = { query: '?secret=a-secret-of-16-chars' };

    const accepted = await call('on_publish', ANNA, secret);
    expect(accepted.statusCode).toBe(302);
    expect(accepted.headers.location).toBe('anna');
    expect(published.map(([streamId]) => streamId)).toEqual(['anna']);
    expect(media.linesFor('anna')).toEqual([
      { kind: 'hls', url: 'https://cdn.example.com/media/hls/anna/index.m3u8' },
    ]);

    expect((await call('on_publish', ANNA, secret)).statusCode).toBe(403); // already live
    expect((await call('on_publish', ANNA.replace('key-of-anna', 'guess'), secret)).statusCode).toBe(403);
    expect((await call('on_publish', ANNA.replace('203.0.113.7', '198.51.100.1'), secret)).statusCode).toBe(
      403,
    );
    expect((await call('on_publish', ANNA.replace('app=live', 'app=other'), secret)).statusCode).toBe(403);

    expect((await call('on_publish_done', 'call=publish_done&app=live&name=anna', secret)).statusCode).toBe(
      200,
    );
    expect(unpublished).toEqual(['anna']);
    expect(media.isLive('anna')).toBe(false);
  });

  it('answer only with the secret in their URL', async () => {
    const { call, published } = await hookApp({ hookSecret: 'a-secret-of-16-chars' });
    expect((await call('on_publish', ANNA)).statusCode).toBe(403);
    expect((await call('on_publish', ANNA, { query: '?secret=a-secret-of-16-chart' })).statusCode).toBe(403);
    expect(published).toEqual([]);
  });

  it('answer only the allowed addresses', async () => {
    const { call } = await hookApp({ hookAllow: ['10.0.0.5'] });
    expect((await call('on_publish', ANNA, { from: '10.0.0.6' })).statusCode).toBe(403);
    expect((await call('on_publish', ANNA, { from: '10.0.0.5' })).statusCode).toBe(302);
  });

  it('are not offered at all without a guard', async () => {
    const { call } = await hookApp({});
    expect((await call('on_publish', ANNA)).statusCode).toBe(404);
  });
});
