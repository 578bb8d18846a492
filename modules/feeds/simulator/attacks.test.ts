import { describe, expect, it } from 'vitest';
import type { AttackEvent } from '../../matches/matches.contract';
import { momentumOf } from '../../matches/momentum';
import type { SoccerState } from '../../sports/model';
import { attacksOf } from './attacks';
import { dayOf } from './calendar';
import { statisticsOf } from './extras';
import { createPlanner } from './schedule';
import { worldsFor } from './world';

const SEED = 3;
const planner = createPlanner(SEED, worldsFor(SEED));
const week = Array.from({ length: 7 }, (_, i) => dayOf(Date.UTC(2026, 10, 16)) + i).flatMap((day) =>
  planner.day(day),
);
const soccerMatches = week.filter((plan) => plan.world.setup.slug === 'soccer' && plan.home).slice(0, 40);

const played = soccerMatches.map((plan) => {
  const state = planner.finalOf(plan) as SoccerState;
  return { plan, state, attacks: attacksOf(plan, state) ?? [] };
});

const perSide = (kind: AttackEvent['kind']) =>
  played.reduce((sum, match) => sum + match.attacks.filter((a) => a.kind === kind).length, 0) /
  (2 * played.length);

describe('the attacking play of a simulated soccer match', () => {
  it('averages what top leagues see a side make in a match', () => {
    expect(perSide('dangerous_attack')).toBeGreaterThan(40);
    expect(perSide('dangerous_attack')).toBeLessThan(65);
    expect(perSide('shot_off_target')).toBeGreaterThan(5);
    expect(perSide('shot_off_target')).toBeLessThan(11);
    expect(perSide('corner')).toBeGreaterThan(3);
    expect(perSide('corner')).toBeLessThan(8);
  });

  it('never changes a minute once it is played', () => {
    const { plan, state, attacks } = played[0] as (typeof played)[number];
    const halfway = { ...state, status: 'in_progress' as const, elapsedSeconds: 40 * 60 };
    halfway.incidents = state.incidents.filter((incident) => incident.elapsedSeconds <= 40 * 60);
    expect(attacksOf(plan, halfway)).toEqual(attacks.filter((attack) => attack.minute <= 40));
  });

  it('counts the shots and corners of the statistics from it, goals as shots on target', () => {
    for (const { plan, state, attacks } of played.slice(0, 5)) {
      const stats = new Map(statisticsOf(plan, state, attacks).map((row) => [row.key, row]));
      const goals = state.incidents.filter(
        (i) => i.side === 'home' && (i.type === 'goal' || i.type === 'penalty_goal'),
      ).length;
      const count = (kind: AttackEvent['kind']) =>
        attacks.filter((a) => a.side === 'home' && a.kind === kind).length;
      expect(stats.get('shots_on_target')?.home).toBe(goals + count('shot_on_target'));
      expect(stats.get('shots')?.home).toBe(goals + count('shot_on_target') + count('shot_off_target'));
      expect(stats.get('corners')?.home).toBe(count('corner'));
    }
  });

  it('swings the momentum both ways in a match', () => {
    for (const { state, attacks } of played.slice(0, 10)) {
      const values = momentumOf(state, attacks)?.bars.map((bar) => bar.value) ?? [];
      expect(Math.max(...values)).toBeGreaterThan(30);
      expect(Math.min(...values)).toBeLessThan(-30);
    }
  });

  it('is not made for other sports', () => {
    const tennis = week.find((plan) => plan.world.setup.slug === 'tennis');
    expect(tennis && attacksOf(tennis, planner.finalOf(tennis))).toBeUndefined();
  });
});
