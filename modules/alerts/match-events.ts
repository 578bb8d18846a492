import type { MatchSummary } from '../matches/matches.contract';
import { BUSY_SCORES, rulesForGame } from '../sports';
import type { AlertEvent } from './alerts.contract';

/** What the listener remembers of a match between two of its changes. */
export interface SeenMatch {
  status: MatchSummary['status'];
  home: number;
  away: number;
}

/** One thing to tell: its key names it once across instances and retries. */
export interface MatchAlert {
  event: AlertEvent;
  key: string;
  match: {
    id: number;
    game: string;
    gameId: number;
    league: string;
    home: { id: number; name: string } | null;
    away: { id: number; name: string } | null;
    score: { home: number; away: number };
  };
}

export const seenOf = (summary: MatchSummary): SeenMatch => ({
  status: summary.status,
  home: summary.score.home,
  away: summary.score.away,
});

/**
 * The alerts a change of a match makes: kick-off when it goes in play, a goal (a set, a map, a
 * frame) when a side's score rises while in play, the final score when it finishes. A match seen
 * for the first time makes none: what happened before is not news.
 */
export function alertsOf(before: SeenMatch | undefined, summary: MatchSummary): MatchAlert[] {
  if (!before) return [];
  const { id, score } = summary;
  const match: MatchAlert['match'] = {
    id,
    game: summary.game,
    gameId: summary.gameId,
    league: summary.league.name,
    home: summary.home && { id: summary.home.id, name: summary.home.name },
    away: summary.away && { id: summary.away.id, name: summary.away.name },
    score: { home: score.home, away: score.away },
  };
  const alerts: MatchAlert[] = [];
  if (before.status === 'not_started' && summary.status === 'in_progress')
    alerts.push({ event: 'kickoff', key: `kickoff:${id}`, match });
  const scored = score.home > before.home || score.away > before.away;
  const family = rulesForGame(summary.gameId)?.family;
  if (scored && summary.status === 'in_progress' && family && !BUSY_SCORES.has(family))
    alerts.push({ event: 'goals', key: `goal:${id}:${score.home}-${score.away}`, match });
  if (before.status !== 'finished' && summary.status === 'finished')
    alerts.push({ event: 'final', key: `final:${id}`, match });
  return alerts;
}
