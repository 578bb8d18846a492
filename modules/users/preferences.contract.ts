/**
 * The keys the preferences page keeps in the data status, read without zod: every page reads them
 * in the browser, which then need not load the schemas.
 */
export interface Preferences {
  favouriteGames: number[];
  hideScores: boolean;
  goalSound: boolean;
  /** A gift that costs more than this asks first (0: every gift; null: none). */
  giftConfirmAbove: number | null;
}

/** The prices above which a gift may ask first, as the viewer picks one. */
export const GIFT_CONFIRM_ABOVE = [0, 100, 1000, 10_000] as const;

export const DEFAULT_PREFERENCES: Preferences = {
  favouriteGames: [],
  hideScores: false,
  goalSound: true,
  giftConfirmAbove: 100,
};

const MAX_FAVOURITE_GAMES = 40;

/** The preferences in a data status; a value that is missing or unreadable (another client's) reads as its default. */
export function readPreferences(data: Record<string, unknown>): Preferences {
  const { favouriteGames, hideScores, goalSound, giftConfirmAbove } = data;
  return {
    favouriteGames:
      Array.isArray(favouriteGames) &&
      favouriteGames.length <= MAX_FAVOURITE_GAMES &&
      favouriteGames.every(Number.isInteger)
        ? favouriteGames
        : DEFAULT_PREFERENCES.favouriteGames,
    hideScores: typeof hideScores === 'boolean' ? hideScores : DEFAULT_PREFERENCES.hideScores,
    goalSound: typeof goalSound === 'boolean' ? goalSound : DEFAULT_PREFERENCES.goalSound,
    giftConfirmAbove:
      giftConfirmAbove === null || (GIFT_CONFIRM_ABOVE as readonly unknown[]).includes(giftConfirmAbove)
        ? (giftConfirmAbove as number | null)
        : DEFAULT_PREFERENCES.giftConfirmAbove,
  };
}
