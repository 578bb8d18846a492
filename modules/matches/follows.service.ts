import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, matches, matchFavourites, matchReservations, teams } from '../../db/schema/index';
import { AppError, isAppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Page, PageQuery } from '../../lib/paging';
import {
  type FavouriteLeague,
  type FavouriteTeam,
  type FollowMarks,
  type Reservation,
  type ReservationPage,
  type ReservationState,
  reservationStateOf,
} from './follows.contract';
import type { MatchSummary } from './matches.contract';

/** What the follows need of the match service: the summaries of matches by id. */
export interface MatchSummaries {
  /** From memory: the matches of the board's window. */
  list(query: { ids: number[]; locale?: Locale }): MatchSummary[];
  /** From the store: any match, older ones included; AppError('notFound') when missing. */
  detail(id: number, locale?: Locale): Promise<{ summary: MatchSummary }>;
}

/** A page of a user's list, its names in `locale`. */
type ListQuery = PageQuery & { locale?: Locale };

type FavouriteKind = 'match' | 'team' | 'competition';

/** Marks shown on lists are capped: nobody scans more than this many labels. */
const MARKS_LIMIT = 2000;

/** The same rule as `reservationStateOf`, as a filter over the stored match status. */
function stateFilter(state: ReservationState): SQL | undefined {
  const active = isNull(matchReservations.cancelledAt);
  switch (state) {
    case 'cancelled':
      return or(isNotNull(matchReservations.cancelledAt), eq(matches.status, 'cancelled'));
    case 'in_progress':
      return and(active, eq(matches.status, 'in_progress'));
    case 'ended':
      return and(active, eq(matches.status, 'finished'));
    case 'not_started':
      return and(active, inArray(matches.status, ['not_started', 'postponed']));
  }
}

/**
 * A user's favourite matches, teams and leagues, and their match reservations. Every call acts
 * on the given user's own rows only.
 */
export function createMatchFollows({ db, matches: summaries }: { db: Db; matches: MatchSummaries }) {
  /**
   * The summaries of `ids` in that order, named in `locale`: from memory, else from the store; gone
   * ones are left out.
   */
  async function summariesOf(ids: number[], locale: Locale | undefined): Promise<Map<number, MatchSummary>> {
    const found = new Map(summaries.list({ ids, locale }).map((s) => [s.id, s]));
    for (const id of ids) {
      if (found.has(id)) continue;
      try {
        found.set(id, (await summaries.detail(id, locale)).summary);
      } catch (err) {
        if (!(isAppError(err) && err.key === 'notFound')) throw err;
      }
    }
    return found;
  }

  /** Sets the favourite to `wanted`, or flips it when `wanted` is undefined; answers the new state. */
  async function setFavourite(
    userId: number,
    kind: FavouriteKind,
    targetId: number,
    wanted: boolean | undefined,
  ): Promise<{ favourite: boolean }> {
    if (!(await targetExists(db, kind, targetId))) throw new AppError('notFound');
    const row = and(
      eq(matchFavourites.userId, userId),
      eq(matchFavourites.kind, kind),
      eq(matchFavourites.targetId, targetId),
    );
    if (wanted === true) {
      await db.insert(matchFavourites).values({ userId, kind, targetId }).onConflictDoNothing();
      return { favourite: true };
    }
    const removed = await db.delete(matchFavourites).where(row).returning({ id: matchFavourites.targetId });
    if (wanted === false || removed.length > 0) return { favourite: false };
    await db.insert(matchFavourites).values({ userId, kind, targetId }).onConflictDoNothing();
    return { favourite: true };
  }

  /** One page of the user's favourite teams or leagues, newest first: `rows` reads the page. */
  async function targetPage<T>(
    userId: number,
    kind: 'team' | 'competition',
    { pageIndex, pageSize }: PageQuery,
    rows: (where: SQL | undefined, limit: number, offset: number) => Promise<T[]>,
  ): Promise<Page<T>> {
    const where = favouritesOf(userId, kind);
    const [list, [total]] = await Promise.all([
      rows(where, pageSize, (pageIndex - 1) * pageSize),
      db.select({ n: count() }).from(matchFavourites).where(where),
    ]);
    return { list, total: total?.n ?? 0, pageIndex, pageSize };
  }

  /** Sets the time of `column` on the user's reservation unless already set; answers the reservation. */
  async function stampOnce(userId: number, matchId: number, column: 'cancelledAt' | 'notifiedAt') {
    await db
      .update(matchReservations)
      .set({ [column]: new Date() })
      .where(and(ownReservation(userId, matchId), isNull(matchReservations[column])));
    return reservationOf(userId, matchId);
  }

  async function reservationOf(userId: number, matchId: number): Promise<Reservation> {
    const [row] = await db
      .select()
      .from(matchReservations)
      .where(and(eq(matchReservations.userId, userId), eq(matchReservations.matchId, matchId)));
    if (!row) throw new AppError('notFound');
    const match = (await summariesOf([matchId], undefined)).get(matchId);
    if (!match) throw new AppError('notFound');
    return viewOf(row, match);
  }

  return {
    /** The user's favourite matches, latest kick-off first, optionally of some games only. */
    async favouriteMatches(
      userId: number,
      { gameIds, pageIndex, pageSize, locale }: ListQuery & { gameIds?: number[] },
    ): Promise<Page<MatchSummary>> {
      const where = and(
        favouritesOf(userId, 'match'),
        gameIds?.length ? inArray(matches.gameId, gameIds) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: matches.id })
          .from(matchFavourites)
          .innerJoin(matches, eq(matches.id, matchFavourites.targetId))
          .where(where)
          .orderBy(desc(matches.startsAt), desc(matches.id))
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db
          .select({ n: count() })
          .from(matchFavourites)
          .innerJoin(matches, eq(matches.id, matchFavourites.targetId))
          .where(where),
      ]);
      const found = await summariesOf(
        rows.map((r) => r.id),
        locale,
      );
      const list = rows.flatMap((r) => found.get(r.id) ?? []);
      return { list, total: total?.n ?? 0, pageIndex, pageSize };
    },

    favouriteTeams: (userId: number, request: ListQuery): Promise<Page<FavouriteTeam>> =>
      targetPage(userId, 'team', request, (where, limit, offset) =>
        db
          .select({
            id: teams.id,
            gameId: teams.gameId,
            name: nameIn(request.locale, 'team', teams.id, teams.name),
            shortName: teams.shortName,
            logo: teams.logo,
          })
          .from(matchFavourites)
          .innerJoin(teams, eq(teams.id, matchFavourites.targetId))
          .where(where)
          .orderBy(desc(matchFavourites.createdAt), desc(teams.id))
          .limit(limit)
          .offset(offset),
      ),

    favouriteLeagues: (userId: number, request: ListQuery): Promise<Page<FavouriteLeague>> =>
      targetPage(userId, 'competition', request, (where, limit, offset) =>
        db
          .select({
            id: competitions.id,
            gameId: competitions.gameId,
            name: nameIn(request.locale, 'competition', competitions.id, competitions.name),
            shortName: competitions.shortName,
            logo: competitions.logo,
            region: competitions.region,
          })
          .from(matchFavourites)
          .innerJoin(competitions, eq(competitions.id, matchFavourites.targetId))
          .where(where)
          .orderBy(desc(matchFavourites.createdAt), desc(competitions.id))
          .limit(limit)
          .offset(offset),
      ),

    favouriteMatch: (userId: number, matchId: number, wanted?: boolean) =>
      setFavourite(userId, 'match', matchId, wanted),
    favouriteTeam: (userId: number, teamId: number, wanted?: boolean) =>
      setFavourite(userId, 'team', teamId, wanted),
    favouriteLeague: (userId: number, leagueId: number, wanted?: boolean) =>
      setFavourite(userId, 'competition', leagueId, wanted),

    /** Every id the user favourited or reserved, for the labels on lists. */
    async marks(userId: number): Promise<FollowMarks> {
      const [favourites, reserved] = await Promise.all([
        db
          .select({ kind: matchFavourites.kind, id: matchFavourites.targetId })
          .from(matchFavourites)
          .where(eq(matchFavourites.userId, userId))
          .orderBy(desc(matchFavourites.createdAt))
          .limit(MARKS_LIMIT * 3),
        db
          .select({ id: matchReservations.matchId })
          .from(matchReservations)
          .where(and(eq(matchReservations.userId, userId), isNull(matchReservations.cancelledAt)))
          .orderBy(desc(matchReservations.createdAt))
          .limit(MARKS_LIMIT),
      ]);
      const of = (kind: FavouriteKind) => favourites.filter((f) => f.kind === kind).map((f) => f.id);
      return {
        matches: of('match'),
        teams: of('team'),
        leagues: of('competition'),
        reserved: reserved.map((r) => r.id),
      };
    },

    /**
     * Reserves a match that has not started. Reserving again is harmless, and renews a cancelled
     * reservation while the match has still not started.
     */
    async reserve(userId: number, matchId: number): Promise<Reservation> {
      const [match] = await db
        .select({ status: matches.status })
        .from(matches)
        .where(eq(matches.id, matchId));
      if (!match) throw new AppError('notFound');
      const [held] = await db
        .select({ cancelledAt: matchReservations.cancelledAt })
        .from(matchReservations)
        .where(ownReservation(userId, matchId));
      if (held && !held.cancelledAt) return reservationOf(userId, matchId);
      if (match.status !== 'not_started') throw new AppError('reservationClosed');
      await db
        .insert(matchReservations)
        .values({ userId, matchId })
        .onConflictDoUpdate({
          target: [matchReservations.userId, matchReservations.matchId],
          set: { cancelledAt: null, notifiedAt: null },
        });
      return reservationOf(userId, matchId);
    },

    /** Cancels the user's reservation of the match; cancelling again is harmless. */
    cancel: (userId: number, matchId: number) => stampOnce(userId, matchId, 'cancelledAt'),

    /** Records that the user was told the match started, so no other page tells them again. */
    markNotified: (userId: number, matchId: number) => stampOnce(userId, matchId, 'notifiedAt'),

    /**
     * The user's reservations, optionally in one state: those not started soonest first (what
     * comes next), the others latest kick-off first.
     */
    async reservations(
      userId: number,
      { state, pageIndex, pageSize, locale }: ListQuery & { state?: ReservationState },
    ): Promise<ReservationPage> {
      const where = and(eq(matchReservations.userId, userId), state ? stateFilter(state) : undefined);
      const order =
        state === 'not_started'
          ? [asc(matches.startsAt), asc(matches.id)]
          : [desc(matches.startsAt), desc(matches.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: matchReservations.id,
            matchId: matchReservations.matchId,
            createdAt: matchReservations.createdAt,
            cancelledAt: matchReservations.cancelledAt,
            notifiedAt: matchReservations.notifiedAt,
          })
          .from(matchReservations)
          .innerJoin(matches, eq(matches.id, matchReservations.matchId))
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db
          .select({ n: count() })
          .from(matchReservations)
          .innerJoin(matches, eq(matches.id, matchReservations.matchId))
          .where(where),
      ]);
      const found = await summariesOf(
        rows.map((r) => r.matchId),
        locale,
      );
      const list = rows.flatMap((row) => {
        const match = found.get(row.matchId);
        return match ? [viewOf(row, match)] : [];
      });
      return { list, total: total?.n ?? 0, pageIndex, pageSize };
    },
  };
}

async function targetExists(db: Db, kind: FavouriteKind, id: number): Promise<boolean> {
  const table = { match: matches, team: teams, competition: competitions }[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

const favouritesOf = (userId: number, kind: FavouriteKind) =>
  and(eq(matchFavourites.userId, userId), eq(matchFavourites.kind, kind));

const ownReservation = (userId: number, matchId: number) =>
  and(eq(matchReservations.userId, userId), eq(matchReservations.matchId, matchId));

function viewOf(
  row: { id: number; matchId: number; createdAt: Date; cancelledAt: Date | null; notifiedAt: Date | null },
  match: MatchSummary,
): Reservation {
  return {
    id: row.id,
    matchId: row.matchId,
    state: reservationStateOf(match, row.cancelledAt !== null),
    createdAt: row.createdAt.getTime(),
    cancelledAt: row.cancelledAt?.getTime() ?? null,
    notifiedAt: row.notifiedAt?.getTime() ?? null,
    match,
  };
}

export type MatchFollows = ReturnType<typeof createMatchFollows>;
