import type { MetaDescriptor } from 'react-router';
import type { TFunction } from '../../../lib/translate';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { pageMeta, rootMetaData } from '../../lib/seo';

interface MetaArgs {
  data: { title: string; description: string } | undefined;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/** The head of a match screen from its loader's title and description. */
export function screenMeta({ data, matches, location }: MetaArgs): MetaDescriptor[] {
  if (!data) return [];
  const { title, description } = data;
  return pageMeta({ title, description, pathname: location.pathname, root: rootMetaData(matches) });
}

/** The calendar day of the kick-off in the visitor's zone. */
function kickOffDay(summary: MatchSummary, bcp47: string, zone: string): string {
  return new Intl.DateTimeFormat(bcp47, { dateStyle: 'medium', timeZone: zone }).format(summary.startTime);
}

/** "Home vs Away — League — date", and the description, in the page language. */
export function matchHeadline(
  t: TFunction,
  summary: MatchSummary,
  gameName: string,
  bcp47: string,
  zone: string,
): { title: string; description: string } {
  const values = {
    home: summary.home?.name ?? '',
    away: summary.away?.name ?? '',
    league: summary.league.name,
    game: gameName,
    date: kickOffDay(summary, bcp47, zone),
  };
  const lobby = summary.home === null || summary.away === null;
  return {
    title: t(lobby ? 'seo.lobbyTitle' : 'seo.title', values),
    description: t(lobby ? 'seo.lobbyDescription' : 'seo.description', values),
  };
}

const EVENT_STATUS: Record<MatchSummary['status'], string> = {
  not_started: 'https://schema.org/EventScheduled',
  in_progress: 'https://schema.org/EventScheduled',
  finished: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventPostponed',
  cancelled: 'https://schema.org/EventCancelled',
};

/** schema.org SportsEvent of the match, for search engines. */
export function sportsEvent(summary: MatchSummary, name: string, gameName: string, url: string) {
  const team = (ref: MatchSummary['home']) => ref && { '@type': 'SportsTeam', name: ref.name };
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name,
    url,
    sport: gameName,
    startDate: new Date(summary.startTime).toISOString(),
    eventStatus: EVENT_STATUS[summary.status],
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    superEvent: { '@type': 'SportsEvent', name: summary.league.name },
    ...(summary.home && summary.away
      ? { homeTeam: team(summary.home), awayTeam: team(summary.away) }
      : { competitor: (summary.lobby ?? []).map((standing) => team(standing.team)) }),
  };
}
