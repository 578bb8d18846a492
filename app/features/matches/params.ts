import { GAMES, HOME_TABS } from '../../../modules/catalog/catalog.contract';
import { addDays, isDay, WINDOW_DAYS } from '../../lib/days';

/**
 * What a list page shows is all in its URL (linkable, rendered on the server): the view, the day,
 * and the games. These read the search parameters; links are made with `withParams`.
 */

/** The search string of `search` changed by `patch` (null removes a parameter). */
export function withParams(search: URLSearchParams, patch: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

export type GameKind = 'all' | 'esport' | 'sport';

export interface GameChoice {
  kind: GameKind;
  /** Slugs picked, in catalogue order; none means every game of the kind. */
  games: string[];
  /** The games whose matches show: the picked ones, else the kind's, else the hot games. */
  gameIds: number[];
}

const HOT_IDS = HOME_TABS.filter((tab): tab is number => tab !== 'hot');

/** `kind` (the sport/esport switch) and `games` (comma-separated slugs) of the home page. */
export function parseGameChoice(search: URLSearchParams): GameChoice {
  const rawKind = search.get('kind');
  const kind: GameKind = rawKind === 'esport' || rawKind === 'sport' ? rawKind : 'all';
  const wanted = new Set((search.get('games') ?? '').split(','));
  const picked = GAMES.filter((game) => wanted.has(game.slug) && (kind === 'all' || game.kind === kind));
  const gameIds = picked.length
    ? picked.map((game) => game.id)
    : kind === 'all'
      ? HOT_IDS
      : GAMES.filter((game) => game.kind === kind).map((game) => game.id);
  return { kind, games: picked.map((game) => game.slug), gameIds };
}

/** The day of the `date` parameter when it is within the window, else `fallback`. */
export function parseDay(search: URLSearchParams, today: string, fallback = today): string {
  const date = search.get('date') ?? '';
  return isDay(date) && date >= addDays(today, -WINDOW_DAYS) && date <= addDays(today, WINDOW_DAYS)
    ? date
    : fallback;
}

/** The value of `name` when it is one of `allowed`, else the first of them. */
export function pick<T extends string>(search: URLSearchParams, name: string, allowed: readonly T[]): T {
  const value = search.get(name);
  return allowed.includes(value as T) ? (value as T) : (allowed[0] as T);
}

/** Today, yesterday and tomorrow as the day shortcuts of the lists name them. */
export const DAY_SHORTCUTS = { today: 0, yesterday: -1, tomorrow: 1 } as const;
export type DayShortcut = keyof typeof DAY_SHORTCUTS;

/** The shortcut that names `day`, if any. */
export function shortcutOf(day: string, today: string): DayShortcut | undefined {
  return (Object.keys(DAY_SHORTCUTS) as DayShortcut[]).find(
    (key) => addDays(today, DAY_SHORTCUTS[key]) === day,
  );
}
