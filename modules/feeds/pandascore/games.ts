import { ConfigError } from '../../../platform/env';
import { gameBySlug } from '../../catalog/catalog.contract';

/** The shape of a title's live frames, where PandaScore documents one. */
export type FrameKind = 'cs' | 'lol' | 'dota';

export interface PandaScoreGame {
  /** Catalogue id and slug. */
  gameId: number;
  slug: string;
  /** PandaScore's videogame slugs that are this game. */
  videogames: readonly string[];
  /** Frames of its live matches; null for a title without documented live data. */
  frames: FrameKind | null;
  /** Whether its events channel answers a `recover` (League of Legends and Counter-Strike only). */
  recover: boolean;
}

/**
 * PandaScore's videogames as games of the catalogue. Left out: PUBG (its matches are lobbies,
 * which PandaScore's two-opponent matches do not describe), StarCraft: Brood War, and the
 * e-sports simulations (eSoccer, eBasketball, eCricket, eHockey, eTennis), which the catalogue has
 * no game for.
 */
const TABLE: readonly (readonly [slug: string, videogames: readonly string[], frames: FrameKind | null])[] = [
  ['lol', ['league-of-legends'], 'lol'],
  ['csgo', ['cs-go', 'cs2'], 'cs'],
  ['dota2', ['dota-2'], 'dota'],
  ['valorant', ['valorant'], null],
  ['kog', ['kog', 'king-of-glory'], null],
  ['lolmobile', ['lol-wild-rift'], null],
  ['mlbb', ['mlbb'], null],
  ['r6', ['r6-siege'], null],
  ['overwatch', ['ow'], null],
  ['rocketleague', ['rl'], null],
  ['cod', ['cod-mw'], null],
  ['sc2', ['starcraft-2'], null],
  ['eafc', ['fifa'], null],
];

export const PANDASCORE_GAMES: readonly PandaScoreGame[] = TABLE.map(([slug, videogames, frames]) => {
  const game = gameBySlug(slug);
  if (!game) throw new Error(`${slug} is not in the game catalogue`);
  return { gameId: game.id, slug, videogames, frames, recover: frames === 'lol' || frames === 'cs' };
});

const byVideogame = new Map(
  PANDASCORE_GAMES.flatMap((game) => game.videogames.map((videogame) => [videogame, game] as const)),
);

/** The catalogue game of a PandaScore videogame slug; undefined for one the catalogue has not. */
export function gameOfVideogame(videogame: string): PandaScoreGame | undefined {
  return byVideogame.get(videogame);
}

/**
 * The games a deployment takes from PandaScore (PANDASCORE_GAMES, catalogue slugs), every one it
 * maps by default; a slug it does not map throws, naming the variable.
 */
export function chosenGames(slugs: readonly string[] | undefined): readonly PandaScoreGame[] {
  if (!slugs) return PANDASCORE_GAMES;
  return slugs.map((slug) => {
    const game = PANDASCORE_GAMES.find((known) => known.slug === slug);
    if (!game)
      throw new ConfigError(
        `PANDASCORE_GAMES: ${slug} is not a game PandaScore brings; use ${PANDASCORE_GAMES.map((g) => g.slug).join(', ')}`,
      );
    return game;
  });
}
