import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../lib/locales';
import { memoByKey } from '../../lib/memo';
import { defineApi, SerializedSuccess } from '../../platform/define-api';
import { type Catalog, gameEntry, menus } from './catalog.service';

export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: Catalog }) {
  // Each language's (and kind's) answer is serialised once.
  const serializedList = memoByKey((key: `${Locale}:${'esport' | 'sport' | ''}`) => {
    const [locale, kind] = key.split(':') as [Locale, string];
    return new SerializedSuccess(catalog.list(locale).filter((game) => !kind || game.kind === kind));
  });

  defineApi(app, {
    method: 'GET',
    path: '/game/v3/getPCGameSource',
    summary: 'The game and sport catalogue, names in the caller language; optionally only esports or sports',
    tags: ['catalog'],
    query: z.object({ kind: z.enum(['esport', 'sport']).optional() }),
    response: z.array(gameEntry),
    handler: ({ locale, query }) => serializedList(`${locale}:${query.kind ?? ''}`),
  });

  defineApi(app, {
    method: 'GET',
    path: '/game/menus',
    summary: 'The home tab list and the second menu',
    tags: ['catalog'],
    response: menus,
    handler: ({ locale }) => catalog.menus(locale),
  });

  defineApi(app, {
    method: 'GET',
    path: '/game/:game',
    summary: 'One catalogue entry by its slug',
    tags: ['catalog'],
    params: z.object({ game: z.string() }),
    response: gameEntry,
    handler: ({ params, locale }) => catalog.requireGame(params.game, locale),
  });
}
