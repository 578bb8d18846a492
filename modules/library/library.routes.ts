import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import { pageQuery } from '../../platform/paging';

const scopeQuery = z.object({
  seasonId: z.coerce.number().int().positive().optional(),
  stageId: z.coerce.number().int().positive().optional(),
});

/** How many competitions, teams or players a page of the library lists. */
export const LIBRARY_PAGE_SIZE = 30;

/** Browsing a catalogue of the library: by games and part of the name, a page at a time. */
const catalogueQuery = z
  .object({
    /** Catalogue game ids, comma-separated. */
    gameIds: z
      .string()
      .regex(/^\d{1,4}(,\d{1,4}){0,39}$/)
      .transform((ids) => ids.split(',').map(Number))
      .optional(),
    text: z.string().trim().min(1).max(60).optional(),
  })
  .extend(pageQuery({ defaultSize: LIBRARY_PAGE_SIZE, maxSize: 100 }).shape);

export const leagueListQuery = catalogueQuery.extend({
  region: z.string().trim().min(1).max(16).optional(),
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The data library's calls: competitions to browse, and a competition's tables, bracket and
 * schedule; teams and players to browse, and each one's page.
 */
export async function libraryRoutes(app: FastifyInstance) {
  const { dataLibrary: library } = app.services;

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
    params: idParams,
    query: scopeQuery.pick({ seasonId: true }),
    handler: ({ params, query }) => library.overview(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/standings',
    summary:
      'A league table, or one per group, computed from the results; matches in play count as they stand',
    tags: ['library'],
    params: idParams,
    query: scopeQuery,
    handler: ({ params, query }) => library.standings(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/bracket',
    summary: 'The knockout bracket of a season: ties by round, two-legged ties on aggregate',
    tags: ['library'],
    params: idParams,
    query: scopeQuery,
    handler: ({ params, query }) => library.bracket(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/schedule',
    summary:
      "A season's (or stage's) matches by round; with `round`, that round's only (a page of the schedule)",
    tags: ['library'],
    params: idParams,
    query: scopeQuery.extend({ round: z.coerce.number().int().min(0).max(10_000).optional() }),
    handler: async ({ params, query: { round, ...scope } }) => {
      const schedule = await library.schedule(params.id, scope);
      if (round === undefined) return schedule;
      return { ...schedule, rounds: schedule.rounds.filter((r) => r.round === round) };
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/teams',
    summary: 'Teams by name, filtered by games and part of the name; paginated',
    tags: ['library'],
    query: catalogueQuery,
    handler: ({ query }) => library.teams(query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/team/:id',
    summary:
      'A team: profile, squad, matches in play or over and to come, form, and its record in each competition',
    tags: ['library'],
    params: idParams,
    handler: ({ params }) => library.team(params.id),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/players',
    summary: 'Players by name, filtered by games and part of the name or nickname; paginated',
    tags: ['library'],
    query: catalogueQuery,
    handler: ({ query }) => library.players(query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/player/:id',
    summary:
      "A player: profile, team and injury, the sport's statistics in each competition, and his last matches with his numbers",
    tags: ['library'],
    params: idParams,
    handler: ({ params }) => library.player(params.id),
  });
}
