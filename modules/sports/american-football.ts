import { defineRules, finishMatch, type Recorder } from './engine';
import type { AmericanFootballState, MatchOptions, Side } from './model';
import { addPoints, inOvertime, nextQuarterOrOvertime, openPeriod, regulationOver } from './periods';
import type { Rng } from './rng';
import { leaderOf, otherSide, SIDES, zeroScore } from './scoring';

export type AmericanFootballOptions = Pick<MatchOptions, 'knockout'>;

// NFL rules: four 15-minute quarters. Overtime is one 10-minute period in the regular season (a tie
// when still level) and 15-minute periods in the playoffs until there is a winner.
const QUARTER_SECONDS = 15 * 60;
const REGULAR_SEASON_OVERTIME_SECONDS = 10 * 60;
const PLAYOFF_OVERTIME_SECONDS = 15 * 60;
const HALF_TIME_AFTER = 2;
// About 12 drives a side a game.
const DRIVE_SECONDS = [40, 260] as const;

type DriveResult = 'touchdown' | 'field_goal' | 'safety' | 'no_score';
/** How NFL drives end: about 22 points a side a game, a little more at home. */
const DRIVE_RESULTS: Record<Side, readonly (readonly [DriveResult, number])[]> = {
  home: [
    ['touchdown', 0.23],
    ['field_goal', 0.16],
    ['safety', 0.006],
    ['no_score', 0.604],
  ],
  away: [
    ['touchdown', 0.21],
    ['field_goal', 0.16],
    ['safety', 0.006],
    ['no_score', 0.624],
  ],
};
// After a touchdown: a kick for 1 point (made ~94%) or, now and then, a play for 2 (made ~48%).
const TWO_POINT_TRY = 0.1;
const TWO_POINT_MADE = 0.48;
const EXTRA_POINT_MADE = 0.94;

export const americanFootball = defineRules<AmericanFootballState, AmericanFootballOptions>({
  family: 'american_football',
  slug: 'americanfootball',
  initial: (options, base) => ({
    ...base,
    score: zeroScore(),
    winner: null,
    knockout: options?.knockout ?? false,
    clock: { period: 'Q1', secondsLeft: QUARTER_SECONDS },
    periods: [],
    drive: { side: 'home', secondsLeft: 0 },
    openingReceiver: 'home',
    overtimeDrives: 0,
  }),
  period: (state) => state.clock.period,
  begin(draft, rng, record) {
    openPeriod(draft, 'Q1');
    record({ type: 'period_started' });
    draft.openingReceiver = rng.pick(SIDES);
    startDrive(draft, draft.openingReceiver, rng);
    return secondsToNextEvent(draft);
  },
  tick(draft, seconds) {
    draft.clock.secondsLeft -= seconds;
    draft.drive.secondsLeft -= seconds;
  },
  resolve(draft, rng, record) {
    if (draft.drive.secondsLeft === 0) endDrive(draft, rng, record);
    else endPeriod(draft, rng, record);
    return draft.status === 'finished' ? 0 : secondsToNextEvent(draft);
  },
});

function secondsToNextEvent(state: AmericanFootballState): number {
  return Math.min(state.drive.secondsLeft, state.clock.secondsLeft);
}

function startDrive(draft: AmericanFootballState, side: Side, rng: Rng): void {
  draft.drive = { side, secondsLeft: rng.between(...DRIVE_SECONDS) };
  if (inOvertime(draft)) draft.overtimeDrives += 1;
}

function endDrive(draft: AmericanFootballState, rng: Rng, record: Recorder): void {
  const offense = draft.drive.side;
  const defense = otherSide(offense);
  const result = rng.weighted(DRIVE_RESULTS[offense]);
  if (result === 'touchdown') {
    const points = 6 + touchdownTry(rng);
    addPoints(draft, offense, points);
    record({ type: 'touchdown', side: offense, value: points, score: { ...draft.score } });
  } else if (result === 'field_goal') {
    addPoints(draft, offense, 3);
    record({ type: 'field_goal', side: offense, value: 3, score: { ...draft.score } });
  } else if (result === 'safety') {
    addPoints(draft, defense, 2);
    record({ type: 'safety', side: defense, value: 2, score: { ...draft.score } });
  }
  if (inOvertime(draft)) {
    // NFL overtime (playoffs since 2022, every game since 2025): both sides get a possession, then
    // the next score wins; a safety wins at once.
    const leader = leaderOf(draft.score);
    if (result === 'safety' || (draft.overtimeDrives >= 2 && leader !== null)) {
      finishMatch(draft, leader, record);
      return;
    }
  }
  // After a score the scoring side kicks off; otherwise the ball changes hands: either way the
  // other side drives next.
  startDrive(draft, defense, rng);
}

function touchdownTry(rng: Rng): number {
  if (rng.chance(TWO_POINT_TRY)) return rng.chance(TWO_POINT_MADE) ? 2 : 0;
  return rng.chance(EXTRA_POINT_MADE) ? 1 : 0;
}

function endPeriod(draft: AmericanFootballState, rng: Rng, record: Recorder): void {
  record({ type: 'period_ended', score: { ...draft.score } });
  const leader = leaderOf(draft.score);
  const overtimeOver = inOvertime(draft) && !draft.knockout;
  if ((regulationOver(draft) && !inOvertime(draft) && leader !== null) || overtimeOver) {
    finishMatch(draft, leader, record);
    return;
  }
  const period = nextQuarterOrOvertime(draft);
  const overtime = period.startsWith('OT');
  const overtimeSeconds = draft.knockout ? PLAYOFF_OVERTIME_SECONDS : REGULAR_SEASON_OVERTIME_SECONDS;
  draft.clock = { period, secondsLeft: overtime ? overtimeSeconds : QUARTER_SECONDS };
  openPeriod(draft, period);
  record({ type: 'period_started' });
  // A drive runs on from the 1st to the 2nd quarter, from the 3rd to the 4th and between playoff
  // overtime periods; half-time and the start of overtime begin with a kick-off.
  const played = draft.periods.length - 1;
  if (played === HALF_TIME_AFTER) startDrive(draft, otherSide(draft.openingReceiver), rng);
  else if (period === 'OT1') startDrive(draft, rng.pick(SIDES), rng);
}
