import type { MatchQuery } from '../../../modules/matches';
import type { FollowMarks } from '../../../modules/matches/follows.contract';
import type { LeagueGroup, MatchSummary } from '../../../modules/matches/matches.contract';
import { dayOf, dayRange, dayTopics, zoneFromCookie } from '../../lib/days';
import { regionNames } from '../../lib/region-names.server';
import type { AppLoadContext } from '../../load-context';
import type { FoldedLeague, WholeListQuery } from './folded';

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

/** What a list page with no matches sends in their place. */
export const NO_GROUPS = { groups: [] as LeagueGroup[], failed: false, regionNames: {} };

/**
 * Matches grouped by league, with the names of their leagues' regions in the page language, or the
 * failure the page shows with a retry instead of an error page: the tabs and filters stay usable.
 * The names are of every league of the list, folded or not, whose matches the page loads later.
 */
export function groupsOrFailure(
  context: AppLoadContext,
  query: MatchQuery,
): { groups: LeagueGroup[]; failed: boolean; regionNames: Record<string, string> } {
  const { services, locale } = context;
  try {
    const groups = services.matches.byLeague(services.matches.list({ ...query, locale }), query.order);
    const regions = new Set(groups.map((group) => group.league.region));
    return {
      groups,
      failed: false,
      regionNames: regionNames(regions, locale, services.i18n.fixed(locale, 'leagues')),
    };
  } catch (err) {
    services.log.error({ err }, 'match list failed');
    return { ...NO_GROUPS, failed: true };
  }
}

/** The signed-in fan's favourites and reservations, which the lists pin and mark; none for a guest. */
export async function marksOf(context: AppLoadContext): Promise<FollowMarks | null> {
  const { user, services } = context;
  return user ? services.matches.follows.marks(user.uid) : null;
}

/** How many matches a list's first screens show, at least: a phone shows about ten rows a screen. */
export const FIRST_SCREENS = 40;
/** A list of up to this many matches comes whole: folding the few after the first screens saves little. */
const FOLD_ABOVE = 60;

/**
 * A list as the page first sends it (decision 033): whole leagues until FIRST_SCREENS matches are
 * shown (with `byTime`, the first FIRST_SCREENS by kick-off), and every other league folded to its
 * header and links to its matches, with the query of `GET /java/match/groups` that gives them all.
 */
export function firstScreens(
  context: AppLoadContext,
  groups: LeagueGroup[],
  query: MatchQuery,
  { byTime = false } = {},
): { groups: LeagueGroup[]; folded: FoldedLeague[]; whole: WholeListQuery | null } {
  const total = groups.reduce((sum, group) => sum + group.matches.length, 0);
  if (total <= FOLD_ABOVE) return { groups, folded: [], whole: null };
  const shown = new Set<number>();
  if (byTime) {
    const byKickOff = groups
      .flatMap((group) => group.matches)
      .sort((a, b) => a.startTime - b.startTime || a.id - b.id);
    for (const match of byKickOff.slice(0, FIRST_SCREENS)) shown.add(match.id);
  } else {
    for (const group of groups) {
      if (shown.size >= FIRST_SCREENS) break;
      for (const match of group.matches) shown.add(match.id);
    }
  }
  const first: LeagueGroup[] = [];
  const folded: FoldedLeague[] = [];
  for (const group of groups) {
    const inFirst = group.matches.filter((match) => shown.has(match.id));
    const rest = group.matches.filter((match) => !shown.has(match.id));
    if (inFirst.length > 0) first.push({ league: group.league, matches: inFirst });
    if (rest.length > 0)
      folded.push({ league: group.league, matches: rest.map((match) => linkOf(context, match)) });
  }
  return { groups: first, folded, whole: wholeListQuery(query) };
}

/** The query of the groups call that answers `query`; a list of favourites is short and never folded. */
function wholeListQuery({ gameIds, statuses, from, to, order }: MatchQuery): WholeListQuery {
  return { gameIds: gameIds?.join(','), status: statuses?.join(','), from, to, order };
}

/** A match as a link's words: who plays, or the lobby's league. */
function linkOf({ services, locale }: AppLoadContext, match: MatchSummary) {
  const name =
    match.home && match.away
      ? services.i18n.t(locale, 'matches:row.match', { home: match.home.name, away: match.away.name })
      : services.i18n.t(locale, 'matches:row.lobby', { league: match.league.name });
  return { id: match.id, game: match.game, name };
}
