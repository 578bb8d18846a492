import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import type { Library } from './library.cache';
import { catalogueQuery, leagueListQuery } from './library.contract';

const scopeQuery = z.object({
  seasonId: z.coerce.number().int().positive().optional(),
  stageId: z.coerce.number().int().positive().optional(),
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The data library's calls: competitions to browse, and a competition's tables, bracket and
 * schedule; teams and players to browse, and each one's page.
 */
export async function libraryRoutes(
  app: FastifyInstance,
  { dataLibrary: library }: { dataLibrary: Library },
) {
  defineApi(app, {
    method: 'GET',
    path: '/library/leagues',
    summary: 'Competitions by prominence, filtered by games, region and part of the name; paginated',
    tags: ['library'],
    query: leagueListQuery,
    handler: ({ query, locale }) => library.list({ ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id',
    summary: "A competition with a season (the current one unless asked), the season's stages and teams",
    tags: ['library'],
    params: idParams,
    query: scopeQuery.pick({ seasonId: true }),
    handler: ({ params, query, locale }) => library.overview(params.id, { ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/standings',
    summary:
      'A league table, or one per group, computed from the results; matches in play count as they stand',
    tags: ['library'],
    params: idParams,
    query: scopeQuery,
    handler: ({ params, query, locale }) => library.standings(params.id, { ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/bracket',
    summary: 'The knockout bracket of a season: ties by round, two-legged ties on aggregate',
    tags: ['library'],
    params: idParams,
    query: scopeQuery,
    handler: ({ params, query, locale }) => library.bracket(params.id, { ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/schedule',
    summary:
      "A season's (or stage's) matches by round; with `round`, that round's only (a page of the schedule)",
    tags: ['library'],
    params: idParams,
    query: scopeQuery.extend({ round: z.coerce.number().int().min(0).max(10_000).optional() }),
    handler: async ({ params, query: { round, ...scope }, locale }) => {
      const schedule = await library.schedule(params.id, { ...scope, locale });
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
    handler: ({ query, locale }) => library.teams({ ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/team/:id',
    summary:
      'A team: profile, squad, matches in play or over and to come, form, and its record in each competition',
    tags: ['library'],
    params: idParams,
    handler: ({ params, locale }) => library.team(params.id, locale),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/players',
    summary: 'Players by name, filtered by games and part of the name or nickname; paginated',
    tags: ['library'],
    query: catalogueQuery,
    handler: ({ query, locale }) => library.players({ ...query, locale }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/player/:id',
    summary:
      "A player: profile, team and injury, the sport's statistics in each competition, and his last matches with his numbers",
    tags: ['library'],
    params: idParams,
    handler: ({ params, locale }) => library.player(params.id, locale),
  });
}
