import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, UPLOADS_PER_HOUR } from './content.contract';
import { streamToFile } from './video-media';

let app: FastifyInstance;
let java: JavaClient;
let serial = 0;

async function person(roles: string[]) {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `uploader${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  await app.services.database.db.update(users).set({ roles }).where(eq(users.uid, row.uid));
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

/** A photo-like PNG with camera metadata that must not survive. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e88e5' } })
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam', Copyright: 'someone' } } })
    .png()
    .toBuffer();

// Uploads keep nothing in the database of their own: the first database is enough.
describe.each(embeddedOnly)('creators upload pictures for articles on $name', (target) => {
  const upload = (body: Buffer, token?: string) =>
    java.call('POST', '/creator/uploadImage', { token, body, headers: { 'content-type': 'image/png' } });
  let creator: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create() });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    creator = await person(['user', 'expert']);
  });

  it('re-encodes a real PNG to a WebP of capped size without its metadata, under an unguessable name', async () => {
    const answer = await upload(await photo(3000, 1000), creator.token);
    expect(answer.status).toBe('success');
    expect(answer.result.url).toMatch(/^\/uploads\/content\/[0-9a-f]{32}\.webp$/);
    const served = await app.inject({ method: 'GET', url: answer.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: IMAGE_MAX_SIDE, height: 533 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);

    // The picture survives the body sanitiser and reaches the published article.
    const admin = await person(['user', 'admin']);
    const body = `<p>Before</p><img src="${answer.result.url}" alt="Final">`;
    const written = await java.call('POST', '/creator/article', {
      token: creator.token,
      body: { gameId: 1, title: 'Pictures from the final', body, cover: answer.result.url },
    });
    expect(written.result.body).toContain(`<img src="${answer.result.url}" alt="Final" />`);
    expect(written.result.cover).toBe(answer.result.url);
    await java.call('POST', '/admin/articles/review', {
      token: admin.token,
      body: { id: written.result.id, decision: 'publish' },
    });
    expect((await java.call('GET', `/lol/news${written.result.id}`)).result.body).toContain(
      answer.result.url,
    );
  });

  it('takes JPEG and WebP too', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    for (const image of [jpeg, webp]) {
      const answer = await upload(image, creator.token);
      expect(answer.status).toBe('success');
      const served = await app.inject({ method: 'GET', url: answer.result.url });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
    }
  });

  it('refuses what is not a picture whatever its name or type, and a damaged one', async () => {
    const text = Buffer.from('<svg onload="alert(1)">not really a png</svg>');
    const refused = await java.call('POST', '/creator/uploadImage', {
      token: creator.token,
      body: text,
      headers: { 'content-type': 'image/png', lan: 'en_US' },
    });
    expect(refused).toMatchObject({ httpStatus: 400, errorCode: 6021 });
    expect(refused.errorMsg).toBe('Image must be a jpg, png or webp of at most 5MB');
    const truncated = (await photo(200, 200)).subarray(0, 60);
    expect(await upload(truncated, creator.token)).toMatchObject({ httpStatus: 400, errorCode: 6021 });
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const answer = await java.call('POST', '/creator/uploadImage', {
      token: creator.token,
      body: big,
      headers: { lan: 'zh_CN' },
    });
    expect(answer).toMatchObject({ httpStatus: 400, errorCode: 6021 });
    expect(answer.errorMsg).toBe('图片须为 jpg、png 或 webp 格式，且不超过 5MB');
  });

  it('needs a login and the creator or administrator role', async () => {
    const image = await photo(20, 20);
    expect(await upload(image)).toMatchObject({ httpStatus: 401 });
    const reader = await person(['user']);
    expect(await upload(image, reader.token)).toMatchObject({ httpStatus: 403 });
    const admin = await person(['user', 'admin']);
    expect((await upload(image, admin.token)).status).toBe('success');
  });

  it('limits how many pictures one user uploads an hour', async () => {
    const busy = await person(['user', 'expert']);
    const image = await photo(8, 8);
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1)
      expect((await upload(image, busy.token)).status).toBe('success');
    expect(await upload(image, busy.token)).toMatchObject({ httpStatus: 429 });
  });

  describe('videos: /creator/uploadVideo', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'video-upload-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    /** A short test pattern with a tone, made by ffmpeg with the given codecs and container. */
    const media = (name: string, args: string[]) => {
      const file = path.join(work, name);
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', ...args, file],
      ]);
      return readFileSync(file);
    };
    const uploadVideo = (body: Buffer, token?: string) =>
      java.call('POST', '/creator/uploadVideo', { token, body, headers: { 'content-type': 'video/mp4' } });

    it('takes an H.264 MP4, reads its length, makes a cover and serves it with range requests', async () => {
      const mp4 = media('good.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
      const answer = await uploadVideo(mp4, creator.token);
      expect(answer.status).toBe('success');
      expect(answer.result).toMatchObject({
        source: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/),
        cover: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f]{32}\.webp$/),
        durationSeconds: 3,
      });
      const cover = await app.inject({ method: 'GET', url: answer.result.cover });
      expect(await sharp(cover.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 320,
        height: 240,
      });

      const part = await app.inject({
        method: 'GET',
        url: answer.result.source,
        headers: { range: 'bytes=0-99' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.headers['x-content-type-options']).toBe('nosniff');
      expect(part.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
      expect(part.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);
    });

    it('refuses what is not a playable MP4, whatever its declared type', async () => {
      const webm = media('clip.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-c:a', 'libopus']);
      const mpeg4 = media('old.mp4', ['-c:v', 'mpeg4', '-c:a', 'aac']);
      for (const body of [webm, mpeg4, Buffer.from('just some text, not a video')]) {
        const answer = await java.call('POST', '/creator/uploadVideo', {
          token: creator.token,
          body,
          headers: { 'content-type': 'video/mp4', lan: 'en_US' },
        });
        expect(answer).toMatchObject({ httpStatus: 400, errorCode: 6022 });
        expect(answer.errorMsg).toBe('Video must be an MP4 (H.264) of at most 200MB');
      }
    });

    it('stops a stream over the size limit and leaves no file behind', async () => {
      const file = path.join(work, 'incoming', 'big.mp4');
      const chunks = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
      await expect(streamToFile(chunks, file, 1000)).rejects.toMatchObject({ key: 'videoRule' });
      expect(existsSync(file)).toBe(false);
      await streamToFile(Readable.from([Buffer.alloc(600)]), file, 1000);
      expect(readFileSync(file).length).toBe(600);
    });

    it('needs a login and the creator or administrator role', async () => {
      const body = Buffer.from('ignored');
      expect(await uploadVideo(body)).toMatchObject({ httpStatus: 401 });
      const reader = await person(['user']);
      expect(await uploadVideo(body, reader.token)).toMatchObject({ httpStatus: 403 });
    });
  });
});
