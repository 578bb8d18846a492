import { describe, expect, it } from 'vitest';
import type { Score, ShootoutKick, SoccerState } from './model';
import { createRng } from './rng';
import { leaderOf, otherSide } from './scoring';
import { soccer } from './soccer';
import { average, count, playAll } from './test-support';

const league = playAll(soccer);
const knockout = playAll(soccer, { knockout: true });

function goalsBy(state: SoccerState): Score {
  const goals = { home: 0, away: 0 };
  for (const incident of state.incidents) {
    if (['goal', 'own_goal', 'penalty_goal'].includes(incident.type) && incident.side)
      goals[incident.side] += 1;
  }
  return goals;
}

function sumOfPeriods(state: SoccerState, periods: readonly string[]): Score {
  const rows = state.periods.filter((row) => periods.includes(row.period));
  return {
    home: rows.reduce((sum, row) => sum + row.home, 0),
    away: rows.reduce((sum, row) => sum + row.away, 0),
  };
}

/** Law 10: is the shoot-out decided after these kicks? */
function shootoutDecided(kicks: readonly ShootoutKick[]): boolean {
  const scored = { home: 0, away: 0 };
  const taken = { home: 0, away: 0 };
  for (const kick of kicks) {
    taken[kick.side] += 1;
    if (kick.scored) scored[kick.side] += 1;
  }
  if (taken.home <= 5 && taken.away <= 5) {
    return scored.home > scored.away + 5 - taken.away || scored.away > scored.home + 5 - taken.home;
  }
  return taken.home === taken.away && scored.home !== scored.away;
}

describe('soccer', () => {
  it('plays two halves in a league match, which may end in a draw', () => {
    for (const state of league) {
      expect(state.periods.map((row) => row.period)).toEqual(['H1', 'H2']);
      expect(state.shootout).toBeNull();
      expect(state.winner).toBe(leaderOf(state.score));
      expect(sumOfPeriods(state, ['H1', 'H2'])).toEqual(state.score);
      expect(goalsBy(state)).toEqual(state.score);
    }
    expect(count(league, (state) => state.winner === null)).toBeGreaterThan(30);
  });

  it('scores about 2.7 goals a match, with a home advantage', () => {
    expect(average(league.map((state) => state.score.home + state.score.away))).toBeGreaterThan(2.3);
    expect(average(league.map((state) => state.score.home + state.score.away))).toBeLessThan(3.1);
    expect(count(league, (state) => state.winner === 'home')).toBeGreaterThan(
      count(league, (state) => state.winner === 'away'),
    );
  });

  it('keeps cards and substitutions within the laws', () => {
    for (const state of [...league, ...knockout]) {
      const extraTime = state.periods.length > 2;
      for (const side of ['home', 'away'] as const) {
        expect(state.substitutions[side]).toBeLessThanOrEqual(extraTime ? 6 : 5);
        expect(11 - state.redCards[side]).toBeGreaterThanOrEqual(7);
      }
    }
  });

  it('settles a level knockout tie by extra time, then by a legal shoot-out', () => {
    for (const state of knockout) {
      expect(state.winner).not.toBeNull();
      expect(goalsBy(state)).toEqual(state.score);
      const afterNinety = sumOfPeriods(state, ['H1', 'H2']);
      const levelAfterNinety = afterNinety.home === afterNinety.away;
      expect(state.periods.map((row) => row.period)).toEqual(
        levelAfterNinety ? ['H1', 'H2', 'ET1', 'ET2'] : ['H1', 'H2'],
      );
      const levelAfterExtraTime = levelAfterNinety && state.score.home === state.score.away;
      if (!levelAfterExtraTime) {
        expect(state.shootout).toBeNull();
        expect(state.winner).toBe(leaderOf(state.score));
        continue;
      }
      const shootout = state.shootout;
      if (shootout === null) throw new Error('a level tie without a shoot-out');
      shootout.kicks.forEach((kick, index) => {
        expect(kick.side).toBe(index % 2 === 0 ? shootout.first : otherSide(shootout.first));
        expect(shootoutDecided(shootout.kicks.slice(0, index + 1))).toBe(index === shootout.kicks.length - 1);
      });
      expect(state.winner).toBe(leaderOf(shootout.score));
    }
    expect(count(knockout, (state) => state.periods.length === 4)).toBeGreaterThan(20);
    expect(count(knockout, (state) => state.shootout !== null)).toBeGreaterThan(10);
  });

  it('shows the minute, and added time after the regular minutes', () => {
    const rng = createRng(3);
    const at30 = soccer.advance(soccer.initial(), rng, 30 * 60 + 10).state;
    expect(at30.clock).toMatchObject({ period: 'H1', minute: 31, addedMinute: 0 });
    // At least a minute is added to the first half, so 45:15 is in added time.
    const inAddedTime = soccer.advance(at30, rng, 15 * 60 + 5).state;
    expect(inAddedTime.clock).toMatchObject({ period: 'H1', minute: 45, addedMinute: 1 });
    expect(inAddedTime.incidents.some((incident) => incident.type === 'added_time')).toBe(true);
  });
});
