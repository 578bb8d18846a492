import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';

const publicDir = path.resolve(import.meta.dirname, '../../public');
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('the installable app', () => {
  it('describes itself in a manifest in the visitor’s language, starting at that language’s home', async () => {
    const answer = await app.inject({ url: '/manifest.webmanifest?locale=ar' });
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    const manifest = answer.json();
    expect(manifest).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/ar',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.name).toBeTruthy();
    const zh = (await app.inject({ url: '/manifest.webmanifest' })).json();
    expect(zh).toMatchObject({ lang: 'zh-CN', start_url: '/' });
  });

  it('names icons that exist at the sizes it claims, one of them maskable', async () => {
    const { icons } = (await app.inject({ url: '/manifest.webmanifest' })).json() as {
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const file = path.join(publicDir, icon.src);
      expect(existsSync(file)).toBe(true);
      const { width, height } = await sharp(file).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('serves an offline page in the asked language that runs nothing', async () => {
    const answer = await app.inject({ url: '/offline?locale=en_US' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<h1>You are offline</h1>');
    expect(answer.body).not.toContain('<script');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const unknown = await app.inject({ url: '/offline?locale=xx', headers: { lan: 'fr' } });
    expect(unknown.body).toContain('Vous êtes hors ligne');
  });

  it('serves the worker script fresh on every visit, allowed to fetch from the site', async () => {
    const answer = await app.inject({ url: '/sw.js?locale=en_US' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toContain("connect-src 'self'");
    // The push alerts' notifications show the brand icon.
    expect(answer.headers['content-security-policy']).toContain("img-src 'self'");
  });
});
