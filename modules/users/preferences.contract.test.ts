import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readPreferences } from './preferences.contract';

describe('readPreferences', () => {
  it('reads the saved preferences', () => {
    expect(
      readPreferences({
        favouriteGames: [1, 202],
        hideScores: true,
        goalSound: false,
        giftConfirmAbove: null,
        other: 1,
      }),
    ).toEqual({
      favouriteGames: [1, 202],
      hideScores: true,
      goalSound: false,
      giftConfirmAbove: null,
    });
  });

  it('reads a missing or unreadable value as its default, keeping the others', () => {
    expect(readPreferences({})).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences({ favouriteGames: [1.5], hideScores: 'yes', goalSound: false })).toEqual({
      ...DEFAULT_PREFERENCES,
      goalSound: false,
    });
    expect(
      readPreferences({ favouriteGames: Array.from({ length: 41 }, (_, i) => i) }).favouriteGames,
    ).toEqual([]);
    // Only a price the viewer could pick: not one of the page's own, nor a string.
    for (const giftConfirmAbove of [5, '100', -1])
      expect(readPreferences({ giftConfirmAbove }).giftConfirmAbove).toBe(
        DEFAULT_PREFERENCES.giftConfirmAbove,
      );
  });
});
