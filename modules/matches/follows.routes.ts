import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { page } from '../../lib/paging';
import { defineApi } from '../../platform/define-api';
import {
  favouriteLeague,
  favouriteState,
  favouriteTeam,
  followMarks,
  idRule,
  leagueFavourite,
  matchFavourite,
  matchPage,
  pageQuery,
  reservation,
  reservationPage,
  reservationState,
  teamFavourite,
} from './follows.contract';
import type { MatchFollows } from './follows.service';

/** Comma-separated game ids, as the match lists take them. */
const gameIdsRule = z
  .string()
  .regex(/^\d{1,4}(,\d{1,4}){0,49}$/)
  .transform((v) => v.split(',').map(Number));

/** Favourites and reservations: every call acts on the caller's own rows, taken from the token. */
export async function followsRoutes(
  app: FastifyInstance,
  { matches }: { matches: { follows: MatchFollows } },
) {
  const { follows } = matches;

  defineApi(app, {
    method: 'GET',
    path: '/match/attention',
    summary: "The caller's favourite matches, latest kick-off first, optionally of some games (gameIds=1,2)",
    tags: ['match'],
    auth: 'required',
    query: pageQuery.extend({ gameIds: gameIdsRule.optional() }),
    response: matchPage,
    handler: ({ query, user, locale }) => follows.favouriteMatches(user.uid, { ...query, locale }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/attention',
    summary:
      'Favourite a match (favourite: true), drop it (false), or flip it (no favourite); answers the state',
    tags: ['match'],
    auth: 'required',
    body: matchFavourite,
    response: favouriteState,
    handler: ({ body, user }) => follows.favouriteMatch(user.uid, body.matchId, body.favourite),
  });

  defineApi(app, {
    method: 'GET',
    path: '/match/attention/team',
    summary: "The caller's favourite teams, newest first",
    tags: ['match'],
    auth: 'required',
    query: pageQuery,
    response: page(favouriteTeam),
    handler: ({ query, user, locale }) => follows.favouriteTeams(user.uid, { ...query, locale }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/attention/team',
    summary: 'Favourite a team (favourite: true), drop it (false), or flip it (no favourite)',
    tags: ['match'],
    auth: 'required',
    body: teamFavourite,
    response: favouriteState,
    handler: ({ body, user }) => follows.favouriteTeam(user.uid, body.teamId, body.favourite),
  });

  defineApi(app, {
    method: 'GET',
    path: '/match/attention/league',
    summary: "The caller's favourite leagues, newest first",
    tags: ['match'],
    auth: 'required',
    query: pageQuery,
    response: page(favouriteLeague),
    handler: ({ query, user, locale }) => follows.favouriteLeagues(user.uid, { ...query, locale }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/attention/league',
    summary: 'Favourite a league (favourite: true), drop it (false), or flip it (no favourite)',
    tags: ['match'],
    auth: 'required',
    body: leagueFavourite,
    response: favouriteState,
    handler: ({ body, user }) => follows.favouriteLeague(user.uid, body.leagueId, body.favourite),
  });

  defineApi(app, {
    method: 'GET',
    path: '/match/attention/marks',
    summary: 'The ids of the matches, teams and leagues the caller favourited and of the matches reserved',
    tags: ['match'],
    auth: 'required',
    response: followMarks,
    handler: ({ user }) => follows.marks(user.uid),
  });

  defineApi(app, {
    method: 'GET',
    path: '/match/reservation',
    summary:
      "The caller's reservations, optionally in one state (not started: soonest first; others: latest first)",
    tags: ['match'],
    auth: 'required',
    query: pageQuery.extend({ state: reservationState.optional() }),
    response: reservationPage,
    handler: ({ query, user, locale }) => follows.reservations(user.uid, { ...query, locale }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/reservation',
    summary: 'Reserve a match that has not started; reserving again is harmless',
    tags: ['match'],
    auth: 'required',
    body: z.object({ matchId: idRule }),
    response: reservation,
    handler: ({ body, user }) => follows.reserve(user.uid, body.matchId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/reservation/cancel',
    summary: "Cancel the caller's reservation of a match; cancelling again is harmless",
    tags: ['match'],
    auth: 'required',
    body: z.object({ matchId: idRule }),
    response: reservation,
    handler: ({ body, user }) => follows.cancel(user.uid, body.matchId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/match/reservation/notified',
    summary: 'Record that the caller was told the reserved match started, so other pages stay quiet',
    tags: ['match'],
    auth: 'required',
    body: z.object({ matchId: idRule }),
    response: reservation,
    handler: ({ body, user }) => follows.markNotified(user.uid, body.matchId),
  });
}
