import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { page } from '../../lib/paging';
import { defineApi } from '../../platform/define-api';
import { pageIndexRule, pageQuery } from '../../platform/paging';
import { GAMES, type GameKind, gameBySlug } from '../catalog/catalog.contract';
import { leagueGroup, leagueRef, matchDetail, matchStatus, matchSummary } from './matches.contract';
import type { Matches, MatchQuery } from './matches.service';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const MAX_PAGE_SIZE = 100;

/** A list given as "1,2,3" or repeated (?gameIds=1&gameIds=2), or as a JSON array in a body. */
const listOf = <T extends z.ZodType>(item: T, most: number) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .filter((part) => part !== ''),
    z.array(item).max(most),
  );

const id = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The filters every match list takes. */
const listQuery = z
  .object({
    gameIds: listOf(z.coerce.number().int().min(0).max(9999), 50).optional(),
    leagueId: listOf(id, 50).optional(),
    status: listOf(matchStatus, 5).optional(),
    /** A day of the caller's calendar; with `tz`, the caller's offset from UTC in minutes (UTC+8: 480). */
    date: z.iso.date().optional(),
    tz: z.coerce.number().int().min(-840).max(840).default(0),
  })
  .extend(pageQuery({ defaultSize: 20, maxSize: MAX_PAGE_SIZE }).shape);
type ListQuery = z.output<typeof listQuery>;

/** A list page's own query (decision 033): a start-time range in epoch ms instead of a day. */
const epochMs = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const groupsQuery = z
  .object({
    gameIds: listQuery.shape.gameIds,
    status: listQuery.shape.status,
    from: epochMs.optional(),
    to: epochMs.optional(),
    order: z.enum(['asc', 'desc', 'live']).default('asc'),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from < query.to, {
    path: ['to'],
  });

const summaryPage = page(matchSummary);
const leagueEntry = z.object({ league: leagueRef, gameId: z.number().int(), matches: z.number().int() });
const seriesCount = z.object({ gameId: z.number().int(), live: z.number().int(), today: z.number().int() });

/** Where the caller's day `date` (default today) starts, in epoch ms. */
function dayStart(query: Pick<ListQuery, 'date' | 'tz'>, now: number): number {
  const offset = query.tz * 60_000;
  const day = query.date ? Date.parse(`${query.date}T00:00:00Z`) : now + offset - ((now + offset) % DAY);
  return day - offset;
}

/** The service query of a list's filters in the caller's language, on top of what the call itself fixes. */
function toQuery(
  query: Partial<ListQuery> & Pick<ListQuery, 'tz'>,
  locale: Locale,
  fixed: MatchQuery = {},
): MatchQuery {
  const day = query.date ? dayStart(query, Date.now()) : undefined;
  return {
    locale,
    gameIds: query.gameIds,
    leagueIds: query.leagueId,
    statuses: query.status,
    ...(day === undefined ? {} : { from: day, to: day + DAY }),
    ...fixed,
  };
}

/**
 * Cache key of a call, its validated query and the caller's language (none for counts). Lists that depend on the time
 * (upcoming, within the hour) are also rebuilt each minute, even when no match changed.
 */
const keyOf = (path: string, query: unknown, locale: Locale | '' = '') =>
  `${path}?${JSON.stringify(query)}|${locale}@${Math.floor(Date.now() / 60_000)}`;

const idsOfKind = (kind: GameKind) => GAMES.filter((game) => game.kind === kind).map((game) => game.id);
const ESPORTS = idsOfKind('esport');
const SPORTS = idsOfKind('sport');

/** The games of a kind the caller asked for: all of them when no game is named. */
function gamesOfKind(kindIds: number[], asked: number[] | undefined): number[] {
  return asked?.length ? asked.filter((gameId) => kindIds.includes(gameId)) : kindIds;
}

/** The spec's match calls (point 7): lists from the board, served as cached serialisations. */
export async function matchesRoutes(app: FastifyInstance, { matches }: { matches: Matches }) {
  /** A paginated list, cached per query until the board changes. */
  const cachedPage = (
    path: string,
    query: ListQuery,
    locale: Locale,
    fixed: (query: ListQuery) => MatchQuery,
  ) =>
    matches.cached(keyOf(path, query, locale), () =>
      matches.page(toQuery(query, locale, fixed(query)), query.pageIndex, query.pageSize),
    );

  const listCall = (options: {
    method: 'GET' | 'POST';
    path: string;
    summary: string;
    fixed: (query: ListQuery) => MatchQuery;
  }) => {
    const input = options.method === 'GET' ? { query: listQuery } : { body: listQuery };
    defineApi(app, {
      method: options.method,
      path: options.path,
      summary: options.summary,
      tags: ['match'],
      ...input,
      response: summaryPage,
      handler: ({ query, body, locale }) =>
        cachedPage(
          options.path,
          (options.method === 'GET' ? query : body) as ListQuery,
          locale,
          options.fixed,
        ),
    });
  };

  listCall({
    method: 'GET',
    path: '/v2/match/getPCLiveGameMatch',
    summary: 'Matches in play, earliest kick-off first',
    fixed: () => ({ statuses: ['in_progress'] }),
  });
  listCall({
    method: 'POST',
    path: '/v2/match/getPCPastGameMatch',
    summary: 'Finished matches of the last seven days, latest first',
    fixed: (query) => ({ statuses: query.status ?? ['finished'], order: 'desc' }),
  });
  listCall({
    method: 'POST',
    path: '/v2/match/getPCUpcomingGameMatch',
    summary: 'Matches not started yet, from now on, earliest first',
    fixed: (query) => ({
      statuses: query.status ?? ['not_started'],
      ...(query.date ? {} : { from: Date.now() }),
    }),
  });
  listCall({
    method: 'POST',
    path: '/v2/match/getPCGameMatchByCondition',
    summary: 'Matches by game, league, day and status',
    fixed: () => ({}),
  });
  listCall({
    method: 'GET',
    path: '/match/getSevenDayMatch',
    summary: 'Matches from today to seven days ahead, earliest first',
    fixed: (query) =>
      query.date ? {} : { from: dayStart(query, Date.now()), to: dayStart(query, Date.now()) + 7 * DAY },
  });
  listCall({
    method: 'GET',
    path: '/match/getSevenDayResults',
    summary: 'Results of the last seven days, latest first',
    fixed: (query) => ({
      statuses: ['finished'],
      order: 'desc',
      ...(query.date ? {} : { from: dayStart(query, Date.now()) - 7 * DAY, to: Date.now() }),
    }),
  });
  listCall({
    method: 'GET',
    path: '/match/gameLivingFuture',
    summary: 'Matches in play or starting within the hour: the live-room match picker',
    fixed: () => ({ statuses: ['in_progress', 'not_started'], to: Date.now() + HOUR }),
  });
  listCall({
    method: 'GET',
    path: '/match/gameMatchLive',
    summary: 'Esports matches in play',
    fixed: (query) => ({ statuses: ['in_progress'], gameIds: gamesOfKind(ESPORTS, query.gameIds) }),
  });
  listCall({
    method: 'GET',
    path: '/sport_match/sportsLiving',
    summary: 'Sports matches in play',
    fixed: (query) => ({ statuses: ['in_progress'], gameIds: gamesOfKind(SPORTS, query.gameIds) }),
  });

  /** The leagues of a kind with matches in the board's window (or on the day asked), by rank. */
  const leaguesOf = (path: string, kind: GameKind) => {
    const kindIds = idsOfKind(kind);
    defineApi(app, {
      method: 'GET',
      path,
      summary: `The ${kind} leagues with matches, most prominent first`,
      tags: ['match'],
      query: listQuery.pick({ gameIds: true, date: true, tz: true, status: true }),
      response: z.array(leagueEntry),
      handler: ({ query, locale }) =>
        matches.cached(keyOf(path, query, locale), () => {
          const list = matches.list(toQuery(query, locale, { gameIds: gamesOfKind(kindIds, query.gameIds) }));
          return matches.byLeague(list).map(({ league, matches: games }) => ({
            league,
            gameId: games[0]?.gameId ?? 0,
            matches: games.length,
          }));
        }),
    });
  };
  leaguesOf('/league/match_leagues', 'esport');
  leaguesOf('/sprots_league/match_leagues', 'sport');

  defineApi(app, {
    method: 'GET',
    path: '/match/getSeriesCount',
    summary: "Matches per game: in play now, and on the caller's day (date, tz)",
    tags: ['match'],
    query: listQuery.pick({ date: true, tz: true }),
    response: z.array(seriesCount),
    handler: ({ query }) =>
      matches.cached(keyOf('/match/getSeriesCount', query), () => {
        const from = dayStart(query, Date.now());
        const counts = new Map(GAMES.map((game) => [game.id, { gameId: game.id, live: 0, today: 0 }]));
        for (const summary of matches.board.all()) {
          const count = counts.get(summary.gameId);
          if (!count) continue;
          if (summary.status === 'in_progress') count.live += 1;
          if (summary.startTime >= from && summary.startTime < from + DAY) count.today += 1;
        }
        return [...counts.values()];
      }),
  });

  for (const method of ['GET', 'POST'] as const) {
    const input = method === 'GET' ? { query: listQuery } : { body: listQuery };
    defineApi(app, {
      method,
      path: '/match/pcMatches',
      summary: "Matches grouped by league, most prominent first; the caller's day unless filtered otherwise",
      tags: ['match'],
      ...input,
      response: z.array(leagueGroup),
      handler: ({ query, body, locale }) => {
        const filters = (method === 'GET' ? query : body) as ListQuery;
        return matches.cached(keyOf('/match/pcMatches', filters, locale), () => {
          const from = dayStart(filters, Date.now());
          return matches.byLeague(matches.list(toQuery(filters, locale, { from, to: from + DAY })));
        });
      },
    });
  }

  defineApi(app, {
    method: 'GET',
    path: '/match/groups',
    summary:
      'Matches grouped by league, most prominent first, by start-time range: the whole list behind a page that folded its later leagues',
    tags: ['match'],
    query: groupsQuery,
    response: z.array(leagueGroup),
    handler: ({ query, locale }) =>
      matches.cached(keyOf('/match/groups', query, locale), () =>
        matches.byLeague(
          matches.list({
            locale,
            gameIds: query.gameIds,
            statuses: query.status,
            from: query.from,
            to: query.to,
            order: query.order,
          }),
          query.order,
        ),
      ),
  });

  const gameParam = z.string().regex(/^[a-z0-9]{1,20}$/);
  /** A path's game segment must be a catalogue slug; anything else is a 404. */
  const gameIdOf = (slug: string) => {
    const game = gameBySlug(slug);
    if (!game) throw new AppError('notFound');
    return game.id;
  };

  defineApi(app, {
    method: 'GET',
    path: '/:game/:matchId(^\\d{1,15}$)',
    summary: 'One match: summary, state, incidents, extras, head-to-head, form and injuries',
    tags: ['match'],
    params: z.object({ game: gameParam, matchId: z.coerce.number().int() }),
    response: matchDetail,
    handler: async ({ params, locale }) => {
      const gameId = gameIdOf(params.game);
      const detail = await matches.detail(params.matchId, locale);
      if (detail.summary.gameId !== gameId) throw new AppError('notFound');
      return detail;
    },
  });

  const pageTypes = {
    live: (): MatchQuery => ({ statuses: ['in_progress'] }),
    upcoming: (): MatchQuery => ({ statuses: ['not_started'], from: Date.now() }),
    results: (): MatchQuery => ({ statuses: ['finished'], order: 'desc' }),
  } as const;

  defineApi(app, {
    method: 'GET',
    path: '/:game/:type(^(?:live|upcoming|results)$)/:pageIndex(^\\d{1,5}$)',
    summary: "A game's matches in play, upcoming or finished, one page at a time",
    tags: ['match'],
    params: z.object({
      game: gameParam,
      type: z.enum(['live', 'upcoming', 'results']),
      pageIndex: pageIndexRule,
    }),
    query: listQuery.pick({ pageSize: true, leagueId: true }),
    response: summaryPage,
    handler: ({ params, query, locale }) => {
      const gameId = gameIdOf(params.game);
      return matches.cached(keyOf(`/${params.game}/${params.type}/${params.pageIndex}`, query, locale), () =>
        matches.page(
          { ...pageTypes[params.type](), gameIds: [gameId], leagueIds: query.leagueId, locale },
          params.pageIndex,
          query.pageSize,
        ),
      );
    },
  });
}
