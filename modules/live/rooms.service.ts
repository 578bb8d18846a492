import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { anchors, liveRooms, liveTrials, liveUnlocks, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Page } from '../../lib/paging';
import { isSvip, isVip } from '../../platform/roles';
import type { SessionUser } from '../../platform/sessions';
import { gameById } from '../catalog/catalog.contract';
import type { MatchSummary } from '../matches/matches.contract';
import type { Settings } from '../system';
import type { Wallet } from '../wallet';
import {
  type AnchorCard,
  DEFAULT_VIP_TRIAL_SECONDS,
  type LiveUnlockResult,
  MATCH_WINDOW_MS,
  type MatchLive,
  type RoomAccess,
  type RoomCard,
  type RoomLine,
  type RoomSettings,
  type RoomSettingsInput,
  type RoomView,
} from './live.contract';
import type { PlaybackLine } from './media/index';
import { PLAY_TOKEN_MS, type PlayTokens } from './play-tokens';
import type { Viewers } from './viewers';

export type RoomRow = typeof liveRooms.$inferSelect;

/** A room's stream id: its playback addresses use it, never the anchor's key. */
export const streamIdOf = (roomId: number) => `room-${roomId}`;
export const roomIdOf = (streamId: string) => {
  const match = /^room-(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : null;
};

export const VIP_TRIAL_SETTING = 'live.vipTrialSeconds';

export interface RoomsDeps {
  db: Db;
  wallet: Pick<Wallet, 'transfer'>;
  settings: Settings;
  viewers: Viewers;
  /** The live-score board (the matches module's face), its names in `locale`. */
  match(id: number, locale?: Locale): MatchSummary | undefined;
  /** The match's versions of the last seconds, oldest first, with when each became current. */
  matchVersions(id: number, locale?: Locale): { summary: MatchSummary; since: number }[];
  /** The media layer's lines of a stream. */
  linesFor(streamId: string): PlaybackLine[];
  playTokens: PlayTokens;
  follows: {
    isFollowing(follower: number, followee: number): Promise<boolean>;
    counts(uid: number): Promise<{ followers: number }>;
  };
  /** A robot-live room cannot play on this machine (no ffmpeg to relay its source). */
  robotsMissing(): boolean;
}

const cardColumns = {
  room: liveRooms,
  anchorName: users.username,
  anchorAvatar: users.avatar,
  level: anchors.level,
  anchorCover: anchors.cover,
};
type CardRow = {
  room: RoomRow;
  anchorName: string;
  anchorAvatar: string | null;
  level: number;
  anchorCover: string | null;
};

/** A match's versions with how long ago each became current, for a browser whose clock is its own. */
const withAges = (versions: { summary: MatchSummary; since: number }[], now = Date.now()) =>
  versions.map(({ summary, since }) => ({ match: summary, ageMs: now - since }));

/** Live rooms: settings, lists, the viewer's access (paid, VIP trial, SVIP), unlocks and viewer counts. */
export function createRooms(deps: RoomsDeps) {
  const { db, viewers } = deps;

  const cards = () =>
    db
      .select(cardColumns)
      .from(liveRooms)
      .innerJoin(anchors, eq(anchors.userId, liveRooms.anchorId))
      .innerJoin(users, eq(users.uid, liveRooms.anchorId));

  async function toCards(rows: CardRow[]): Promise<RoomCard[]> {
    const counts = await viewers.counts(rows.filter((r) => r.room.live).map((r) => r.room.id));
    return rows.map(({ room, anchorName, anchorAvatar }) => ({
      roomId: room.id,
      title: room.title,
      cover: room.cover,
      gameId: room.gameId,
      game: gameById(room.gameId)?.slug ?? 'esportsother',
      anchorId: room.anchorId,
      anchorName,
      anchorAvatar,
      live: room.live,
      viewers: counts.get(room.id) ?? 0,
      access: room.access as RoomCard['access'],
      price: room.price,
      type: room.type as RoomCard['type'],
      matchId: room.matchId,
      customTag: room.customTag,
    }));
  }

  async function byId(roomId: number): Promise<RoomRow | undefined> {
    const [room] = await db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
    return room;
  }

  const settingsOf = (room: RoomRow): RoomSettings => ({
    roomId: room.id,
    title: room.title,
    cover: room.cover || null,
    gameId: room.gameId,
    matchId: room.matchId,
    customTag: room.customTag,
    access: room.access as RoomSettings['access'],
    price: room.price,
    externalComments: room.externalComments,
    announcement: room.announcement,
    moderatorLimit: room.moderatorLimit,
    type: room.type as RoomSettings['type'],
  });

  /** What the caller may do with the room's stream now (a VIP room's trial starts at the first ask). */
  async function accessTo(room: RoomRow, user: SessionUser | null, now = new Date()): Promise<RoomAccess> {
    if (room.access === 'free') return { state: 'open' };
    const need = room.access as 'paid' | 'vip' | 'svip';
    if (!user) return { state: 'locked', need: 'login', price: room.price };
    if (user.uid === room.anchorId || user.roles.includes('admin')) return { state: 'open' };
    const [member] = await db
      .select({ vipExpiresAt: users.vipExpiresAt, svipExpiresAt: users.svipExpiresAt })
      .from(users)
      .where(eq(users.uid, user.uid));
    if (need === 'svip')
      return member && isSvip(member, now) ? { state: 'open' } : { state: 'locked', need, price: 0 };
    if (need === 'vip') {
      if (member && isVip(member, now)) return { state: 'open' };
      const trialSeconds = (await deps.settings.get<number>(VIP_TRIAL_SETTING)) ?? DEFAULT_VIP_TRIAL_SECONDS;
      await db
        .insert(liveTrials)
        .values({ roomId: room.id, userId: user.uid, startedAt: now })
        .onConflictDoNothing();
      const [trial] = await db
        .select({ startedAt: liveTrials.startedAt })
        .from(liveTrials)
        .where(and(eq(liveTrials.roomId, room.id), eq(liveTrials.userId, user.uid)));
      const ends = new Date((trial?.startedAt ?? now).getTime() + trialSeconds * 1000);
      return ends > now
        ? { state: 'trial', trialEndsAt: ends.toISOString(), trialSeconds }
        : { state: 'locked', need, price: 0 };
    }
    const [unlocked] = await db
      .select({ roomId: liveUnlocks.roomId })
      .from(liveUnlocks)
      .where(and(eq(liveUnlocks.roomId, room.id), eq(liveUnlocks.userId, user.uid)));
    return unlocked ? { state: 'open' } : { state: 'locked', need, price: room.price };
  }

  /**
   * The lines the viewer may play: none while locked or off air. The HTTP-FLV line is the Pro
   * (low-delay) line of members; others get it only when the room has no HLS line.
   */
  async function linesFor(room: RoomRow, access: RoomAccess, user: SessionUser | null): Promise<RoomLine[]> {
    if (!room.live || access.state === 'locked') return [];
    const lines = deps.linesFor(streamIdOf(room.id));
    // Members get the Pro line; so do the room's anchor and administrators.
    let member = !!user && (user.uid === room.anchorId || user.roles.includes('admin'));
    if (user && !member) {
      const [row] = await db
        .select({ vipExpiresAt: users.vipExpiresAt, svipExpiresAt: users.svipExpiresAt })
        .from(users)
        .where(eq(users.uid, user.uid));
      member = !!row && isVip(row);
    }
    const hasHls = lines.some((line) => line.kind === 'hls');
    const streamId = streamIdOf(room.id);
    const until =
      access.state === 'trial' ? new Date(access.trialEndsAt) : new Date(Date.now() + PLAY_TOKEN_MS);
    return lines
      .filter((line) => member || line.kind === 'hls' || !hasHls)
      .map((line) => ({
        ...line,
        url: deps.playTokens.sign(line.url, streamId, until),
        pro: line.kind === 'flv',
      }));
  }

  async function anchorCard(anchorId: number): Promise<AnchorCard> {
    const [row] = await db
      .select({
        name: users.username,
        avatar: users.avatar,
        cover: anchors.cover,
        level: anchors.level,
        roomId: liveRooms.id,
        live: liveRooms.live,
        title: liveRooms.title,
      })
      .from(anchors)
      .innerJoin(users, eq(users.uid, anchors.userId))
      .leftJoin(liveRooms, eq(liveRooms.anchorId, anchors.userId))
      .where(eq(anchors.userId, anchorId));
    if (!row) throw new AppError('notFound');
    const live = !!row.live;
    return {
      anchorId,
      name: row.name,
      avatar: row.avatar,
      cover: row.cover,
      level: row.level,
      followers: (await deps.follows.counts(anchorId)).followers,
      roomId: row.roomId,
      live,
      title: live ? row.title : null,
      viewers: live && row.roomId ? await viewers.count(row.roomId) : 0,
    };
  }

  return {
    byId,
    streamIdOf,
    anchorCard,
    accessTo,

    async ofAnchor(anchorId: number): Promise<RoomRow | undefined> {
      const [room] = await db.select().from(liveRooms).where(eq(liveRooms.anchorId, anchorId));
      return room;
    },

    settingsOf,

    /** POST /anchor/liveInfo: title and cover required; a linked match in progress or starting within 1 hour. */
    async save(anchorId: number, input: RoomSettingsInput, now = Date.now()): Promise<RoomSettings> {
      if (!input.title) throw new AppError('liveTitleRequired');
      if (!input.cover) throw new AppError('coverRequired');
      let gameId = input.gameId;
      if (input.matchId) {
        const match = deps.match(input.matchId);
        const inWindow =
          match &&
          (match.status === 'in_progress' ||
            (match.status === 'not_started' && match.startTime <= now + MATCH_WINDOW_MS));
        if (!match || !inWindow) throw new AppError('liveMatchWindow');
        gameId = match.gameId;
      }
      const values = {
        title: input.title,
        cover: input.cover,
        gameId,
        matchId: input.matchId ?? null,
        customTag: input.matchId ? null : input.customTag || null,
        access: input.access,
        price: input.access === 'paid' ? input.price : 0,
        externalComments: input.externalComments,
        announcement: input.announcement,
        moderatorLimit: input.moderatorLimit,
        updatedAt: new Date(),
      };
      const [room] = await db
        .insert(liveRooms)
        .values({ anchorId, ...values })
        .onConflictDoUpdate({ target: liveRooms.anchorId, set: values })
        .returning();
      if (!room) throw new AppError('systemError');
      return settingsOf(room);
    },

    async list(
      query: { gameId?: number; live: number; pageIndex: number },
      pageSize: number,
    ): Promise<Page<RoomCard>> {
      const where = and(
        eq(liveRooms.closed, false),
        query.gameId === undefined ? undefined : eq(liveRooms.gameId, query.gameId),
        query.live ? eq(liveRooms.live, true) : undefined,
      );
      const rows = await cards()
        .where(where)
        .orderBy(desc(liveRooms.live), desc(liveRooms.liveSince), liveRooms.id)
        .limit(pageSize)
        .offset((query.pageIndex - 1) * pageSize);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(liveRooms).where(where);
      const list = await toCards(rows);
      // Live rooms with the most viewers first.
      list.sort((a, b) => Number(b.live) - Number(a.live) || b.viewers - a.viewers);
      return { list, total: total?.n ?? 0, pageIndex: query.pageIndex, pageSize };
    },

    /** GET /live/room/{id}: the room as the viewer sees it, in the viewer's language. */
    async view(roomId: number, user: SessionUser | null, locale?: Locale): Promise<RoomView> {
      const [row] = await cards().where(eq(liveRooms.id, roomId));
      if (!row || row.room.closed) throw new AppError('notFound');
      const { room } = row;
      const [card] = await toCards([row]);
      const viewerAccess = await accessTo(room, user);
      const anchor = await anchorCard(room.anchorId);
      return {
        ...(card as RoomCard),
        announcement: room.announcement,
        externalComments: room.externalComments,
        moderatorLimit: room.moderatorLimit,
        anchor: {
          ...anchor,
          following: user ? await deps.follows.isFollowing(user.uid, room.anchorId) : false,
        },
        match: room.matchId ? (deps.match(room.matchId, locale) ?? null) : null,
        matchVersions: room.matchId ? withAges(deps.matchVersions(room.matchId, locale)) : [],
        viewerAccess,
        lines: await linesFor(room, viewerAccess, user),
        sourceMissing: room.type === 'robot' && deps.robotsMissing(),
        liveSince: room.liveSince?.toISOString() ?? null,
      };
    },

    /** A viewer's heartbeat: counts it and answers the count and its access now. */
    async heartbeat(roomId: number, user: SessionUser | null, guest: string) {
      const room = await byId(roomId);
      if (!room || room.closed) throw new AppError('notFound');
      const count = room.live ? await viewers.beat(roomId, user ? `u${user.uid}` : `g${guest}`) : 0;
      return { room, count, access: await accessTo(room, user) };
    },

    /**
     * POST /orderpay/match/pay/liveUnlock: the room's price moves from the viewer to the platform
     * once; a repeated or concurrent unlock charges nothing more.
     */
    async unlock(user: SessionUser, roomId: number): Promise<LiveUnlockResult> {
      const room = await byId(roomId);
      if (!room || room.closed) throw new AppError('notFound');
      if (room.access !== 'paid' || room.price <= 0 || user.uid === room.anchorId)
        throw new AppError('notSupported');
      const balance = async () =>
        (await db.select({ coins: users.coins }).from(users).where(eq(users.uid, user.uid)))[0]?.coins ?? 0;
      const already = async () =>
        (
          await db
            .select({ coins: liveUnlocks.coins })
            .from(liveUnlocks)
            .where(and(eq(liveUnlocks.roomId, roomId), eq(liveUnlocks.userId, user.uid)))
        ).length > 0;
      if (await already()) return { unlocked: true, charged: 0, balance: await balance() };
      try {
        const charged = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(liveUnlocks)
            .values({ roomId, userId: user.uid, coins: room.price })
            .onConflictDoNothing()
            .returning();
          if (!inserted) return 0;
          await deps.wallet.transfer(
            {
              from: { userId: user.uid },
              to: { account: 'platform' },
              currency: 'coin',
              amount: room.price,
              type: 'live_unlock',
              idempotencyKey: `live_unlock:${roomId}:${user.uid}`,
              reference: `room:${roomId}`,
              details: { roomId, title: room.title },
            },
            tx,
          );
          return room.price;
        });
        return { unlocked: true, charged, balance: await balance() };
      } catch (err) {
        // A concurrent unlock of the same viewer won: nothing more is charged.
        if (isUniqueViolation(err) && (await already()))
          return { unlocked: true, charged: 0, balance: await balance() };
        throw err;
      }
    },

    async proclamation(roomId: number) {
      const room = await byId(roomId);
      if (!room || room.closed) throw new AppError('notFound');
      return { roomId, text: room.announcement };
    },

    /** The live rooms showing a match, most viewers first. */
    async onMatch(matchId: number): Promise<MatchLive> {
      const rows = await cards().where(
        and(eq(liveRooms.matchId, matchId), eq(liveRooms.live, true), eq(liveRooms.closed, false)),
      );
      const rooms = (await toCards(rows)).sort((a, b) => b.viewers - a.viewers);
      return { live: rooms.length > 0, roomId: rooms[0]?.roomId ?? null, rooms };
    },

    async anchorsOnMatch(matchId: number): Promise<AnchorCard[]> {
      const { rooms } = await this.onMatch(matchId);
      return Promise.all(rooms.map((room) => anchorCard(room.anchorId)));
    },

    async anchorList(
      gameId: number | undefined,
      pageIndex: number,
      pageSize: number,
    ): Promise<Page<AnchorCard>> {
      const where = and(
        eq(anchors.state, 'approved'),
        gameId === undefined ? undefined : eq(liveRooms.gameId, gameId),
      );
      const rows = await db
        .select({ anchorId: anchors.userId })
        .from(anchors)
        .leftJoin(liveRooms, eq(liveRooms.anchorId, anchors.userId))
        .where(where)
        .orderBy(desc(sql`coalesce(${liveRooms.live}, false)`), anchors.userId)
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(anchors)
        .leftJoin(liveRooms, eq(liveRooms.anchorId, anchors.userId))
        .where(where);
      return {
        list: await Promise.all(rows.map((row) => anchorCard(row.anchorId))),
        total: total?.n ?? 0,
        pageIndex,
        pageSize,
      };
    },

    /** An administrator's ban closes the anchor's room (no chat, no broadcast); the unban reopens it. */
    async setClosed(roomId: number, closed: boolean): Promise<void> {
      await db.update(liveRooms).set({ closed }).where(eq(liveRooms.id, roomId));
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
