import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../server/api';
import { createTables } from './tables.service';

const competitionParams = z.object({ id: z.coerce.number().int().positive() });
const scopeQuery = z.object({
  seasonId: z.coerce.number().int().positive().optional(),
  stageId: z.coerce.number().int().positive().optional(),
});

/** The data library's calls: a competition's tables, bracket and schedule, from stored results. */
export async function libraryRoutes(app: FastifyInstance) {
  const tables = createTables(app.services.database.db);

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/standings',
    summary:
      'A league table, or one per group, computed from the results; matches in play count as they stand',
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery,
    handler: ({ params, query }) => tables.standings(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/bracket',
    summary: 'The knockout bracket of a season: ties by round, two-legged ties on aggregate',
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery,
    handler: ({ params, query }) => tables.bracket(params.id, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/library/league/:id/schedule',
    summary: "A season's (or stage's) matches by round",
    tags: ['library'],
    params: competitionParams,
    query: scopeQuery,
    handler: ({ params, query }) => tables.schedule(params.id, query),
  });
}
