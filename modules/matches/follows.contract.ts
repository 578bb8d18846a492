import { z } from 'zod';
import { page } from '../../lib/paging';
import { pageQuery as pagedBy } from '../../platform/paging';
import { leagueRef, type MatchSummary, matchSummary, teamRef } from './matches.contract';

/** Favourites (matches, teams, leagues) and reservations: shared by the pages and the server. */

export const FOLLOWS_PAGE_SIZE = 20;

export const idRule = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const pageQuery = pagedBy({ defaultSize: FOLLOWS_PAGE_SIZE, maxSize: 50 });

/**
 * A favourite is set to `favourite` when given, so a retried request changes nothing; without it
 * the call flips the current state.
 */
const favourite = z.boolean().optional();
export const matchFavourite = z.object({ matchId: idRule, favourite });
export const teamFavourite = z.object({ teamId: idRule, favourite });
export const leagueFavourite = z.object({ leagueId: idRule, favourite });

export const favouriteState = z.object({ favourite: z.boolean() });

export const favouriteTeam = teamRef.extend({ gameId: z.number().int() });
export type FavouriteTeam = z.infer<typeof favouriteTeam>;

export const favouriteLeague = leagueRef.extend({ gameId: z.number().int() });
export type FavouriteLeague = z.infer<typeof favouriteLeague>;

/** Spec point 4: the states of a reservation follow its match unless the user cancelled it. */
export const reservationState = z.enum(['not_started', 'in_progress', 'ended', 'cancelled']);
export type ReservationState = z.infer<typeof reservationState>;

/** The reservation's state: a cancelled reservation or match is cancelled, else the match's phase. */
export function reservationStateOf(match: MatchSummary, cancelled: boolean): ReservationState {
  if (cancelled || match.status === 'cancelled') return 'cancelled';
  if (match.status === 'in_progress') return 'in_progress';
  if (match.status === 'finished') return 'ended';
  // A postponed match has not started yet; its own status tells the user it moved.
  return 'not_started';
}

export const reservation = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  state: reservationState,
  /** Epoch ms. */
  createdAt: z.number(),
  cancelledAt: z.number().nullable(),
  /** When the user was told the match started (epoch ms); null until then. */
  notifiedAt: z.number().nullable(),
  match: matchSummary,
});
export type Reservation = z.infer<typeof reservation>;

export const reservationPage = page(reservation);
export type ReservationPage = z.infer<typeof reservationPage>;

export const matchPage = page(matchSummary);

/** What the lists need for their labels: the ids the caller has favourited and reserved. */
export const followMarks = z.object({
  matches: z.array(z.number().int()),
  teams: z.array(z.number().int()),
  leagues: z.array(z.number().int()),
  /** Matches with a reservation that is not cancelled. */
  reserved: z.array(z.number().int()),
});
export type FollowMarks = z.infer<typeof followMarks>;
