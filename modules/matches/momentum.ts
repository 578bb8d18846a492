import { type MatchState, type Side, soccerMinutes } from '../sports';
import type { AttackEvent, Momentum } from './matches.contract';

/**
 * The attack-momentum graph of a soccer match (decision 026): which side is pressing, minute by
 * minute, from what the match's events carry.
 *
 * - Each moment of play weighs by how close it came to a goal (`PRESSURE`): home's count up, away's
 *   down, added up per minute of play.
 * - A minute carries `CARRIED` of the momentum before it, so pressure builds over a spell of
 *   attacks and a quiet spell fades back to nothing.
 * - The bar is the momentum squashed into -100..100 (tanh), so one goal draws a tall bar and a long
 *   siege a full one without an outlier flattening the rest.
 */

export const PRESSURE: Record<AttackEvent['kind'] | 'goal', number> = {
  dangerous_attack: 1,
  corner: 1.5,
  shot_off_target: 2,
  shot_on_target: 3,
  goal: 5,
};
export const CARRIED = 0.6;
/** Momentum that draws a bar of 76 (tanh 1). */
const SCALE = 6;

const GOALS = new Set(['goal', 'own_goal', 'penalty_goal']);

/** The minute of play (from 1) that a moment `elapsedSeconds` into the play falls in. */
export const minuteOfPlay = (elapsedSeconds: number) => Math.floor(elapsedSeconds / 60) + 1;

/** The graph so far; null where there is none: other sports, and a match not under way. */
export function momentumOf(state: MatchState, attacks: readonly AttackEvent[]): Momentum | null {
  if (state.family !== 'soccer' || state.status === 'not_started') return null;
  if (state.status !== 'in_progress' && state.status !== 'finished') return null;
  const { minuteOf, periodAt } = soccerMinutes(state);
  const pressure = new Map<number, number>();
  const push = (at: number, side: Side, weight: number) =>
    pressure.set(at, (pressure.get(at) ?? 0) + (side === 'home' ? weight : -weight));
  for (const attack of attacks) push(attack.minute, attack.side, PRESSURE[attack.kind]);
  const goals: Momentum['goals'] = [];
  for (const incident of state.incidents) {
    if (!GOALS.has(incident.type) || !incident.side) continue;
    const at = minuteOfPlay(incident.elapsedSeconds);
    push(at, incident.side, PRESSURE.goal);
    goals.push({ at, side: incident.side });
  }
  const bars: Momentum['bars'] = [];
  let carried = 0;
  for (let at = 1; (at - 1) * 60 < state.elapsedSeconds; at += 1) {
    const start = (at - 1) * 60;
    const period = periodAt(start);
    // The shoot-out is kicks, not play.
    if (period === null || period === 'PEN') break;
    carried = carried * CARRIED + (pressure.get(at) ?? 0);
    const shown = minuteOf({ period, elapsedSeconds: start }) ?? { minute: at, addedMinute: 0 };
    // `|| 0`: a bar that rounds to nothing is 0, never -0.
    bars.push({ at, ...shown, value: Math.round(100 * Math.tanh(carried / SCALE)) || 0 });
  }
  return { bars, goals: goals.filter((goal) => goal.at <= bars.length) };
}
