import { defineRules, finishMatch } from './engine';
import type { BasketballState, Side } from './model';
import { addPoints, nextQuarterOrOvertime, openPeriod, regulationOver } from './periods';
import type { Rng } from './rng';
import { leaderOf, otherSide, SIDES, zeroScore } from './scoring';

// NBA rules: four 12-minute quarters, then 5-minute overtimes until one side leads.
const QUARTER_SECONDS = 12 * 60;
const OVERTIME_SECONDS = 5 * 60;
// Within the 24-second shot clock; about 99 possessions a side in 48 minutes (NBA pace).
const POSSESSION_SECONDS = [5, 24] as const;
/**
 * Points scored on a possession: about 1.13 a possession (NBA offensive rating ~113); the home
 * side converts a little more often, worth about 2 points a game.
 */
const POSSESSION_POINTS: Record<Side, readonly (readonly [number, number])[]> = {
  home: [
    [0, 0.48],
    [1, 0.045],
    [2, 0.325],
    [3, 0.15],
  ],
  away: [
    [0, 0.49],
    [1, 0.045],
    [2, 0.315],
    [3, 0.15],
  ],
};

export const basketball = defineRules<BasketballState>({
  family: 'basketball',
  slug: 'basketball',
  initial: (_options, base) => ({
    ...base,
    score: zeroScore(),
    winner: null,
    clock: { period: 'Q1', secondsLeft: QUARTER_SECONDS },
    periods: [],
    possession: 'home',
  }),
  period: (state) => state.clock.period,
  begin(draft, rng, record) {
    openPeriod(draft, 'Q1');
    record({ type: 'period_started' });
    // The opening jump ball.
    draft.possession = rng.pick(SIDES);
    return possessionSeconds(draft, rng);
  },
  tick(draft, seconds) {
    draft.clock.secondsLeft -= seconds;
  },
  resolve(draft, rng, record) {
    if (draft.clock.secondsLeft > 0) {
      const points = rng.weighted(POSSESSION_POINTS[draft.possession]);
      if (points > 0) addPoints(draft, draft.possession, points);
      draft.possession = otherSide(draft.possession);
      return possessionSeconds(draft, rng);
    }
    record({ type: 'period_ended', score: { ...draft.score } });
    const leader = leaderOf(draft.score);
    if (regulationOver(draft) && leader !== null) {
      finishMatch(draft, leader, record);
      return 0;
    }
    const period = nextQuarterOrOvertime(draft);
    draft.clock = { period, secondsLeft: period.startsWith('Q') ? QUARTER_SECONDS : OVERTIME_SECONDS };
    openPeriod(draft, period);
    record({ type: 'period_started' });
    return possessionSeconds(draft, rng);
  },
});

/** The possession in play ends with its shot, or when the period runs out. */
function possessionSeconds(state: BasketballState, rng: Rng): number {
  return Math.min(rng.between(...POSSESSION_SECONDS), state.clock.secondsLeft);
}
