import { describe, expect, it } from 'vitest';
import { parseDay, parseGameChoice, shortcutOf, withParams } from './params';

const params = (text: string) => new URLSearchParams(text);

describe('the list state in the URL', () => {
  it('shows the hot games (the home tab list) unless a kind or games are chosen', () => {
    expect(parseGameChoice(params(''))).toEqual({
      kind: 'all',
      games: [],
      gameIds: [1, 2, 3, 4, 7, 5, 6, 201, 202],
    });
  });

  it('takes the games picked, in catalogue order, and ignores unknown ones', () => {
    expect(parseGameChoice(params('games=csgo,soccer,nope'))).toEqual({
      kind: 'all',
      games: ['soccer', 'csgo'],
      gameIds: [202, 2],
    });
  });

  it('keeps to the kind of the switch: every game of it, or the picked ones of it', () => {
    const esports = parseGameChoice(params('kind=esport'));
    expect(esports.gameIds).toContain(1);
    expect(esports.gameIds).not.toContain(202);
    expect(parseGameChoice(params('kind=sport&games=lol,tennis')).games).toEqual(['tennis']);
  });

  it('accepts a date of the calendar only within the window of matches', () => {
    const today = '2026-11-22';
    expect(parseDay(params('date=2026-11-25'), today)).toBe('2026-11-25');
    expect(parseDay(params('date=2026-12-25'), today)).toBe(today);
    expect(parseDay(params('date=2026-11-31'), today, '2026-11-21')).toBe('2026-11-21');
  });

  it('names today, yesterday and tomorrow', () => {
    expect(shortcutOf('2026-11-21', '2026-11-22')).toBe('yesterday');
    expect(shortcutOf('2026-11-25', '2026-11-22')).toBeUndefined();
  });

  it('makes links that change some parameters and keep the others', () => {
    expect(withParams(params('tab=live&games=lol'), { tab: null, date: '2026-11-23' })).toBe(
      '?games=lol&date=2026-11-23',
    );
  });
});
