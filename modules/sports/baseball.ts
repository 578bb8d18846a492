import { defineRules, finishMatch, type Recorder } from './engine';
import type { BaseballState, Side } from './model';
import type { Rng } from './rng';
import { leaderOf, otherSide, zeroScore } from './scoring';

// Official Baseball Rules: nine innings, three outs a half-inning, extra innings while level.
const INNINGS = 9;
const OUTS = 3;
const PLATE_APPEARANCE_SECONDS = [60, 150] as const;

type PlateAppearance = 'out' | 'walk' | 'single' | 'double' | 'triple' | 'home_run' | 'error';
/** How MLB plate appearances end; about 4.5 runs a side a game. */
const PLATE_APPEARANCES: readonly (readonly [PlateAppearance, number])[] = [
  ['out', 0.665],
  ['walk', 0.095],
  ['single', 0.145],
  ['double', 0.047],
  ['triple', 0.004],
  ['home_run', 0.033],
  ['error', 0.011],
];
// Runners taking the extra base on a hit, and outs that still score the runner from third
// (sacrifice flies, ground balls) or take two runners (double plays).
const SCORES_FROM_SECOND_ON_SINGLE = 0.65;
const SCORES_FROM_FIRST_ON_DOUBLE = 0.45;
const RUN_SCORES_ON_OUT = 0.4;
const DOUBLE_PLAY = 0.12;
const HITS: readonly PlateAppearance[] = ['single', 'double', 'triple', 'home_run'];

export const baseball = defineRules<BaseballState>({
  family: 'baseball',
  slug: 'baseball',
  initial: (_options, base) => ({
    ...base,
    score: zeroScore(),
    winner: null,
    inning: 1,
    half: 'top',
    outs: 0,
    bases: [false, false, false],
    lineScore: { home: [], away: [] },
    hits: zeroScore(),
    errors: zeroScore(),
  }),
  period: (state) => `${state.half === 'top' ? 'T' : 'B'}${state.inning}`,
  begin(draft, rng) {
    draft.lineScore.away.push(0);
    return rng.between(...PLATE_APPEARANCE_SECONDS);
  },
  resolve(draft, rng, record) {
    playPlateAppearance(draft, rng, record);
    if (isWalkOff(draft)) {
      finishMatch(draft, 'home', record);
      return 0;
    }
    if (draft.outs === OUTS) endHalfInning(draft, record);
    return draft.status === 'finished' ? 0 : rng.between(...PLATE_APPEARANCE_SECONDS);
  },
});

function battingSide(state: BaseballState): Side {
  return state.half === 'top' ? 'away' : 'home';
}

/** Rule 5.08(b): the game ends as soon as the home side goes ahead in the ninth or later. */
function isWalkOff(state: BaseballState): boolean {
  return state.half === 'bottom' && state.inning >= INNINGS && state.score.home > state.score.away;
}

function playPlateAppearance(draft: BaseballState, rng: Rng, record: Recorder): void {
  const batting = battingSide(draft);
  const [first, second, third] = draft.bases;
  const result = rng.weighted(PLATE_APPEARANCES);
  if (HITS.includes(result)) draft.hits[batting] += 1;
  switch (result) {
    case 'out':
      playOut(draft, rng);
      return;
    case 'walk':
      // Only forced runners move up.
      draft.bases = [true, first || second, third || (first && second)];
      scoreRuns(draft, Number(first && second && third), false);
      return;
    case 'error':
      draft.errors[otherSide(batting)] += 1;
      draft.bases = [true, first, second];
      scoreRuns(draft, Number(third), false);
      return;
    case 'single': {
      const secondScores = second && rng.chance(SCORES_FROM_SECOND_ON_SINGLE);
      draft.bases = [true, first, second && !secondScores];
      scoreRuns(draft, Number(third) + Number(secondScores), false);
      return;
    }
    case 'double': {
      const firstScores = first && rng.chance(SCORES_FROM_FIRST_ON_DOUBLE);
      draft.bases = [false, true, first && !firstScores];
      scoreRuns(draft, Number(third) + Number(second) + Number(firstScores), false);
      return;
    }
    case 'triple':
      draft.bases = [false, false, true];
      scoreRuns(draft, Number(first) + Number(second) + Number(third), false);
      return;
    case 'home_run': {
      const runs = 1 + Number(first) + Number(second) + Number(third);
      draft.bases = [false, false, false];
      scoreRuns(draft, runs, true);
      record({ type: 'home_run', side: batting, value: runs, score: { ...draft.score } });
      return;
    }
  }
}

function playOut(draft: BaseballState, rng: Rng): void {
  const [first, second, third] = draft.bases;
  draft.outs += 1;
  if (draft.outs < OUTS && first && rng.chance(DOUBLE_PLAY)) {
    draft.outs += 1;
    draft.bases = [false, second, third];
  }
  if (draft.outs < OUTS && third && rng.chance(RUN_SCORES_ON_OUT)) {
    draft.bases = [draft.bases[0], draft.bases[1], false];
    scoreRuns(draft, 1, false);
  }
}

/**
 * Rule 5.08(b): on a game-ending hit in the last half-inning only the runs needed to win count,
 * except on a home run, when every runner and the batter score.
 */
function scoreRuns(draft: BaseballState, runs: number, homeRun: boolean): void {
  const batting = battingSide(draft);
  const walkOffPossible = draft.half === 'bottom' && draft.inning >= INNINGS;
  const needed = draft.score.away - draft.score.home + 1;
  const counted = walkOffPossible && !homeRun && needed > 0 ? Math.min(runs, needed) : runs;
  draft.score[batting] += counted;
  const line = draft.lineScore[batting];
  line[line.length - 1] = (line.at(-1) ?? 0) + counted;
}

function endHalfInning(draft: BaseballState, record: Recorder): void {
  const leader = leaderOf(draft.score);
  if (draft.half === 'top') {
    // Rule 7.01: the bottom of the ninth (or later) is not played when the home side leads.
    if (draft.inning >= INNINGS && leader === 'home') {
      draft.lineScore.home.push(null);
      finishMatch(draft, 'home', record);
      return;
    }
    draft.half = 'bottom';
    draft.lineScore.home.push(0);
  } else {
    if (draft.inning >= INNINGS && leader !== null) {
      finishMatch(draft, leader, record);
      return;
    }
    draft.inning += 1;
    draft.half = 'top';
    draft.lineScore.away.push(0);
  }
  draft.outs = 0;
  // MLB's extra-innings rule (since 2020): each extra half-inning starts with a runner on second.
  draft.bases = [false, draft.inning > INNINGS, false];
}
