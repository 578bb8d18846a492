import { defineRules, finishMatch, type Recorder } from './engine';
import type { MatchOptions, Shootout, Side, SoccerPeriod, SoccerState } from './model';
import { addPoints, openPeriod } from './periods';
import type { Rng } from './rng';
import { leaderOf, otherSide, SIDES, zeroScore } from './scoring';

export type SoccerOptions = Pick<MatchOptions, 'knockout'>;

type TimedPeriod = Exclude<SoccerPeriod, 'PEN'>;

// Laws of the Game, Law 7: two halves of 45 minutes; extra time is two periods of 15 minutes.
const REGULAR_SECONDS: Record<TimedPeriod, number> = { H1: 45 * 60, H2: 45 * 60, ET1: 15 * 60, ET2: 15 * 60 };
const MINUTES_BEFORE: Record<SoccerPeriod, number> = { H1: 0, H2: 45, ET1: 90, ET2: 105, PEN: 120 };
/** Usual added time announced at the end of each period, in whole minutes. */
const ADDED_MINUTES: Record<TimedPeriod, readonly [number, number]> = {
  H1: [1, 5],
  H2: [3, 9],
  ET1: [0, 2],
  ET2: [1, 3],
};

/** A top-flight match plays about 98 minutes with its added time. */
const SECONDS_PER_MATCH = 98 * 60;
/**
 * Incidents per side and match at eleven against eleven: about 2.7 goals a match with a home
 * advantage (home wins ~45%, draws ~26%), some 0.3 penalties and 3.8 yellow cards a match.
 */
const PER_MATCH = {
  goal: { home: 1.38, away: 0.98 },
  ownGoal: 0.04,
  penalty: 0.16,
  yellowCard: { home: 1.8, away: 2.0 },
  redCard: 0.07,
};
const PENALTY_SCORED = 0.76;
// Law 3: five substitutes, one more when extra time is played; almost all come on after half-time.
const SUBSTITUTES = 5;
const EXTRA_TIME_SUBSTITUTES = 1;
const SUBSTITUTIONS_PER_SECOND = 4.5 / (45 * 60);
// Law 3: a match does not go on when a team has fewer than seven players.
const FEWEST_PLAYERS = 7;
const PLAYERS = 11;

// Law 10: five kicks each, then kicks in pairs until one side has scored more from the same number.
const SHOOTOUT_ROUNDS = 5;
const SHOOTOUT_SCORED = 0.75;
const SECONDS_PER_KICK = 60;

type InPlayEvent = 'goal' | 'own_goal' | 'penalty' | 'yellow_card' | 'red_card' | 'substitution';

export const soccer = defineRules<SoccerState, SoccerOptions>({
  family: 'soccer',
  slug: 'soccer',
  initial: (options, base) => ({
    ...base,
    score: zeroScore(),
    winner: null,
    knockout: options?.knockout ?? false,
    clock: { period: 'H1', secondsInPeriod: 0, minute: 1, addedMinute: 0, addedSeconds: null },
    periods: [],
    shootout: null,
    yellowCards: zeroScore(),
    redCards: zeroScore(),
    substitutions: zeroScore(),
  }),
  period: (state) => state.clock.period,
  begin(draft, rng, record) {
    startPeriod(draft, 'H1', record);
    return secondsToNextEvent(draft, rng);
  },
  tick(draft, seconds) {
    const clock = draft.clock;
    clock.secondsInPeriod += seconds;
    if (clock.period === 'PEN') return;
    const regular = REGULAR_SECONDS[clock.period];
    clock.minute =
      MINUTES_BEFORE[clock.period] + Math.min(Math.floor(clock.secondsInPeriod / 60) + 1, regular / 60);
    clock.addedMinute =
      clock.secondsInPeriod < regular ? 0 : Math.floor((clock.secondsInPeriod - regular) / 60) + 1;
  },
  resolve(draft, rng, record) {
    const clock = draft.clock;
    if (clock.period === 'PEN') {
      takeKick(draft, rng, record);
    } else if (clock.secondsInPeriod < periodEnd(clock.period, clock.addedSeconds)) {
      playIncident(draft, rng, record);
    } else if (clock.addedSeconds === null) {
      const minutes = rng.between(...ADDED_MINUTES[clock.period]);
      clock.addedSeconds = minutes * 60;
      if (minutes > 0) record({ type: 'added_time', value: minutes });
    } else {
      endPeriod(draft, clock.period, rng, record);
    }
    return draft.status === 'finished' ? 0 : secondsToNextEvent(draft, rng);
  },
});

/** Where a period ends: its regular time, then its added time once announced. */
function periodEnd(period: TimedPeriod, addedSeconds: number | null): number {
  return REGULAR_SECONDS[period] + (addedSeconds ?? 0);
}

function secondsToNextEvent(state: SoccerState, rng: Rng): number {
  const clock = state.clock;
  if (clock.period === 'PEN') return SECONDS_PER_KICK;
  const perSecond = inPlayRates(state).reduce((sum, [, rate]) => sum + rate, 0);
  const toPeriodEnd = periodEnd(clock.period, clock.addedSeconds) - clock.secondsInPeriod;
  return Math.min(rng.waitSeconds(1 / perSecond), toPeriodEnd);
}

/** How often each incident happens now, per second, given the players left on the pitch. */
function inPlayRates(state: SoccerState): [readonly [InPlayEvent, Side], number][] {
  const rates: [readonly [InPlayEvent, Side], number][] = [];
  for (const side of SIDES) {
    const players = PLAYERS - state.redCards[side];
    const opponents = PLAYERS - state.redCards[otherSide(side)];
    // A side a player short scores less and concedes more.
    const attack = (players / opponents) ** 2 / SECONDS_PER_MATCH;
    rates.push(
      [['goal', side], PER_MATCH.goal[side] * attack],
      [['own_goal', side], PER_MATCH.ownGoal * attack],
      [['penalty', side], PER_MATCH.penalty * attack],
      [['yellow_card', side], PER_MATCH.yellowCard[side] / SECONDS_PER_MATCH],
      [['red_card', side], players > FEWEST_PLAYERS ? PER_MATCH.redCard / SECONDS_PER_MATCH : 0],
      [['substitution', side], substitutesLeft(state, side) > 0 ? SUBSTITUTIONS_PER_SECOND : 0],
    );
  }
  return rates;
}

function substitutesLeft(state: SoccerState, side: Side): number {
  const period = state.clock.period;
  if (period === 'H1' || period === 'PEN') return 0;
  const allowed = period === 'H2' ? SUBSTITUTES : SUBSTITUTES + EXTRA_TIME_SUBSTITUTES;
  return allowed - state.substitutions[side];
}

function playIncident(draft: SoccerState, rng: Rng, record: Recorder): void {
  const [event, side] = rng.weighted(inPlayRates(draft));
  switch (event) {
    case 'goal':
    case 'own_goal':
      scoreGoal(draft, side, event, record);
      break;
    case 'penalty':
      if (rng.chance(PENALTY_SCORED)) scoreGoal(draft, side, 'penalty_goal', record);
      else record({ type: 'penalty_missed', side });
      break;
    case 'yellow_card':
      draft.yellowCards[side] += 1;
      record({ type: 'yellow_card', side });
      break;
    case 'red_card':
      draft.redCards[side] += 1;
      record({ type: 'red_card', side });
      break;
    case 'substitution':
      draft.substitutions[side] += 1;
      record({ type: 'substitution', side });
      break;
  }
}

function scoreGoal(
  draft: SoccerState,
  side: Side,
  type: 'goal' | 'own_goal' | 'penalty_goal',
  record: Recorder,
): void {
  addPoints(draft, side, 1);
  record({ type, side, score: { ...draft.score } });
}

function startPeriod(draft: SoccerState, period: SoccerPeriod, record: Recorder): void {
  draft.clock = {
    period,
    secondsInPeriod: 0,
    minute: MINUTES_BEFORE[period] + (period === 'PEN' ? 0 : 1),
    addedMinute: 0,
    addedSeconds: null,
  };
  if (period !== 'PEN') openPeriod(draft, period);
  record({ type: 'period_started' });
}

function endPeriod(draft: SoccerState, period: TimedPeriod, rng: Rng, record: Recorder): void {
  record({ type: 'period_ended', score: { ...draft.score } });
  const level = leaderOf(draft.score) === null;
  const next = nextPeriod(period, draft.knockout && level);
  if (next === null) {
    finishMatch(draft, leaderOf(draft.score), record);
    return;
  }
  // Law 10: the toss decides which team takes the first kick.
  if (next === 'PEN') draft.shootout = { first: rng.pick(SIDES), kicks: [], score: zeroScore() };
  startPeriod(draft, next, record);
}

/** The period after `period`; null when the match ends with it. */
function nextPeriod(period: TimedPeriod, levelKnockout: boolean): SoccerPeriod | null {
  switch (period) {
    case 'H1':
      return 'H2';
    case 'H2':
      return levelKnockout ? 'ET1' : null;
    case 'ET1':
      return 'ET2';
    case 'ET2':
      return levelKnockout ? 'PEN' : null;
  }
}

function takeKick(draft: SoccerState, rng: Rng, record: Recorder): void {
  const shootout = draft.shootout;
  if (shootout === null) throw new Error('penalties without a shoot-out');
  const kicker = shootout.kicks.length % 2 === 0 ? shootout.first : otherSide(shootout.first);
  const scored = rng.chance(SHOOTOUT_SCORED);
  shootout.kicks.push({ side: kicker, scored });
  if (scored) shootout.score[kicker] += 1;
  record({
    type: scored ? 'shootout_scored' : 'shootout_missed',
    side: kicker,
    score: { ...shootout.score },
  });
  const winner = shootoutWinner(shootout);
  if (winner !== null) {
    record({ type: 'period_ended', score: { ...shootout.score } });
    finishMatch(draft, winner, record);
  }
}

/** The side that has won the shoot-out, or null while it goes on. */
function shootoutWinner(shootout: Shootout): Side | null {
  const taken = zeroScore();
  for (const kick of shootout.kicks) taken[kick.side] += 1;
  const { score } = shootout;
  if (taken.home <= SHOOTOUT_ROUNDS && taken.away <= SHOOTOUT_ROUNDS) {
    // Within the five rounds it is over once one side could not be caught with every kick left scored.
    for (const side of SIDES) {
      const rival = otherSide(side);
      if (score[side] > score[rival] + SHOOTOUT_ROUNDS - taken[rival]) return side;
    }
    return null;
  }
  return taken.home === taken.away ? leaderOf(score) : null;
}
