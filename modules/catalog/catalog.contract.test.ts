import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/locales';
import { GAMES, gameById, gameBySlug, HOME_TABS, SECOND_MENU } from './catalog.contract';

const root = fileURLToPath(new URL('../../', import.meta.url));

type GamesJson = Record<string, Record<string, string>>;

function readGamesJson(locale: string): GamesJson {
  return JSON.parse(readFileSync(`${root}app/i18n/locales/${locale}/games.json`, 'utf8'));
}

/** Every leaf key as "section.key", to compare whole files. */
function keyPaths(json: GamesJson): string[] {
  return Object.entries(json)
    .flatMap(([section, entries]) => Object.keys(entries).map((key) => `${section}.${key}`))
    .sort();
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('game catalogue', () => {
  it('has exactly the product ids, each once', () => {
    const ids = GAMES.map((game) => game.id).sort((a, b) => a - b);
    expect(ids).toEqual([...range(0, 9), ...range(14, 28), ...range(200, 210)]);
  });

  it('has unique, URL-safe slugs and unique display orders', () => {
    const slugs = GAMES.map((game) => game.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+$/);
    expect(new Set(GAMES.map((game) => game.order)).size).toBe(GAMES.length);
  });

  it('keeps the ids the specification names', () => {
    const named: Record<number, string> = {
      0: 'esportsother',
      1: 'lol',
      2: 'csgo',
      3: 'kog',
      4: 'dota2',
      5: 'pubg',
      6: 'pubgmobile',
      7: 'lolmobile',
      14: 'valorant',
      200: 'sportsother',
      201: 'basketball',
      202: 'soccer',
      203: 'tennis',
      204: 'snooker',
      205: 'baseball',
      206: 'volleyball',
      207: 'badminton',
      208: 'tabletennis',
      209: 'americanfootball',
      210: 'cricket',
    };
    for (const [id, slug] of Object.entries(named)) expect(gameById(Number(id))?.slug).toBe(slug);
  });

  it('finds games by id and slug, and nothing for unknown ones', () => {
    expect(gameById(202)).toBe(gameBySlug('soccer'));
    expect(gameById(12)).toBeUndefined();
    expect(gameBySlug('chess')).toBeUndefined();
  });

  it('sorts sports ids (200+) as sports and the rest as esports', () => {
    for (const game of GAMES) expect(game.kind).toBe(game.id >= 200 ? 'sport' : 'esport');
  });

  it('points home tabs and menu entries at existing games', () => {
    expect(HOME_TABS).toEqual(['hot', 1, 2, 3, 4, 7, 5, 6, 201, 202]);
    for (const tab of HOME_TABS) if (tab !== 'hot') expect(gameById(tab)).toBeDefined();
    expect(SECOND_MENU.map((item) => [item.key, item.id])).toEqual([
      [0, 'recommended'],
      [1, 'soccer'],
      [2, 'basketball'],
      [3, 'esports'],
      [4, 'baseball'],
      [5, 'tennis'],
      [6, 'other'],
    ]);
    for (const item of SECOND_MENU) {
      expect(item.gameIds.length).toBeGreaterThan(0);
      for (const id of item.gameIds) expect(gameById(id)).toBeDefined();
    }
  });

  it('lists every esport in the esports menu and the remaining sports under other', () => {
    const menu = (id: string) => new Set(SECOND_MENU.find((item) => item.id === id)?.gameIds);
    const esportIds = GAMES.filter((game) => game.kind === 'esport').map((game) => game.id);
    expect(menu('esports')).toEqual(new Set(esportIds));
    expect(menu('other')).toEqual(new Set([200, 204, 206, 207, 208, 209, 210]));
  });

  it('has a logo and a background on disk for every game', () => {
    const english = readGamesJson('en_US').names ?? {};
    for (const game of GAMES) {
      const logo = `${root}public${game.logo}`;
      expect(existsSync(logo), game.logo).toBe(true);
      const svg = readFileSync(logo, 'utf8');
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`<title>${english[game.slug]}</title>`);
      expect(existsSync(`${root}public${game.backgroundImgUrl}`), game.backgroundImgUrl).toBe(true);
    }
  });
});

describe('game translations', () => {
  const reference = readGamesJson('zh_CN');
  const english = readGamesJson('en_US');
  const sportSlugs = GAMES.filter((game) => game.kind === 'sport').map((game) => game.slug);

  it('name every game in the reference locale', () => {
    expect(Object.keys(reference.names ?? {}).sort()).toEqual(GAMES.map((game) => game.slug).sort());
  });

  it.each(LOCALES)('%s has the same keys as zh_CN, all filled', (locale) => {
    const json = readGamesJson(locale);
    expect(keyPaths(json)).toEqual(keyPaths(reference));
    for (const entries of Object.values(json)) {
      for (const text of Object.values(entries)) expect(text.trim()).not.toBe('');
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en_US'))('%s translates sport names', (locale) => {
    const names = readGamesJson(locale).names ?? {};
    expect(names.soccer).not.toBe(english.names?.soccer);
    expect(sportSlugs.every((slug) => names[slug] === english.names?.[slug])).toBe(false);
  });
});
