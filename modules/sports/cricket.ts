import { defineRules, finishMatch, lastOf, type Recorder } from './engine';
import type { CricketInnings, CricketResult, CricketState, MatchOptions, Side } from './model';
import type { Rng } from './rng';
import { otherSide, SIDES, zeroScore } from './scoring';

export type CricketOptions = Pick<MatchOptions, 'knockout'>;

// T20 playing conditions: 20 overs of 6 legal balls a side, an innings ends at 10 wickets, and the
// side batting second wins as soon as it passes the first side's total.
const BALLS_PER_OVER = 6;
const T20 = { maxOvers: 20, maxWickets: 10 };
// Super over: one over and two wickets a side; the side that batted second bats first, and super
// overs are repeated while tied.
const SUPER_OVER = { maxOvers: 1, maxWickets: 2 };
const MAIN_INNINGS = 2;

type Delivery = 'wicket' | 0 | 1 | 2 | 3 | 4 | 6;
/** A legal ball in men's T20 cricket: about 8 runs an over and a wicket every 20 balls. */
const LEGAL_BALL: readonly (readonly [Delivery, number])[] = [
  ['wicket', 0.05],
  [0, 0.345],
  [1, 0.37],
  [2, 0.075],
  [3, 0.005],
  [4, 0.105],
  [6, 0.05],
];
/** Batters attack in the last five overs: more boundaries, more wickets. */
const DEATH_OVERS_FROM = 15;
const DEATH_OVERS_FACTOR = 1.3;
// Wides and no-balls: one run each and the ball is bowled again.
const WIDE = 0.03;
const NO_BALL = 0.006;
const DELIVERY_SECONDS = [25, 45] as const;
const CHANGE_OF_OVER_SECONDS = 45;

export const cricket = defineRules<CricketState, CricketOptions>({
  family: 'cricket',
  slug: 'cricket',
  initial: (options, base) => ({
    ...base,
    score: zeroScore(),
    winner: null,
    knockout: options?.knockout ?? false,
    innings: [],
    result: null,
  }),
  period: (state) => {
    const number = Math.max(1, state.innings.length);
    return number <= MAIN_INNINGS ? `INN${number}` : `SO${number - MAIN_INNINGS}`;
  },
  begin(draft, rng, record) {
    // The toss winner's choice, as far as the simulation is concerned, is a coin toss.
    startInnings(draft, rng.pick(SIDES), T20, null, record);
    return rng.between(...DELIVERY_SECONDS);
  },
  resolve(draft, rng, record) {
    const innings = lastOf(draft.innings);
    const ballsBefore = innings.balls;
    bowl(draft, innings, rng, record);
    if (inningsOver(innings)) {
      closeInnings(draft, innings, record);
      return draft.status === 'finished' ? 0 : rng.between(...DELIVERY_SECONDS);
    }
    const overEnded = innings.balls > ballsBefore && innings.balls % BALLS_PER_OVER === 0;
    return rng.between(...DELIVERY_SECONDS) + (overEnded ? CHANGE_OF_OVER_SECONDS : 0);
  },
});

function startInnings(
  draft: CricketState,
  batting: Side,
  limits: { maxOvers: number; maxWickets: number },
  target: number | null,
  record: Recorder,
): void {
  draft.innings.push({ batting, runs: 0, wickets: 0, balls: 0, extras: 0, ...limits, target });
  record({ type: 'period_started', side: batting });
}

function bowl(draft: CricketState, innings: CricketInnings, rng: Rng, record: Recorder): void {
  if (rng.chance(WIDE + NO_BALL)) {
    addRuns(draft, innings, 1);
    innings.extras += 1;
    return;
  }
  const deathOvers = innings.balls >= DEATH_OVERS_FROM * BALLS_PER_OVER;
  const outcome = rng.weighted(
    LEGAL_BALL.map(([delivery, weight]) => {
      const attacking = delivery === 'wicket' || delivery === 4 || delivery === 6;
      return [delivery, deathOvers && attacking ? weight * DEATH_OVERS_FACTOR : weight] as const;
    }),
  );
  innings.balls += 1;
  if (outcome === 'wicket') {
    innings.wickets += 1;
    record({ type: 'wicket', side: innings.batting, value: innings.wickets, score: { ...draft.score } });
  } else {
    addRuns(draft, innings, outcome);
  }
}

function addRuns(draft: CricketState, innings: CricketInnings, runs: number): void {
  innings.runs += runs;
  // The headline score is the two main innings; super-over runs decide a tie but stay apart.
  if (draft.innings.length <= MAIN_INNINGS) draft.score[innings.batting] += runs;
}

function inningsOver(innings: CricketInnings): boolean {
  return (
    innings.wickets === innings.maxWickets ||
    innings.balls === innings.maxOvers * BALLS_PER_OVER ||
    (innings.target !== null && innings.runs >= innings.target)
  );
}

function closeInnings(draft: CricketState, innings: CricketInnings, record: Recorder): void {
  record({ type: 'innings_ended', side: innings.batting, value: innings.runs, score: { ...draft.score } });
  const superOver = draft.innings.length > MAIN_INNINGS;
  if (innings.target === null) {
    const limits = superOver ? SUPER_OVER : T20;
    startInnings(draft, otherSide(innings.batting), limits, innings.runs + 1, record);
    return;
  }
  const result = chaseResult(innings, superOver);
  if (result.method === 'tie' && draft.knockout) {
    startInnings(draft, innings.batting, SUPER_OVER, null, record);
    return;
  }
  draft.result = result;
  finishMatch(draft, result.winner, record);
}

function chaseResult(chase: CricketInnings, superOver: boolean): CricketResult {
  const target = chase.target ?? 0;
  const defending = otherSide(chase.batting);
  if (chase.runs >= target) {
    if (superOver) return { winner: chase.batting, method: 'super_over', margin: null };
    return { winner: chase.batting, method: 'wickets', margin: chase.maxWickets - chase.wickets };
  }
  if (chase.runs === target - 1) return { winner: null, method: 'tie', margin: null };
  if (superOver) return { winner: defending, method: 'super_over', margin: null };
  return { winner: defending, method: 'runs', margin: target - 1 - chase.runs };
}
