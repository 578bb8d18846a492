import type { MatchSummary } from '../modules/matches/matches.contract';
import { javaResult, type RunningApp } from './harness';

/**
 * Whether the simulator's next score of a match in play is sure to come: a series always ends on a
 * game won, and basketball scores within seconds; a soccer match, a baseball or a cricket game may
 * end without another score. At every minute of the demo fortnight one of these is in play.
 */
const scoresForSure = (match: MatchSummary) =>
  match.bestOf !== null || (match.game === 'basketball' && /^Q[1-3]$/.test(match.period ?? ''));

/** Whether the match is still in play after that score: no side of a series is a game from winning it. */
const playsOnAfter = (match: MatchSummary) =>
  match.bestOf === null || Math.max(match.score.home, match.score.away) + 1 < Math.ceil(match.bestOf / 2);

/**
 * A head-to-head match in play whose score the sandbox control is sure to change, best first: one
 * the `preferred` test picks, then one still in play after it.
 */
export async function matchThatScoresAgain(
  app: RunningApp,
  preferred: (match: MatchSummary) => boolean = () => true,
): Promise<MatchSummary> {
  const live = await javaResult<{ list: MatchSummary[] }>(
    app,
    'GET',
    '/v2/match/getPCLiveGameMatch?pageSize=100',
  );
  const rank = (match: MatchSummary) => (preferred(match) ? 0 : 2) + (playsOnAfter(match) ? 0 : 1);
  const sure = live.list.filter((match) => match.home && match.away && scoresForSure(match));
  const [match] = sure.sort((a, b) => rank(a) - rank(b));
  if (!match) throw new Error('no match in play is sure to score again');
  return match;
}
