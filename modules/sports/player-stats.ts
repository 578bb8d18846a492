import type { SportFamily } from './model';

/**
 * What a box score counts for a player in each sport, in the order pages show it: goals and
 * assists in soccer, points, rebounds and assists in basketball, K/D/A and a rating in esports.
 * Sports played one against one count their matches only.
 */
export const PLAYER_STAT_KEYS: Record<SportFamily, readonly string[]> = {
  soccer: ['minutes', 'goals', 'assists', 'yellowCards', 'redCards'],
  basketball: ['minutes', 'points', 'rebounds', 'assists'],
  american_football: ['touchdowns', 'yards'],
  baseball: ['hits', 'runs', 'homeRuns'],
  cricket: ['runs', 'wickets'],
  volleyball: ['points'],
  snooker: ['centuries', 'highestBreak'],
  moba: ['kills', 'deaths', 'assists', 'rating'],
  tactical_shooter: ['kills', 'deaths', 'assists', 'rating'],
  tennis: [],
  badminton: [],
  table_tennis: [],
  battle_royale: [],
  generic: [],
};

/** How a season adds up a stat that is not a count: a rating is averaged, a best break the best. */
export const SEASON_STAT: Readonly<Record<string, 'mean' | 'max'>> = { rating: 'mean', highestBreak: 'max' };
