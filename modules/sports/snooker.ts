import { lastOf, type Recorder } from './engine';
import type { MatchOptions, SnookerFrame, SnookerState, SnookerTable } from './model';
import type { Rng } from './rng';
import { chooseBestOf, leaderOf, oddUpTo, otherSide, SIDES, zeroScore } from './scoring';
import { defineSeriesRules } from './series';

export type SnookerOptions = Pick<MatchOptions, 'bestOf'>;

// Rules of Snooker, section 2: 15 reds worth 1 each and six colours from yellow (2) to black (7).
// A red is followed by a colour, which goes back on its spot; once the reds are gone the colours
// are potted in order of value.
const REDS = 15;
const YELLOW = 2;
const BLACK = 7;
// Section 3: a foul gives the opponent the value of the ball on, at least 4.
const LOWEST_FOUL = 4;

/** A professional on a break pots about 9 balls in 10; the first shot of a visit is mostly safety. */
const POT_ON_BREAK = 0.9;
const POT_OPENING_SHOT = 0.35;
const FOUL_ON_MISS = 0.1;
/** Colour taken after a red: mostly the black when building a break. */
const COLOUR_AFTER_RED: readonly (readonly [number, number])[] = [
  [7, 0.6],
  [6, 0.15],
  [5, 0.15],
  [4, 0.04],
  [3, 0.03],
  [2, 0.03],
];
const CENTURY = 100;
const SHOT_SECONDS = [15, 35] as const;

export const snooker = defineSeriesRules<SnookerState, SnookerOptions>({
  family: 'snooker',
  slug: 'snooker',
  periodPrefix: 'F',
  gameWon: 'frame_won',
  edgeSpread: 0.04,
  initial: (options, series) => ({
    ...series,
    bestOf: chooseBestOf(options?.bestOf, { default: 7, allowed: oddUpTo(35) }),
    table: freshTable('home'),
    highestBreak: zeroScore(),
  }),
  startGame(draft, rng) {
    // Players break off in turn; the toss decides the first frame.
    const previous = draft.games.at(-1);
    const breakOff = previous === undefined ? rng.pick(SIDES) : otherSide(previous.breakOff);
    draft.games.push({ home: 0, away: 0, winner: null, breakOff });
    draft.table = freshTable(breakOff);
  },
  playContest(draft, rng, record) {
    const frame = lastOf(draft.games);
    const table = draft.table;
    const striker = table.striker;
    const onBreak = table.currentBreak > 0;
    const strikerEdge = striker === 'home' ? draft.edge : -draft.edge;
    const potted = rng.chance((onBreak ? POT_ON_BREAK : POT_OPENING_SHOT) + strikerEdge);
    if (potted) {
      const value = potBallOn(table, rng);
      frame[striker] += value;
      table.currentBreak += value;
    } else {
      if (rng.chance(FOUL_ON_MISS)) frame[otherSide(striker)] += Math.max(LOWEST_FOUL, valueOfBallOn(table));
      endBreak(draft, record);
      // After a missed colour the next player is on a red again, or on the yellow after the last red.
      table.onColourAfterRed = false;
      table.striker = otherSide(striker);
    }
    settleFrame(draft, frame, !potted, rng, record);
  },
  contestSeconds: (_draft, rng) => rng.between(...SHOT_SECONDS),
});

function freshTable(breakOff: SnookerFrame['breakOff']): SnookerTable {
  return {
    redsLeft: REDS,
    colourOn: YELLOW,
    onColourAfterRed: false,
    respottedBlack: false,
    striker: breakOff,
    currentBreak: 0,
  };
}

function potBallOn(table: SnookerTable, rng: Rng): number {
  if (table.onColourAfterRed) {
    table.onColourAfterRed = false;
    return rng.weighted(COLOUR_AFTER_RED);
  }
  if (table.redsLeft > 0) {
    table.redsLeft -= 1;
    table.onColourAfterRed = true;
    return 1;
  }
  const colour = table.colourOn;
  table.colourOn += 1;
  return colour;
}

function valueOfBallOn(table: SnookerTable): number {
  if (table.onColourAfterRed) return BLACK;
  return table.redsLeft > 0 ? 1 : table.colourOn;
}

/** The most points the table still holds. */
function pointsLeft(table: SnookerTable): number {
  let colours = 0;
  for (let value = table.colourOn; value <= BLACK; value++) colours += value;
  return table.redsLeft * (1 + BLACK) + (table.onColourAfterRed ? BLACK : 0) + colours;
}

function endBreak(draft: SnookerState, record: Recorder): void {
  const { striker, currentBreak } = draft.table;
  if (currentBreak >= CENTURY) record({ type: 'century_break', side: striker, value: currentBreak });
  draft.highestBreak[striker] = Math.max(draft.highestBreak[striker], currentBreak);
  draft.table.currentBreak = 0;
}

/** Ends the frame when it is decided; `newVisit`: a player has just come to the table. */
function settleFrame(
  draft: SnookerState,
  frame: SnookerFrame,
  newVisit: boolean,
  rng: Rng,
  record: Recorder,
): void {
  const table = draft.table;
  const leader = leaderOf(frame);
  const cleared = table.colourOn > BLACK;
  if (cleared && leader === null) {
    // Section 3: scores level after the last black: the black is re-spotted and the toss decides
    // who plays at it; the next score wins.
    endBreak(draft, record);
    table.colourOn = BLACK;
    table.respottedBlack = true;
    table.striker = rng.pick(SIDES);
    return;
  }
  if (leader === null) return;
  // A player who comes to the table unable to catch up even by clearing it concedes.
  const trailerAtTable = newVisit && table.striker !== leader;
  const beyondReach = trailerAtTable && frame[leader] - frame[otherSide(leader)] > pointsLeft(table);
  if (cleared || table.respottedBlack || beyondReach) {
    endBreak(draft, record);
    frame.winner = leader;
  }
}
