import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../server/api';

const competitionParams = z.object({ id: z.coerce.number().int().positive() });
const scopeQuery = z.object({
  seasonId: z.coerce.number().int().positive().optional(),
  stageId: z.coerce.number().int().positive().optional(),
});

/** How many competitions a page of the league library lists. */
export const LEAGUE_PAGE_SIZE = 30;

export const leagueListQuery = z.object({
  /** Catalogue game ids, comma-separated. */
  gameIds: z
    .string()
    .regex(/^\d{1,4}(,\d{1,4}){0,39}$/)
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
  region: z.string().trim().min(1).max(16).optional(),
  text: z.string().trim().min(1).max(60).optional(),
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LEAGUE_PAGE_SIZE),
});

/** The data library's calls: competitions to browse, and a competition's tables, bracket and schedule. */
export async function libraryRoutes(app: FastifyInstance) {
  const { library } = app.services;

  defineApi(app, {
    method: 'GET',
    path: '/library/leagues',
    summary: 'Competitions by prominence, filtered by games, region and part of the name; paginated',
    tags: ['library'],
    query: leagueListQuery,
    handler: ({ query }) => library.list(query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id',
    summary: "A competition with a season (the current one unless asked), the season's stages and teams",
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery.pick({ seasonId: true }),
    handler: ({ params, query }) => library.overview(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/standings',
    summary:
      'A league table, or one per group, computed from the results; matches in play count as they stand',
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery,
    handler: ({ params, query }) => library.standings(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/bracket',
    summary: 'The knockout bracket of a season: ties by round, two-legged ties on aggregate',
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery,
    handler: ({ params, query }) => library.bracket(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/schedule',
    summary:
      "A season's (or stage's) matches by round; with `round`, that round's only (a page of the schedule)",
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery.extend({ round: z.coerce.number().int().min(0).max(10_000).optional() }),
    handler: async ({ params, query: { round, ...scope } }) => {
      const schedule = await library.schedule(params.id, scope);
      if (round === undefined) return schedule;
      return { ...schedule, rounds: schedule.rounds.filter((r) => r.round === round) };
    },
  });
}
