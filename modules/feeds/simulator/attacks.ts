import type { AttackEvent } from '../../matches/matches.contract';
import { createRng, type MatchState, type Side, soccerMinutes } from '../../sports';
import { edgeOf } from './extras';
import type { MatchPlan } from './schedule';
import { mix } from './seeds';

/**
 * The attacking play of a simulated soccer match, minute by minute: dangerous attacks, shots wide
 * and saved, corners. Each minute draws from its own random sequence (the plan's seed and the
 * minute), so a minute once played never changes. The match shapes it: the stronger side presses
 * more, the tide turns every twenty-odd minutes, a side that has just conceded pushes, a side a
 * player short pushes less.
 */

/**
 * Per side and minute of play when both press as much: over a match about 50 dangerous attacks,
 * 8 shots wide, 3 saved (the goals are incidents) and 5 corners a side, as top leagues average.
 */
const PER_MINUTE: Record<AttackEvent['kind'], number> = {
  dangerous_attack: 0.55,
  shot_off_target: 0.085,
  shot_on_target: 0.035,
  corner: 0.055,
};
const KINDS = Object.keys(PER_MINUTE) as AttackEvent['kind'][];
/** Minutes after conceding that a side pushes for an equaliser. */
const CHASING_MINUTES = 8;

const logistic = (value: number) => 1 / (1 + Math.exp(-value));

/** The attacking play of the minutes played so far; none for other sports. */
export function attacksOf(plan: MatchPlan, state: MatchState): AttackEvent[] | undefined {
  if (state.family !== 'soccer') return undefined;
  const { periodAt } = soccerMinutes(state);
  const shape = createRng(mix(plan.seed, 0xa77ac));
  const wavelength = 18 + shape.next() * 16;
  const phase = shape.next() * 2 * Math.PI;
  const edge = edgeOf(plan);
  const events: AttackEvent[] = [];
  for (let minute = 1; minute * 60 <= state.elapsedSeconds; minute += 1) {
    const start = (minute - 1) * 60;
    const period = periodAt(start);
    if (period === null || period === 'PEN') break;
    const rng = createRng(mix(plan.seed, minute, 0xa77ac));
    let lean = 0.5 * edge + 1.2 * Math.sin((2 * Math.PI * minute) / wavelength + phase);
    for (const incident of state.incidents) {
      if (incident.elapsedSeconds > start || !incident.side) continue;
      const sign = incident.side === 'home' ? 1 : -1;
      const chasing = start - incident.elapsedSeconds < CHASING_MINUTES * 60;
      if (chasing && ['goal', 'own_goal', 'penalty_goal'].includes(incident.type)) lean -= 0.7 * sign;
      if (incident.type === 'red_card') lean -= 0.5 * sign;
    }
    const home = logistic(lean + (rng.next() - 0.5) * 1.2);
    const activity = 0.5 + rng.next();
    for (const side of ['home', 'away'] as Side[]) {
      const share = side === 'home' ? home : 1 - home;
      for (const kind of KINDS) {
        const expected = PER_MINUTE[kind] * 2 * share * activity;
        const count = Math.floor(expected) + (rng.chance(expected % 1) ? 1 : 0);
        for (let made = 0; made < count; made += 1) events.push({ minute, side, kind });
      }
    }
  }
  return events;
}
