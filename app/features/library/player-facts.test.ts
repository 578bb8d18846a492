import { describe, expect, it } from 'vitest';
import { ageOn } from './player-facts';

describe("a player's age", () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('2000-06-15', Date.UTC(2026, 5, 14))).toBe(25);
    expect(ageOn('2000-06-15', Date.UTC(2026, 5, 15))).toBe(26);
    expect(ageOn('2000-02-29', Date.UTC(2026, 1, 28))).toBe(25);
    expect(ageOn('2000-02-29', Date.UTC(2026, 2, 1))).toBe(26);
  });
});
