import { describe, expect, it } from 'vitest';
import { type CachedPage, createPageCache } from './page-cache';

const page = (body: string, extra: Partial<CachedPage> = {}): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body: Buffer.from(body),
  ...extra,
});

describe('the page cache', () => {
  it('serves one render to every request for the same page within the time to live', async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.get('/', render)));
    expect(results.map((r) => r.body.toString())).toEqual(Array(5).fill('render 1'));
    clock = 999;
    expect((await cache.get('/', render)).body.toString()).toBe('render 1');
    clock = 1000;
    expect((await cache.get('/', render)).body.toString()).toBe('render 2');
  });

  it('keeps a page as long as it says caches may share it, when that is longer', async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    let renders = 0;
    const shared = async () =>
      page(`render ${++renders}`, { headers: [['cache-control', 'public, max-age=0, s-maxage=30']] });
    await cache.get('/library', shared);
    clock = 29_999;
    expect((await cache.get('/library', shared)).body.toString()).toBe('render 1');
    clock = 30_000;
    expect((await cache.get('/library', shared)).body.toString()).toBe('render 2');
  });

  it('never keeps failures or pages that set cookies', async () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10 });
    let renders = 0;
    await cache.get('/a', async () => page('x', { status: 404, headers: [] }));
    await cache.get('/a', async () => page(`${++renders}`));
    expect(renders).toBe(1);
    await cache.get('/b', async () => page('x', { headers: [['set-cookie', 'a=b']] }));
    expect((await cache.get('/b', async () => page('fresh'))).body.toString()).toBe('fresh');
  });

  it('forgets the oldest page beyond its size', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['/1', '/2', '/3']) await cache.get(key, async () => page(key));
    expect((await cache.get('/1', async () => page('again'))).body.toString()).toBe('again');
    expect((await cache.get('/3', async () => page('again'))).body.toString()).toBe('/3');
  });
});
