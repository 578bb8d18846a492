/**
 * The game and sport catalogue. Ids are the product's; names are not kept here but in
 * app/i18n/locales/<locale>/games.json under `names.<slug>`. Ids 8, 9 and 15-28 are unnamed
 * in the product specification; the titles given to them are recorded in
 * docs/decisions/002-game-catalogue.md.
 */
export type GameKind = 'esport' | 'sport';

export interface Game {
  id: number;
  /** URL segment and translation key: lowercase letters and digits only. */
  slug: string;
  /** Short label for tight spaces such as score rows. */
  abbr: string;
  kind: GameKind;
  logo: string;
  backgroundImgUrl: string;
  /** Position in game lists, lowest first. */
  order: number;
}

// Listed in display order: the specification's order for the named games, then the
// titles chosen for the unnamed ids, then the two catch-alls.
const ENTRIES: readonly (readonly [id: number, slug: string, abbr: string, kind: GameKind])[] = [
  [202, 'soccer', 'FB', 'sport'],
  [201, 'basketball', 'BK', 'sport'],
  [1, 'lol', 'LOL', 'esport'],
  [14, 'valorant', 'VAL', 'esport'],
  [4, 'dota2', 'DOTA2', 'esport'],
  [2, 'csgo', 'CS', 'esport'],
  [210, 'cricket', 'CRI', 'sport'],
  [3, 'kog', 'KOG', 'esport'],
  [7, 'lolmobile', 'WR', 'esport'],
  [203, 'tennis', 'TEN', 'sport'],
  [204, 'snooker', 'SNK', 'sport'],
  [205, 'baseball', 'BSB', 'sport'],
  [209, 'americanfootball', 'AF', 'sport'],
  [206, 'volleyball', 'VB', 'sport'],
  [208, 'tabletennis', 'TT', 'sport'],
  [207, 'badminton', 'BM', 'sport'],
  [5, 'pubg', 'PUBG', 'esport'],
  [6, 'pubgmobile', 'PUBGM', 'esport'],
  [28, 'mlbb', 'MLBB', 'esport'],
  [27, 'r6', 'R6', 'esport'],
  [26, 'overwatch', 'OW', 'esport'],
  [25, 'apex', 'APEX', 'esport'],
  [24, 'cod', 'COD', 'esport'],
  [23, 'rocketleague', 'RL', 'esport'],
  [22, 'sc2', 'SC2', 'esport'],
  [21, 'freefire', 'FF', 'esport'],
  [20, 'aov', 'AOV', 'esport'],
  [19, 'fortnite', 'FN', 'esport'],
  [18, 'tft', 'TFT', 'esport'],
  [17, 'hearthstone', 'HS', 'esport'],
  [16, 'eafc', 'FC', 'esport'],
  [15, 'sf6', 'SF6', 'esport'],
  [9, 'tekken8', 'T8', 'esport'],
  [8, 'warcraft3', 'WC3', 'esport'],
  [0, 'esportsother', 'ESP', 'esport'],
  [200, 'sportsother', 'SPT', 'sport'],
];

export const GAMES: readonly Game[] = ENTRIES.map(([id, slug, abbr, kind], index) => ({
  id,
  slug,
  abbr,
  kind,
  logo: `/games/${slug}.svg`,
  backgroundImgUrl: `/games/bg/${kind}.svg`,
  order: index + 1,
}));

const byId = new Map(GAMES.map((game) => [game.id, game]));
const bySlug = new Map(GAMES.map((game) => [game.slug, game]));

export function gameById(id: number): Game | undefined {
  return byId.get(id);
}

export function gameBySlug(slug: string): Game | undefined {
  return bySlug.get(slug);
}

/** Tabs of the home page: the hot list first, then games by id. */
export const HOME_TABS: readonly ('hot' | number)[] = ['hot', 1, 2, 3, 4, 7, 5, 6, 201, 202];

export type SecondMenuId =
  | 'recommended'
  | 'soccer'
  | 'basketball'
  | 'esports'
  | 'baseball'
  | 'tennis'
  | 'other';

export interface SecondMenuItem {
  key: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  id: SecondMenuId;
  gameIds: number[];
}

const idsOf = (kind: GameKind) => GAMES.filter((game) => game.kind === kind).map((game) => game.id);

/** The second menu; `key` is the product's numeric key for each entry. */
export const SECOND_MENU: readonly SecondMenuItem[] = [
  { key: 0, id: 'recommended', gameIds: [202, 201, 1, 2, 4, 3, 14, 203] },
  { key: 1, id: 'soccer', gameIds: [202] },
  { key: 2, id: 'basketball', gameIds: [201] },
  { key: 3, id: 'esports', gameIds: idsOf('esport') },
  { key: 4, id: 'baseball', gameIds: [205] },
  { key: 5, id: 'tennis', gameIds: [203] },
  // Every sport without an entry of its own.
  { key: 6, id: 'other', gameIds: idsOf('sport').filter((id) => ![202, 201, 205, 203].includes(id)) },
];
