import { gameById } from '../../../modules/catalog/catalog.contract';
import type { MatchHit, NewsHit, Suggestion } from '../../../modules/search/search.contract';

/** Where each kind of result leads. */

const slugOf = (gameId: number | null) => (gameId === null ? undefined : gameById(gameId)?.slug);

export const matchPath = (match: MatchHit) => `/${slugOf(match.gameId) ?? 'soccer'}/${match.id}`;

export const newsPath = (item: NewsHit) =>
  item.kind === 'article'
    ? `/news/${slugOf(item.gameId) ?? 'soccer'}/${item.id}`
    : `/videos/${slugOf(item.gameId) ?? 'soccer'}/${item.id}`;

export function suggestionPath(item: Suggestion): string {
  switch (item.kind) {
    case 'room':
      return `/live/${item.id}`;
    case 'anchor':
      return `/anchor/${item.id}`;
    case 'team':
      return `/squadLibrary/${item.id}`;
    case 'league':
      return `/leagueLibrary/${item.id}`;
    case 'player':
      return `/playerLibrary/${item.id}`;
  }
}

/** The results page of a text; `tab` other than the comprehensive one goes in the query. */
export const resultsPath = (text: string, tab = 'all') =>
  `/search/${encodeURIComponent(text.trim())}${tab === 'all' ? '' : `?tab=${tab}`}`;
