import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('the game catalogue API', () => {
  it('lists every game with its name in the caller language', async () => {
    const zh = (await app.inject({ url: '/java/game/v3/getPCGameSource' })).json();
    const de = (await app.inject({ url: '/java/game/v3/getPCGameSource', headers: { lan: 'de' } })).json();
    expect(zh.status).toBe('success');
    const soccer = zh.result.find((g: { gameId: number }) => g.gameId === 202);
    expect(soccer).toMatchObject({ slug: 'soccer', name: '足球', logo: '/games/soccer.svg', kind: 'sport' });
    expect(de.result.find((g: { gameId: number }) => g.gameId === 202).name).toBe('Fußball');
  });

  it('filters by kind and refuses an unknown kind, naming the field', async () => {
    const esports = (await app.inject({ url: '/java/game/v3/getPCGameSource?kind=esport&_t=1' })).json();
    expect(esports.result.every((g: { kind: string }) => g.kind === 'esport')).toBe(true);
    const bad = await app.inject({
      url: '/java/game/v3/getPCGameSource?kind=chess',
      headers: { lan: 'en_US' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg).toBe('kind: is not an allowed value');
  });

  it('finds a game by slug and answers an unknown slug with a 404 envelope', async () => {
    const lol = await app.inject({ url: '/java/game/lol', headers: { lan: 'en_US' } });
    expect(lol.json().result).toMatchObject({ gameId: 1, slug: 'lol' });
    const unknown = await app.inject({ url: '/java/game/chess', headers: { lan: 'en_US' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'fail', errorCode: 1001 });
  });

  it('serves the home tab list and the second menu', async () => {
    const { result } = (await app.inject({ url: '/java/game/menus', headers: { lan: 'en_US' } })).json();
    expect(result.homeTabs.map((t: { key?: string; gameId?: number }) => t.key ?? t.gameId)).toEqual([
      'hot',
      1,
      2,
      3,
      4,
      7,
      5,
      6,
      201,
      202,
    ]);
    expect(result.secondMenu.map((m: { key: number }) => m.key)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
