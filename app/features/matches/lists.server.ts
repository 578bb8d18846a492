import type { MatchQuery } from '../../../modules/matches';
import type { FollowMarks } from '../../../modules/matches/follows.contract';
import type { LeagueGroup } from '../../../modules/matches/matches.contract';
import type { AppLoadContext } from '../../load-context';
import { dayOf, dayRange, dayTopics, zoneFromCookie } from './days';

/** What every list page's loader starts from: the visitor's zone, today there, and the translations. */
export function listBasics(request: Request, context: AppLoadContext) {
  const { services, locale } = context;
  const now = Date.now();
  const zone = zoneFromCookie(request.headers.get('cookie'), locale);
  return {
    now,
    zone,
    today: dayOf(now, zone),
    resources: services.i18n.resources(locale, ['matches']),
  };
}

/** The query of one day's matches in the visitor's zone, and the push topics that keep it live. */
export function dayQuery(
  day: string,
  zone: string,
  query: MatchQuery,
): { query: MatchQuery; topics: string[] } {
  const { from, to } = dayRange(day, zone);
  return { query: { ...query, from, to }, topics: dayTopics(from, to) };
}

/** The topics of the matches in play of some games: one for all of them when that is all there is. */
export function liveTopics(gameIds: number[] | undefined): string[] {
  return gameIds ? gameIds.map((id) => `live:${id}`) : ['live'];
}

/**
 * Matches grouped by league, or the failure the page shows with a retry instead of an error page:
 * the tabs and filters stay usable.
 */
export function groupsOrFailure(
  context: AppLoadContext,
  query: MatchQuery,
): { groups: LeagueGroup[]; failed: boolean } {
  const { matches } = context.services;
  try {
    return { groups: matches.byLeague(matches.list(query)), failed: false };
  } catch (err) {
    context.services.log.error({ err }, 'match list failed');
    return { groups: [], failed: true };
  }
}

/** The signed-in fan's favourites and reservations, which the lists pin and mark; none for a guest. */
export async function marksOf(context: AppLoadContext): Promise<FollowMarks | null> {
  const { user, services } = context;
  return user ? services.matches.follows.marks(user.uid) : null;
}
