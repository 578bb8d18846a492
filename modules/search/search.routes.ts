import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import { searchQuery, searchResults, suggestion, tabQuery, tabResults } from './search.contract';
import type { Search } from './search.service';
import { SEARCH_PATHS } from './search-constants.contract';

/** Search: the header's suggestions, the comprehensive results and each tab's (docs/API.md, Search). */
export async function searchRoutes(app: FastifyInstance, { search }: { search: Search }) {
  defineApi(app, {
    method: 'GET',
    path: SEARCH_PATHS.suggest,
    summary:
      'Up to 8 suggestions as a fan types: live rooms on air first, then teams, leagues, players, anchors',
    tags: ['search'],
    query: searchQuery,
    response: z.array(suggestion),
    handler: ({ query, locale }) => search.suggest(query.text, locale),
  });

  defineApi(app, {
    method: 'GET',
    path: SEARCH_PATHS.all,
    summary: 'The comprehensive tab: up to 5 matches, teams, leagues, players, anchors, live rooms and news',
    tags: ['search'],
    query: searchQuery,
    response: searchResults,
    handler: ({ query, locale }) => search.all(query.text, locale),
  });

  defineApi(app, {
    method: 'GET',
    path: SEARCH_PATHS.tab,
    summary: "One tab's results, up to 50: related matches, anchors, live rooms (on air first) or news",
    tags: ['search'],
    query: tabQuery,
    response: tabResults,
    handler: ({ query, locale }) => search.tab(query.text, query.tab, locale),
  });
}
