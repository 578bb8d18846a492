import type { MatchState, Side } from '../sports';
import type { IncidentView, MatchExtras, PlayerRating } from './matches.contract';

/**
 * Player ratings of a soccer match (decision 026), from the player events the match carries: who
 * played and for how long, goals, assists, cards, own goals, missed penalties, and the goals each
 * side scored and conceded while he was on. Live, they are the ratings so far.
 *
 * Everyone starts from `BASE` plus `PLAYED` for a whole match; each event adds its weight
 * (`RATING`); goalkeepers and defenders answer for the goals conceded and earn a clean sheet.
 * A rating is kept within 3.0 to 10.0, to one decimal, and given after `RATED_AFTER_MINUTES` on the
 * pitch, as fans are used to.
 */

const BASE = 6;
const PLAYED = 0.5;
export const RATING = {
  goal: 1,
  penaltyGoal: 0.8,
  assist: 0.6,
  yellowCard: -0.3,
  redCard: -1.5,
  ownGoal: -1,
  penaltyMissed: -0.8,
  /** For each goal of his side while he was on, and against for each goal conceded. */
  goalDifference: 0.15,
  /** More for each goal conceded by a goalkeeper or a defender. */
  defenderConceded: -0.25,
  /** A goalkeeper's or defender's time on the pitch without conceding, for a whole match. */
  cleanSheet: 0.4,
};
export const RATED_AFTER_MINUTES = 10;
const MATCH_SECONDS = 90 * 60;
const DEFENDING = new Set(['GK', 'DF']);

interface Player {
  side: Side;
  name: string;
  position: string | null;
  on: number;
  off: number | null;
  score: number;
}

/** The ratings so far; null where there are none: other sports, no lineups, or before kick-off. */
export function ratingsOf(
  state: MatchState,
  incidents: readonly IncidentView[],
  lineups: MatchExtras['lineups'],
): PlayerRating[] | null {
  if (state.family !== 'soccer' || !lineups || state.status === 'not_started') return null;
  if (state.status !== 'in_progress' && state.status !== 'finished') return null;
  const players = new Map<string, Player>();
  const key = (side: Side, name: string) => `${side}:${name}`;
  for (const side of ['home', 'away'] as const) {
    for (const starter of lineups[side].starters)
      players.set(key(side, starter.name), {
        side,
        name: starter.name,
        position: starter.position,
        on: 0,
        off: null,
        score: 0,
      });
  }
  const bench = new Map(
    (['home', 'away'] as const).flatMap((side) =>
      lineups[side].bench.map((player) => [key(side, player.name), player] as const),
    ),
  );
  const named = new Map(incidents.map((incident) => [incident.seq, incident]));
  const goals: { at: number; side: Side }[] = [];
  const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');
  for (const incident of state.incidents) {
    const side = incident.side;
    if (!side) continue;
    const view = named.get(incident.seq);
    const player = view?.player ? players.get(key(side, view.player.name)) : undefined;
    const add = (weight: number) => {
      if (player) player.score += weight;
    };
    switch (incident.type) {
      case 'goal':
        add(RATING.goal);
        if (view?.secondPlayer) {
          const assist = players.get(key(side, view.secondPlayer.name));
          if (assist) assist.score += RATING.assist;
        }
        goals.push({ at: incident.elapsedSeconds, side });
        break;
      case 'penalty_goal':
        add(RATING.penaltyGoal);
        goals.push({ at: incident.elapsedSeconds, side });
        break;
      case 'own_goal': {
        // The side credited with the goal is the scorer's opponent.
        const scorer = view?.player ? players.get(key(other(side), view.player.name)) : undefined;
        if (scorer) scorer.score += RATING.ownGoal;
        goals.push({ at: incident.elapsedSeconds, side });
        break;
      }
      case 'penalty_missed':
        add(RATING.penaltyMissed);
        break;
      case 'yellow_card':
        add(RATING.yellowCard);
        break;
      case 'red_card':
        add(RATING.redCard);
        if (player) player.off = incident.elapsedSeconds;
        break;
      case 'substitution': {
        const coming = view?.player ? bench.get(key(side, view.player.name)) : undefined;
        if (coming)
          players.set(key(side, coming.name), {
            side,
            name: coming.name,
            position: coming.position,
            on: incident.elapsedSeconds,
            off: null,
            score: 0,
          });
        const going = view?.secondPlayer ? players.get(key(side, view.secondPlayer.name)) : undefined;
        if (going) going.off = incident.elapsedSeconds;
        break;
      }
    }
  }
  const now = state.elapsedSeconds;
  const rated: PlayerRating[] = [];
  for (const player of players.values()) {
    const until = player.off ?? now;
    const seconds = until - player.on;
    if (seconds < RATED_AFTER_MINUTES * 60) continue;
    const share = Math.min(1, seconds / MATCH_SECONDS);
    const whileOn = goals.filter((goal) => goal.at >= player.on && goal.at <= until);
    const scored = whileOn.filter((goal) => goal.side === player.side).length;
    const conceded = whileOn.length - scored;
    let rating = BASE + PLAYED * share + player.score + RATING.goalDifference * (scored - conceded);
    if (DEFENDING.has(player.position ?? '')) {
      rating += RATING.defenderConceded * conceded;
      if (conceded === 0) rating += RATING.cleanSheet * share;
    }
    rated.push({
      side: player.side,
      name: player.name,
      rating: Math.round(Math.min(10, Math.max(3, rating)) * 10) / 10,
    });
  }
  return rated;
}
