import { lastOf, type Recorder } from './engine';
import type { FinalSetRule, MatchOptions, Score, Side, TennisSet, TennisState } from './model';
import { chooseBestOf, otherSide, type RaceRule, raceWinner, SIDES, zeroScore } from './scoring';
import { defineSeriesRules } from './series';

export type TennisOptions = Pick<MatchOptions, 'bestOf' | 'finalSet'>;

// ITF Rules of Tennis, rule 5: a game is won with four points and a two-point lead, a set with six
// games and a two-game lead, and a tie-break is played at 6-6: first to 7 points clear by two, or
// to 10 where the deciding set is played so (the Grand Slams since 2022).
const GAME: RaceRule = { target: 4, winBy: 2 };
const SET: RaceRule = { target: 6, winBy: 2 };
const TIEBREAK_AT = 6;
const TIEBREAK: Record<Exclude<FinalSetRule, 'advantage'>, RaceRule> = {
  tiebreak_7: { target: 7, winBy: 2 },
  tiebreak_10: { target: 10, winBy: 2 },
};
const FINAL_SET_RULES: readonly FinalSetRule[] = ['tiebreak_7', 'tiebreak_10', 'advantage'];

/** On the ATP tour the server wins about 64% of points, holding about 80% of service games. */
const SERVER_WINS_POINT = 0.64;
const POINT_SECONDS = [25, 50] as const;
// Rule 29: 90 seconds at each change of ends, after the odd games of a set but the first.
const CHANGEOVER_SECONDS = 90;

export const tennis = defineSeriesRules<TennisState, TennisOptions>({
  family: 'tennis',
  slug: 'tennis',
  periodPrefix: 'S',
  gameWon: 'set_won',
  edgeSpread: 0.03,
  initial(options, series) {
    const finalSet = options?.finalSet ?? 'tiebreak_7';
    if (!FINAL_SET_RULES.includes(finalSet)) throw new RangeError(`unknown final-set rule ${finalSet}`);
    return {
      ...series,
      bestOf: chooseBestOf(options?.bestOf, { default: 3, allowed: [3, 5] }),
      finalSet,
      points: zeroScore(),
      server: 'home',
      tiebreakFirstServer: null,
    };
  },
  startGame(draft, rng) {
    // The toss decides who serves first.
    if (draft.games.length === 0) draft.server = rng.pick(SIDES);
    draft.games.push({ home: 0, away: 0, tiebreak: null, winner: null });
  },
  playContest(draft, rng, record) {
    const set = lastOf(draft.games);
    const serverEdge = draft.server === 'home' ? draft.edge : -draft.edge;
    const winner = rng.chance(SERVER_WINS_POINT + serverEdge) ? draft.server : otherSide(draft.server);
    if (set.tiebreak === null) playGamePoint(draft, set, winner, record);
    else playTiebreakPoint(draft, set, set.tiebreak, winner);
  },
  contestSeconds(draft, rng) {
    const seconds = rng.between(...POINT_SECONDS);
    const set = lastOf(draft.games);
    const gamesPlayed = set.home + set.away;
    const gameStarting = draft.points.home + draft.points.away === 0 && set.tiebreak === null;
    const changeover = gameStarting && gamesPlayed % 2 === 1 && gamesPlayed > 1;
    return changeover ? seconds + CHANGEOVER_SECONDS : seconds;
  },
});

function playGamePoint(draft: TennisState, set: TennisSet, winner: Side, record: Recorder): void {
  draft.points[winner] += 1;
  if (raceWinner(draft.points, GAME) === null) return;
  if (winner !== draft.server) record({ type: 'break_of_serve', side: winner });
  draft.points = zeroScore();
  set[winner] += 1;
  draft.server = otherSide(draft.server);
  const deciding = draft.games.length === draft.bestOf;
  const playsTiebreak = !(deciding && draft.finalSet === 'advantage');
  if (playsTiebreak && set.home === TIEBREAK_AT && set.away === TIEBREAK_AT) {
    set.tiebreak = zeroScore();
    draft.tiebreakFirstServer = draft.server;
  } else {
    set.winner = raceWinner(set, SET);
  }
}

function playTiebreakPoint(draft: TennisState, set: TennisSet, tiebreak: Score, winner: Side): void {
  const first = draft.tiebreakFirstServer ?? draft.server;
  tiebreak[winner] += 1;
  const deciding = draft.games.length === draft.bestOf;
  const rule = deciding && draft.finalSet === 'tiebreak_10' ? TIEBREAK.tiebreak_10 : TIEBREAK.tiebreak_7;
  const setWinner = raceWinner(tiebreak, rule);
  if (setWinner === null) {
    // The first server serves one point, then each player serves two in turn.
    const played = tiebreak.home + tiebreak.away;
    draft.server = Math.floor((played + 1) / 2) % 2 === 0 ? first : otherSide(first);
    return;
  }
  set[setWinner] += 1;
  set.winner = setWinner;
  // The player who served first in the tie-break receives in the first game of the next set.
  draft.server = otherSide(first);
  draft.tiebreakFirstServer = null;
}

const CALLS = ['0', '15', '30', '40'] as const;

/** The umpire's call of the game in play: 0, 15, 30, 40, and from deuce 40-40 or AD. */
export function gamePointLabels(points: Score): { home: string; away: string } {
  if (points.home >= 3 && points.away >= 3) {
    if (points.home === points.away) return { home: '40', away: '40' };
    return points.home > points.away ? { home: 'AD', away: '40' } : { home: '40', away: 'AD' };
  }
  return { home: CALLS[points.home] ?? '40', away: CALLS[points.away] ?? '40' };
}
