import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anchorSchedule, broadcastReservations, liveRecords, liveRooms, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Page } from '../../lib/paging';
import type { Bus } from '../../platform/bus/bus';
import type { MatchSummary } from '../matches/matches.contract';
import type { Settings } from '../system';
import { userChannel } from '../wallet/wallet.contract';
import type { Anchors } from './anchors.service';
import {
  type BroadcastState,
  DEFAULT_GRACE_SECONDS,
  LIVE_STATUS_EVENT,
  type LiveRecord,
  type LiveStartedNotice,
  type LiveStatusEvent,
  type ScheduleEntry,
} from './live.contract';
import type { StreamInfo } from './media/index';
import { type RoomRow, type Rooms, roomIdOf, streamIdOf } from './rooms.service';
import type { Viewers } from './viewers';

export const GRACE_SETTING = 'live.graceSeconds';

export interface BroadcastsDeps {
  db: Db;
  bus: Bus;
  settings: Settings;
  anchors: Anchors;
  rooms: Rooms;
  viewers: Viewers;
  match(id: number, locale?: Locale): MatchSummary | undefined;
  /** The stream as it arrives on this instance (embedded ingest); null when it is not here. */
  streamInfo(streamId: string): StreamInfo | null;
}

type EndedBy = NonNullable<LiveRecord['endedBy']>;

/**
 * Broadcasting (spec point 4): a push arrives (the media layer's onPublish), the anchor presses
 * start live, and the room is on air until end live, a ban, or the grace period after its push
 * stopped. Robot-live rooms go on air with their relay's push. Also the anchors' schedule (the
 * matches they reserved) and viewers' reservations of it, notified when the anchor goes live.
 */
export function createBroadcasts(deps: BroadcastsDeps) {
  const { db, bus, rooms, viewers } = deps;

  async function goLive(room: RoomRow): Promise<void> {
    const started = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(liveRooms)
        .set({ live: true, liveSince: new Date(), pushLostAt: null })
        .where(and(eq(liveRooms.id, room.id), eq(liveRooms.live, false)))
        .returning();
      if (updated)
        await tx
          .insert(liveRecords)
          .values({ roomId: room.id, anchorId: room.anchorId, title: room.title, matchId: room.matchId });
      return !!updated;
    });
    if (!started) return;
    await bus.publish(LIVE_STATUS_EVENT, { roomId: room.id, live: true } satisfies LiveStatusEvent);
    await notifyReservers(room);
  }

  async function notifyReservers(room: RoomRow): Promise<void> {
    const reservers = await db
      .selectDistinct({ userId: broadcastReservations.userId })
      .from(broadcastReservations)
      .innerJoin(anchorSchedule, eq(anchorSchedule.id, broadcastReservations.scheduleId))
      .where(eq(anchorSchedule.anchorId, room.anchorId));
    if (reservers.length === 0) return;
    const [anchor] = await db
      .select({ name: users.username })
      .from(users)
      .where(eq(users.uid, room.anchorId));
    const notice: LiveStartedNotice = {
      type: 'live:started',
      roomId: room.id,
      anchorId: room.anchorId,
      anchorName: anchor?.name ?? '',
      title: room.title,
    };
    await Promise.all(reservers.map(({ userId }) => bus.publish(userChannel(userId), notice)));
  }

  async function endLive(roomId: number, endedBy: EndedBy): Promise<void> {
    const ended = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(liveRooms)
        .set({ live: false, liveSince: null, pushLostAt: null })
        .where(and(eq(liveRooms.id, roomId), eq(liveRooms.live, true)))
        .returning();
      if (updated) {
        await tx
          .update(liveRecords)
          .set({ endedAt: new Date(), endedBy })
          .where(and(eq(liveRecords.roomId, roomId), isNull(liveRecords.endedAt)));
      }
      return !!updated;
    });
    if (!ended) return;
    await viewers.clear(roomId);
    await bus.publish(LIVE_STATUS_EVENT, { roomId, live: false } satisfies LiveStatusEvent);
  }

  async function state(anchorId: number): Promise<BroadcastState> {
    const room = await rooms.ofAnchor(anchorId);
    const anchor = await deps.anchors.row(anchorId);
    const stream = room ? deps.streamInfo(streamIdOf(room.id)) : null;
    const pushing = !!room?.pushing;
    return {
      live: !!room?.live,
      stream,
      liveSince: room?.liveSince?.toISOString() ?? null,
      roomId: room?.id ?? null,
      canStart: anchor?.state === 'approved' && !!room && !room.closed && pushing && !room.live,
      viewers: room?.live ? await viewers.count(room.id) : 0,
    };
  }

  const schedule = async (anchorId: number, viewer: number | null): Promise<ScheduleEntry[]> => {
    const rows = await db.select().from(anchorSchedule).where(eq(anchorSchedule.anchorId, anchorId));
    const reserved = new Set(
      viewer && rows.length
        ? (
            await db
              .select({ id: broadcastReservations.scheduleId })
              .from(broadcastReservations)
              .where(
                and(
                  eq(broadcastReservations.userId, viewer),
                  inArray(
                    broadcastReservations.scheduleId,
                    rows.map((r) => r.id),
                  ),
                ),
              )
          ).map((r) => r.id)
        : [],
    );
    return rows
      .flatMap((row) => {
        const match = deps.match(row.matchId);
        return match && match.status !== 'finished'
          ? [{ id: row.id, anchorId, match, reserved: reserved.has(row.id) }]
          : [];
      })
      .sort((a, b) => a.match.startTime - b.match.startTime);
  };

  return {
    state,
    endLive,
    schedule,

    /** The media layer admitted a push for this stream. */
    async published(streamId: string): Promise<void> {
      const roomId = roomIdOf(streamId);
      if (roomId === null) return;
      const [room] = await db
        .update(liveRooms)
        .set({ pushing: true, pushLostAt: null })
        .where(eq(liveRooms.id, roomId))
        .returning();
      if (room?.type === 'robot') await goLive(room);
    },

    /** The push of this stream ended: a live room keeps its viewers for the grace period. */
    async unpublished(streamId: string): Promise<void> {
      const roomId = roomIdOf(streamId);
      if (roomId === null) return;
      await db
        .update(liveRooms)
        .set({ pushing: false, pushLostAt: sql`case when ${liveRooms.live} then now() else null end` })
        .where(eq(liveRooms.id, roomId));
    },

    /** POST /anchor/broadcast: start live, once the push arrives. */
    async start(anchorId: number): Promise<BroadcastState> {
      await deps.anchors.approved(anchorId);
      const room = await rooms.ofAnchor(anchorId);
      if (!room?.title || !room.cover) throw new AppError('roomNotSetUp');
      if (room.closed) throw new AppError('anchorBanned');
      if (!room.pushing) throw new AppError('streamNotArriving');
      await goLive(room);
      return state(anchorId);
    },

    /** POST /anchor/downcast: end live. */
    async stop(anchorId: number): Promise<BroadcastState> {
      const room = await rooms.ofAnchor(anchorId);
      if (!room) throw new AppError('roomNotSetUp');
      await endLive(room.id, 'anchor');
      return state(anchorId);
    },

    /** The grace-period job: ends every live whose push has been gone longer than the grace period. */
    async endLostLives(now = new Date()): Promise<number[]> {
      const grace = (await deps.settings.get<number>(GRACE_SETTING)) ?? DEFAULT_GRACE_SECONDS;
      const lost = await db
        .select({ id: liveRooms.id })
        .from(liveRooms)
        .where(
          and(
            eq(liveRooms.live, true),
            eq(liveRooms.pushing, false),
            lte(liveRooms.pushLostAt, new Date(now.getTime() - grace * 1000)),
          ),
        );
      for (const { id } of lost) await endLive(id, 'push_lost');
      return lost.map(({ id }) => id);
    },

    /** Raises the open broadcast's peak to the room's viewer count. */
    async countPeak(roomId: number, viewerCount: number): Promise<void> {
      await db
        .update(liveRecords)
        .set({ peakViewers: viewerCount })
        .where(
          and(
            eq(liveRecords.roomId, roomId),
            isNull(liveRecords.endedAt),
            sql`${liveRecords.peakViewers} < ${viewerCount}`,
          ),
        );
    },

    async records(anchorId: number, pageIndex: number, pageSize: number): Promise<Page<LiveRecord>> {
      const rows = await db
        .select()
        .from(liveRecords)
        .where(eq(liveRecords.anchorId, anchorId))
        .orderBy(desc(liveRecords.startedAt))
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(liveRecords)
        .where(eq(liveRecords.anchorId, anchorId));
      return {
        list: rows.map((row) => ({
          id: row.id,
          roomId: row.roomId,
          title: row.title,
          startedAt: row.startedAt.toISOString(),
          endedAt: row.endedAt?.toISOString() ?? null,
          durationSeconds: Math.round(
            ((row.endedAt ?? new Date()).getTime() - row.startedAt.getTime()) / 1000,
          ),
          peakViewers: row.peakViewers,
          endedBy: row.endedBy as LiveRecord['endedBy'],
        })),
        total: total?.n ?? 0,
        pageIndex,
        pageSize,
      };
    },

    /** POST /anchor/toggleMatchId: the anchor reserves a match it will commentate, or drops it. */
    async toggleMatch(anchorId: number, matchId: number): Promise<{ reserved: boolean }> {
      await deps.anchors.approved(anchorId);
      const removed = await db
        .delete(anchorSchedule)
        .where(and(eq(anchorSchedule.anchorId, anchorId), eq(anchorSchedule.matchId, matchId)))
        .returning();
      if (removed.length > 0) return { reserved: false };
      const match = deps.match(matchId);
      if (!match || match.status === 'finished' || match.status === 'cancelled')
        throw new AppError('reservationClosed');
      await db.insert(anchorSchedule).values({ anchorId, matchId }).onConflictDoNothing();
      return { reserved: true };
    },

    async cancelMatch(anchorId: number, matchId: number): Promise<{ reserved: false }> {
      await db
        .delete(anchorSchedule)
        .where(and(eq(anchorSchedule.anchorId, anchorId), eq(anchorSchedule.matchId, matchId)));
      return { reserved: false };
    },

    /** POST /live/reserve: a viewer reserves an anchor's upcoming broadcast, or drops the reservation. */
    async toggleReservation(userId: number, scheduleId: number): Promise<{ reserved: boolean }> {
      const removed = await db
        .delete(broadcastReservations)
        .where(
          and(eq(broadcastReservations.scheduleId, scheduleId), eq(broadcastReservations.userId, userId)),
        )
        .returning();
      if (removed.length > 0) return { reserved: false };
      const [entry] = await db.select().from(anchorSchedule).where(eq(anchorSchedule.id, scheduleId));
      if (!entry) throw new AppError('notFound');
      await db.insert(broadcastReservations).values({ scheduleId, userId }).onConflictDoNothing();
      return { reserved: true };
    },

    async reservationsOf(userId: number): Promise<ScheduleEntry[]> {
      const rows = await db
        .select({ id: anchorSchedule.id, anchorId: anchorSchedule.anchorId, matchId: anchorSchedule.matchId })
        .from(broadcastReservations)
        .innerJoin(anchorSchedule, eq(anchorSchedule.id, broadcastReservations.scheduleId))
        .where(eq(broadcastReservations.userId, userId))
        .orderBy(asc(anchorSchedule.id));
      return rows
        .flatMap((row) => {
          const match = deps.match(row.matchId);
          return match ? [{ id: row.id, anchorId: row.anchorId, match, reserved: true }] : [];
        })
        .sort((a, b) => a.match.startTime - b.match.startTime);
    },
  };
}

export type Broadcasts = ReturnType<typeof createBroadcasts>;
