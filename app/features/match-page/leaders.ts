import type { MatchDetail } from '../../../modules/matches/matches.contract';

/** Incidents that credit a player with a score: goals, touchdowns, home runs, big breaks... */
const SCORING = new Set([
  'goal',
  'penalty_goal',
  'touchdown',
  'field_goal',
  'home_run',
  'century_break',
  'first_blood',
]);

export interface Leader {
  playerId: number;
  name: string;
  team: string;
  count: number;
}

/** The players with the most scoring incidents in the given matches, most first (then by name). */
export function leadersOf(details: readonly MatchDetail[], limit = 10): Leader[] {
  const byPlayer = new Map<number, Leader>();
  for (const { summary, incidents } of details) {
    for (const incident of incidents) {
      if (!SCORING.has(incident.type) || !incident.player || !incident.side) continue;
      const team = summary[incident.side]?.name ?? '';
      const leader = byPlayer.get(incident.player.id) ?? {
        playerId: incident.player.id,
        name: incident.player.name,
        team,
        count: 0,
      };
      leader.count += 1;
      byPlayer.set(incident.player.id, leader);
    }
  }
  return [...byPlayer.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}
