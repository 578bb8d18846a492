import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { memoByKey } from '../../lib/memo';
import type { Translator } from '../../platform/i18n';
import { GAMES, type Game, gameById, gameBySlug, HOME_TABS, SECOND_MENU } from './catalog.contract';

export const gameEntry = z.object({
  gameId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  abbr: z.string(),
  kind: z.enum(['esport', 'sport']),
  logo: z.string(),
  backgroundImgUrl: z.string(),
});
export type GameEntry = z.infer<typeof gameEntry>;

export const menus = z.object({
  homeTabs: z.array(z.union([z.object({ key: z.literal('hot'), name: z.string() }), gameEntry])),
  secondMenu: z.array(
    z.object({ key: z.number(), id: z.string(), name: z.string(), gameIds: z.array(z.number()) }),
  ),
});
export type Menus = z.infer<typeof menus>;

/** The game catalogue with names in the caller's language. */
export function createCatalog(i18n: Translator) {
  const entry = (game: Game, locale: Locale): GameEntry => ({
    gameId: game.id,
    slug: game.slug,
    name: i18n.t(locale, `games:names.${game.slug}`),
    abbr: game.abbr,
    kind: game.kind,
    logo: game.logo,
    backgroundImgUrl: game.backgroundImgUrl,
  });

  return {
    /** The catalogue only changes with a deploy: each language's list is built once. */
    list: memoByKey((locale: Locale): GameEntry[] => GAMES.map((game) => entry(game, locale))),

    /** A path segment that must name a game of the catalogue; anything else is a 404. */
    requireGame(slug: string, locale: Locale): GameEntry {
      const game = gameBySlug(slug);
      if (!game) throw new AppError('notFound');
      return entry(game, locale);
    },

    menus: memoByKey(buildMenus),
  };

  function buildMenus(locale: Locale): Menus {
    return {
      homeTabs: HOME_TABS.map((tab) => {
        if (tab === 'hot') return { key: 'hot' as const, name: i18n.t(locale, 'games:homeTabs.hot') };
        const game = gameById(tab);
        if (!game) throw new Error(`home tab names unknown game ${tab}`);
        return entry(game, locale);
      }),
      secondMenu: SECOND_MENU.map((menu) => ({
        key: menu.key,
        id: menu.id,
        name: i18n.t(locale, `games:secondMenu.${menu.id}`),
        gameIds: [...menu.gameIds],
      })),
    };
  }
}

export type Catalog = ReturnType<typeof createCatalog>;
