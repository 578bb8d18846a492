import { describe, expect, it } from 'vitest';
import { type Incident, rulesForGame, type SoccerState, soccer } from '../sports';
import type { IncidentView, MatchExtras } from './matches.contract';
import { ratingsOf } from './ratings';

type Lineups = NonNullable<MatchExtras['lineups']>;

const player = (name: string, position: string) => ({
  playerId: null,
  name,
  number: null,
  position,
  x: null,
  y: null,
});
const lineup = (prefix: string) => ({
  formation: null,
  coach: null,
  starters: [
    player(`${prefix} keeper`, 'GK'),
    player(`${prefix} back`, 'DF'),
    player(`${prefix} midfielder`, 'MF'),
    player(`${prefix} striker`, 'FW'),
    player(`${prefix} winger`, 'FW'),
  ],
  bench: [player(`${prefix} sub`, 'FW')],
});
const LINEUPS: Lineups = { home: lineup('Home'), away: lineup('Away') };

interface Event {
  type: Incident['type'];
  minute: number;
  side: 'home' | 'away';
  player?: string;
  secondPlayer?: string;
}

/** A soccer match `minutes` into play with these events, and the views naming their players. */
function match(minutes: number, events: Event[], status: SoccerState['status'] = 'in_progress') {
  const incidents: Incident[] = events.map((event, index) => ({
    seq: index + 1,
    type: event.type,
    period: 'H1',
    elapsedSeconds: event.minute * 60,
    side: event.side,
  }));
  const views: IncidentView[] = events.map((event, index) => ({
    seq: index + 1,
    type: event.type,
    period: 'H1',
    minute: event.minute,
    addedMinute: 0,
    side: event.side,
    player: event.player ? { id: index, name: event.player } : null,
    secondPlayer: event.secondPlayer ? { id: 100 + index, name: event.secondPlayer } : null,
    score: null,
    value: null,
  }));
  const state: SoccerState = {
    ...soccer.initial(undefined),
    status,
    elapsedSeconds: minutes * 60,
    incidents,
  };
  const ratings = ratingsOf(state, views, LINEUPS) ?? [];
  return (name: string) => ratings.find((rating) => rating.name === name)?.rating;
}

describe('player ratings of a soccer match', () => {
  it('rate a player who only played a whole match around six and a half', () => {
    const rating = match(90, [], 'finished');
    expect(rating('Home midfielder')).toBeGreaterThanOrEqual(6.3);
    expect(rating('Home midfielder')).toBeLessThanOrEqual(6.7);
  });

  it('lift the scorer and the passer of a goal above their team-mates, the scorer most', () => {
    const rating = match(90, [
      { type: 'goal', minute: 30, side: 'home', player: 'Home striker', secondPlayer: 'Home winger' },
    ]);
    expect(rating('Home striker')).toBeGreaterThan(rating('Home winger') ?? 10);
    expect(rating('Home winger')).toBeGreaterThan(rating('Home midfielder') ?? 10);
  });

  it('drop a player sent off below six', () => {
    const rating = match(90, [{ type: 'red_card', minute: 40, side: 'away', player: 'Away back' }]);
    expect(rating('Away back')).toBeLessThan(6);
  });

  it('hold an own goal against its scorer, not the side credited with it', () => {
    const rating = match(90, [{ type: 'own_goal', minute: 50, side: 'home', player: 'Away back' }]);
    expect(rating('Away back')).toBeLessThan(rating('Away keeper') ?? 0);
    expect(rating('Home striker')).toBeGreaterThan(rating('Away striker') ?? 10);
  });

  it('reward a clean sheet and punish goals conceded for the keeper and the defenders', () => {
    const goals: Event[] = [20, 40, 60].map((minute) => ({ type: 'goal', minute, side: 'home' }));
    const rating = match(90, goals, 'finished');
    expect(rating('Home keeper')).toBeGreaterThan(rating('Home midfielder') ?? 10);
    expect(rating('Away keeper')).toBeLessThan(rating('Away midfielder') ?? 0);
    expect(rating('Away keeper')).toBeLessThan(6);
  });

  it('rate a substitute from when he came on, and only after ten minutes on the pitch', () => {
    const sub: Event = {
      type: 'substitution',
      minute: 70,
      side: 'home',
      player: 'Home sub',
      secondPlayer: 'Home winger',
    };
    expect(match(75, [sub])('Home sub')).toBeUndefined();
    const rating = match(90, [sub, { type: 'goal', minute: 85, side: 'home', player: 'Home sub' }]);
    expect(rating('Home sub')).toBeGreaterThan(7);
    // The goal came after the winger went off.
    expect(rating('Home winger')).toBeLessThan(rating('Home midfielder') ?? 0);
  });

  it('stay within 3 and 10', () => {
    const hatTricks: Event[] = [10, 20, 30, 40, 50].map((minute) => ({
      type: 'goal',
      minute,
      side: 'home',
      player: 'Home striker',
    }));
    const cards: Event[] = [
      { type: 'own_goal', minute: 5, side: 'home', player: 'Away back' },
      { type: 'own_goal', minute: 6, side: 'home', player: 'Away back' },
      { type: 'penalty_missed', minute: 7, side: 'away', player: 'Away back' },
      { type: 'red_card', minute: 60, side: 'away', player: 'Away back' },
    ];
    const rating = match(90, [...cards, ...hatTricks]);
    expect(rating('Home striker')).toBe(10);
    expect(rating('Away back')).toBe(3);
  });

  it('are not given before kick-off, without lineups, or in a sport without ratings', () => {
    expect(ratingsOf(soccer.initial(undefined), [], LINEUPS)).toBeNull();
    expect(ratingsOf({ ...soccer.initial(undefined), status: 'in_progress' }, [], null)).toBeNull();
    const tennis = rulesForGame('tennis')?.initial(undefined);
    expect(tennis ? ratingsOf({ ...tennis, status: 'in_progress' }, [], LINEUPS) : 'no tennis').toBeNull();
  });
});
