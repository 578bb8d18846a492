import { describe, expect, it } from 'vitest';
import { type Incident, rulesForGame, type SoccerState, soccer } from '../sports';
import type { AttackEvent } from './matches.contract';
import { momentumOf } from './momentum';

/** A soccer match `minutes` into its first half, with these incidents after the kick-off. */
function inPlay(minutes: number, incidents: Omit<Incident, 'seq'>[] = []): SoccerState {
  const all: Omit<Incident, 'seq'>[] = [
    { type: 'match_started', period: 'H1', elapsedSeconds: 0 },
    { type: 'period_started', period: 'H1', elapsedSeconds: 0 },
    ...incidents,
  ];
  return {
    ...soccer.initial(undefined),
    status: 'in_progress',
    elapsedSeconds: minutes * 60,
    incidents: all.map((incident, index) => ({ ...incident, seq: index + 1 })),
  };
}

const attack = (minute: number, side: 'home' | 'away', kind: AttackEvent['kind'] = 'dangerous_attack') => ({
  minute,
  side,
  kind,
});
const goal = (minute: number, side: 'home' | 'away'): Omit<Incident, 'seq'> => ({
  type: 'goal',
  period: 'H1',
  elapsedSeconds: (minute - 1) * 60 + 30,
  side,
});
const bar = (state: SoccerState, attacks: AttackEvent[], at: number) =>
  momentumOf(state, attacks)?.bars.find((one) => one.at === at)?.value;

describe('the attack momentum of a soccer match', () => {
  it('draws one bar per minute of play, none before kick-off', () => {
    expect(momentumOf(soccer.initial(undefined), [])).toBeNull();
    const momentum = momentumOf(inPlay(12.5), []);
    expect(momentum?.bars.map((one) => one.at)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(momentum?.bars.every((one) => one.value === 0)).toBe(true);
  });

  it('leans towards home for home pressure and towards away for away pressure', () => {
    expect(bar(inPlay(10), [attack(5, 'home')], 5)).toBeGreaterThan(0);
    expect(bar(inPlay(10), [attack(5, 'away')], 5)).toBeLessThan(0);
  });

  it('weighs a shot on target over a shot wide, and a shot wide over a dangerous attack', () => {
    const of = (kind: AttackEvent['kind']) => bar(inPlay(10), [attack(5, 'home', kind)], 5) ?? 0;
    expect(of('shot_on_target')).toBeGreaterThan(of('shot_off_target'));
    expect(of('shot_off_target')).toBeGreaterThan(of('dangerous_attack'));
  });

  it('pushes the momentum to the scorer of a goal, even in a minute the other side attacked', () => {
    const attacks = [attack(20, 'home'), attack(20, 'home', 'corner')];
    const momentum = momentumOf(inPlay(30, [goal(20, 'away')]), attacks);
    expect(momentum?.bars.find((one) => one.at === 20)?.value).toBeLessThan(-30);
    expect(momentum?.goals).toEqual([{ at: 20, side: 'away' }]);
  });

  it('builds up over a spell of pressure', () => {
    const siege = [1, 2, 3, 4, 5].map((minute) => attack(minute, 'home', 'shot_off_target'));
    const values = momentumOf(inPlay(5), siege)?.bars.map((one) => one.value) ?? [];
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBeGreaterThan(values[0] ?? 0);
  });

  it('fades back to nothing over a quiet spell', () => {
    const momentum = momentumOf(inPlay(30, [goal(10, 'home')]), [attack(10, 'home', 'shot_on_target')]);
    const after = momentum?.bars.filter((one) => one.at > 10).map((one) => one.value) ?? [];
    expect(after[0]).toBeGreaterThan(0);
    expect(after).toEqual([...after].sort((a, b) => b - a));
    expect(after.at(-1)).toBe(0);
  });

  it('labels the minutes as fans read them, added time included', () => {
    const state = inPlay(50, [
      { type: 'period_ended', period: 'H1', elapsedSeconds: 47 * 60 },
      { type: 'period_started', period: 'H2', elapsedSeconds: 47 * 60 },
    ]);
    const shown = momentumOf(state, [])?.bars.map((one) => [one.minute, one.addedMinute]);
    expect(shown?.slice(44, 50)).toEqual([
      [45, 0],
      [45, 1],
      [45, 2],
      [46, 0],
      [47, 0],
      [48, 0],
    ]);
  });

  it('stops at the shoot-out: kicks are not play', () => {
    const state = inPlay(125, [{ type: 'period_started', period: 'PEN', elapsedSeconds: 120 * 60 }]);
    expect(momentumOf(state, [])?.bars).toHaveLength(120);
  });

  it('is not drawn for sports without minutes of attacking play', () => {
    const basketball = rulesForGame('basketball')?.initial(undefined);
    expect(basketball && momentumOf({ ...basketball, status: 'in_progress' }, [])).toBeNull();
  });
});
