import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { chatEvents, chatModerators, chatMutes, chatRooms, follows, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SensitiveWordFilter } from '../../lib/sensitive-words';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus/bus';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system/index';
import {
  type Badge,
  type ChatEvent,
  type ChatUserCard,
  DUPLICATE_SECONDS,
  HISTORY_SIZE,
  MESSAGES_PER_10S,
  NO_MODES,
  type OperateInput,
  type PinnedMessage,
  type QuotedMessage,
  RESUME_WINDOW,
  type RoomEmote,
  type RoomModes,
  type RoomModesInput,
  type Sender,
  type ShownEvent,
} from './chat.contract';
import { withoutEmotes } from './emotes.service';
import { mentioned, messageOf, quoted } from './replies';
import type { ChatRoom, LiveRoomsPort } from './rooms';

/** A web address or a bare domain, as links-blocked mode refuses them. */
const LINK =
  /\b(?:https?:\/\/|www\.)\S|\b[\p{L}\p{N}-]+\.(?:com|net|org|io|tv|gg|cn|me|co|xyz|link|app|live)\b/iu;

/**
 * A message of emoji alone, as emote-only mode takes: pictographs with their skin tones, joiners,
 * variation selectors and keycaps, flags (regional indicator pairs), and spaces between.
 */
const EMOJI_ONLY =
  /^(?:\s*(?:(?:[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]|[0-9#*]\u{FE0F}?\u{20E3})(?:\p{Emoji_Modifier}|\u{FE0F}|[\u{E0020}-\u{E007F}])*|\u{200D}))+\s*$/u;

/** Every chat event of every room goes out on this bus channel, after its transaction commits. */
export const CHAT_CHANNEL = 'chat:events';
/** A platform mute is pushed to the rooms its user chatted in over this long, at most this many. */
const PLATFORM_MUTE_TOLD_FOR_MS = 24 * 3600_000;
const PLATFORM_MUTE_TOLD_ROOMS = 20;
/** The lowest user level that may chat (administrators, anchors and moderators always may). */
export const MIN_LEVEL_SETTING = 'chat.minLevel';
/** The modes of rooms whose anchor and moderators set none. */
export const DEFAULT_MODES_SETTING = 'chat.defaultModes';

export interface ChatDeps {
  db: Db;
  bus: Bus;
  limiter: RateLimiter;
  settings: Settings;
  words: SensitiveWordFilter;
  liveRooms: LiveRoomsPort;
  now?: () => Date;
}

type EventRow = Pick<
  typeof chatEvents.$inferSelect,
  'roomId' | 'seq' | 'kind' | 'sender' | 'text' | 'data' | 'createdAt'
>;

function toEvent(row: EventRow): ChatEvent {
  const base = { roomId: row.roomId, seq: row.seq, at: row.createdAt.toISOString() };
  const data = row.data as Record<string, unknown>;
  if (row.kind === 'del') return { ...base, kind: 'del', target: Number(data.target) };
  if (row.kind === 'mode') return { ...base, kind: 'mode', modes: data.modes as RoomModes };
  if (row.kind === 'pin') return { ...base, kind: 'pin', pinned: (data.pinned as PinnedMessage) ?? null };
  if (row.kind === 'moderator')
    return { ...base, kind: 'moderator', userId: Number(data.target), moderator: data.moderator === true };
  if (row.kind === 'emotes') return { ...base, kind: 'emotes', emotes: data.emotes as RoomEmote[] };
  if (row.kind === 'mute')
    return {
      ...base,
      kind: 'mute',
      userId: Number(data.target),
      mutedUntil: (data.mutedUntil as string) ?? null,
    };
  if (row.kind === 'gift')
    return { ...base, kind: 'gift', sender: row.sender as Sender, gift: data.gift as never };
  return {
    ...base,
    kind: 'msg',
    sender: row.sender as Sender,
    text: row.text,
    ...(data.reply ? { reply: data.reply as QuotedMessage } : {}),
    ...(Array.isArray(data.mentions) ? { mentions: data.mentions as number[] } : {}),
  };
}

/** A stored message as the room's pinned one. */
function toPinned(row: { seq: number; sender: unknown; text: string; at: Date }): PinnedMessage {
  return { seq: row.seq, sender: row.sender as Sender, text: row.text, at: row.at.toISOString() };
}

/** A mute as a card says it: the ISO time it ends, 'permanent', or null when there is none. */
function mutedUntilOf(mute: { until: Date | null } | undefined): string | null {
  if (!mute) return null;
  return mute.until?.toISOString() ?? 'permanent';
}

export function createChat({
  db,
  bus,
  limiter,
  settings,
  words,
  liveRooms,
  now = () => new Date(),
}: ChatDeps) {
  async function room(roomId: number): Promise<ChatRoom> {
    const found = await liveRooms.chatRoom(roomId);
    if (!found?.open) throw new AppError('chatRoomNotOpen');
    return found;
  }

  async function isModerator(roomId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ userId: chatModerators.userId })
      .from(chatModerators)
      .where(and(eq(chatModerators.roomId, roomId), eq(chatModerators.userId, userId)));
    return !!row;
  }

  /** The active mute of the user in the room or platform-wide, the longest first. */
  async function activeMute(roomId: number, userId: number, executor: Executor = db) {
    const rows = await executor
      .select()
      .from(chatMutes)
      .where(
        and(
          eq(chatMutes.userId, userId),
          or(eq(chatMutes.roomId, roomId), isNull(chatMutes.roomId)),
          or(isNull(chatMutes.until), gt(chatMutes.until, now())),
        ),
      );
    rows.sort((a, b) => (b.until?.getTime() ?? Infinity) - (a.until?.getTime() ?? Infinity));
    return rows[0];
  }

  /**
   * Replaces the user's mute in the room (or everywhere when roomId is null), audited in the same
   * transaction. The user's mute as it now stands is pushed to the room it was done from, and a
   * platform mute also to the rooms the user chatted in lately, so that the user learns it at once.
   */
  async function setMute(
    by: SessionUser,
    input: {
      userId: number;
      roomId: number | null;
      action: 'mute' | 'unmute';
      minutes: number;
      reason?: string;
    },
    fromRoom?: number,
  ): Promise<void> {
    const { roomId } = input;
    const events = await db.transaction(async (tx) => {
      const scope = roomId === null ? isNull(chatMutes.roomId) : eq(chatMutes.roomId, roomId);
      await tx.delete(chatMutes).where(and(eq(chatMutes.userId, input.userId), scope));
      if (input.action === 'mute') {
        const until = input.minutes === 0 ? null : new Date(now().getTime() + input.minutes * 60_000);
        await tx.insert(chatMutes).values({ roomId, userId: input.userId, until, byId: by.uid });
      }
      await audit.record(tx, {
        actorId: by.uid,
        targetId: input.userId,
        action: input.action === 'mute' ? 'mute_chat_user' : 'unmute_chat_user',
        details: { roomId, minutes: input.action === 'mute' ? input.minutes : undefined },
        reason: input.reason ?? null,
      });
      const told = new Set(fromRoom === undefined ? [] : [fromRoom]);
      if (roomId === null) for (const room of await roomsChattedIn(input.userId, tx)) told.add(room);
      const events: ChatEvent[] = [];
      for (const room of told) {
        const mute = await activeMute(room, input.userId, tx);
        events.push(
          await append(tx, {
            roomId: room,
            kind: 'mute',
            userId: by.uid,
            sender: {},
            data: { target: input.userId, mutedUntil: mutedUntilOf(mute) },
          }),
        );
      }
      return events;
    });
    for (const event of events) await publish(event);
  }

  /** The rooms the user sent a message in over the last day, the latest first (at most 20). */
  async function roomsChattedIn(userId: number, executor: Executor): Promise<number[]> {
    const rows = await executor
      .select({ roomId: chatEvents.roomId })
      .from(chatEvents)
      .where(
        and(
          eq(chatEvents.userId, userId),
          eq(chatEvents.kind, 'msg'),
          gt(chatEvents.createdAt, new Date(now().getTime() - PLATFORM_MUTE_TOLD_FOR_MS)),
        ),
      )
      .groupBy(chatEvents.roomId)
      .orderBy(desc(max(chatEvents.createdAt)))
      .limit(PLATFORM_MUTE_TOLD_ROOMS);
    return rows.map((row) => row.roomId);
  }

  /** When the user's platform-wide mute ends: an ISO time, 'permanent', or null when there is none. */
  async function platformMuteUntil(userId: number): Promise<string | null> {
    const [mute] = await db
      .select({ until: chatMutes.until })
      .from(chatMutes)
      .where(
        and(
          eq(chatMutes.userId, userId),
          isNull(chatMutes.roomId),
          or(isNull(chatMutes.until), gt(chatMutes.until, now())),
        ),
      );
    return mutedUntilOf(mute);
  }

  /** The user as the room shows them. */
  async function sender(chatRoom: ChatRoom, uid: number): Promise<Sender> {
    const [[user], moderator] = await Promise.all([
      db.select().from(users).where(eq(users.uid, uid)),
      isModerator(chatRoom.roomId, uid),
    ]);
    if (!user) throw new AppError('notFound');
    const at = now();
    const badges: Badge[] = [];
    if (user.roles.includes('admin')) badges.push('admin');
    if (chatRoom.anchorUserId === uid) badges.push('anchor');
    if (moderator) badges.push('moderator');
    if (user.svipExpiresAt && user.svipExpiresAt > at) badges.push('svip');
    else if (user.vipExpiresAt && user.vipExpiresAt > at) badges.push('vip');
    return { uid, name: user.username, avatar: user.avatar, level: user.level, badges };
  }

  /**
   * Numbers and stores an event in one statement (the room's counter row is held until the
   * statement's transaction ends, so numbers follow commit order); publish it once that commits.
   */
  async function append(
    tx: Executor,
    event: {
      roomId: number;
      kind: ChatEvent['kind'];
      userId: number | null;
      sender: unknown;
      text?: string;
      data?: object;
    },
  ): Promise<ChatEvent> {
    const result = await tx.execute(sql`
      with counter as (
        insert into ${chatRooms} (room_id, last_seq) values (${event.roomId}, 1)
        on conflict (room_id) do update set last_seq = ${chatRooms.lastSeq} + 1
        returning last_seq)
      insert into ${chatEvents} (room_id, seq, kind, user_id, sender, text, data)
      select ${event.roomId}, last_seq, ${event.kind}, ${event.userId}, ${JSON.stringify(event.sender)}::jsonb,
        ${event.text ?? ''}, ${JSON.stringify(event.data ?? {})}::jsonb
      from counter
      returning room_id, seq, kind, sender, text, data, created_at`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    if (!row) throw new Error('chat event not stored');
    return toEvent({
      roomId: Number(row.room_id),
      seq: Number(row.seq),
      kind: String(row.kind),
      sender: row.sender,
      text: String(row.text),
      data: row.data,
      createdAt: new Date(row.created_at as string | Date),
    });
  }

  async function lastSeq(roomId: number): Promise<number> {
    const [row] = await db.select().from(chatRooms).where(eq(chatRooms.roomId, roomId));
    return row?.lastSeq ?? 0;
  }

  const publish = (event: ChatEvent) => bus.publish(CHAT_CHANNEL, event);

  async function modes(roomId: number): Promise<RoomModes> {
    const [row] = await db
      .select({
        slowSeconds: chatRooms.slowSeconds,
        followersOnlyMinutes: chatRooms.followersOnlyMinutes,
        minLevel: chatRooms.minLevel,
        linksBlocked: chatRooms.linksBlocked,
        emoteOnly: chatRooms.emoteOnly,
      })
      .from(chatRooms)
      .where(and(eq(chatRooms.roomId, roomId), eq(chatRooms.modesSet, true)));
    return row ?? (await defaultModes());
  }

  /** The platform's modes for rooms whose anchor and moderators set none (administrators' setting). */
  async function defaultModes(): Promise<RoomModes> {
    return { ...NO_MODES, ...(await settings.get<RoomModes>(DEFAULT_MODES_SETTING)) };
  }

  /** Whether the user has followed the anchor for at least `minutes`. */
  async function followedFor(userId: number, anchorId: number, minutes: number): Promise<boolean> {
    const [row] = await db
      .select({ since: follows.createdAt })
      .from(follows)
      .where(and(eq(follows.followerId, userId), eq(follows.followeeId, anchorId)));
    return !!row && row.since.getTime() <= now().getTime() - minutes * 60_000;
  }

  /** May `user` moderate the room: its anchor, one of its moderators, or an administrator. */
  async function moderates(chatRoom: ChatRoom, user: SessionUser): Promise<boolean> {
    return (
      user.roles.includes('admin') ||
      chatRoom.anchorUserId === user.uid ||
      (await isModerator(chatRoom.roomId, user.uid))
    );
  }

  /** Appointing moderators: the anchor. Muting platform-wide: administrators. In the room: its moderators. */
  async function mayOperate(chatRoom: ChatRoom, user: SessionUser, input: OperateInput): Promise<boolean> {
    if (user.roles.includes('admin')) return true;
    if (!('platform' in input)) return chatRoom.anchorUserId === user.uid;
    return !input.platform && (await moderates(chatRoom, user));
  }

  return {
    room,
    sender,
    append,
    publish,

    /** The room's last messages and gifts, oldest first, and the sequence number they reach. */
    async history(roomId: number): Promise<{ lastSeq: number; list: ShownEvent[] }> {
      // The counter first: every event up to it is stored by the time the list is read.
      const counter = await lastSeq(roomId);
      const rows = await db
        .select()
        .from(chatEvents)
        .where(
          and(
            eq(chatEvents.roomId, roomId),
            inArray(chatEvents.kind, ['msg', 'gift']),
            isNull(chatEvents.deletedAt),
          ),
        )
        .orderBy(desc(chatEvents.seq))
        .limit(HISTORY_SIZE);
      const list = rows.reverse().map(toEvent) as ShownEvent[];
      return { lastSeq: Math.max(counter, ...list.map((e) => e.seq)), list };
    },

    lastSeq,

    /**
     * Everything after `since` still in the resume window, in order (deleted messages left out,
     * their deletions kept); null when `since` is older than the window.
     */
    async since(roomId: number, since: number): Promise<ChatEvent[] | null> {
      const rows = await db
        .select()
        .from(chatEvents)
        .where(and(eq(chatEvents.roomId, roomId), gt(chatEvents.seq, since)))
        .orderBy(asc(chatEvents.seq))
        .limit(RESUME_WINDOW + 1);
      if (rows.length > RESUME_WINDOW) return null;
      return rows.filter((row) => !row.deletedAt).map(toEvent);
    },

    /**
     * Says `text` in the room, if every rule allows it, as a reply to its message `replyTo` when
     * given; the stored event.
     */
    async send(user: SessionUser, roomId: number, text: string, replyTo?: number): Promise<ChatEvent> {
      const [found, banned, mute, minLevel, mode] = await Promise.all([
        liveRooms.chatRoom(roomId),
        liveRooms.isBannedAnchor(user.uid),
        activeMute(roomId, user.uid),
        settings.get<number>(MIN_LEVEL_SETTING),
        modes(roomId),
      ]);
      if (!found?.open) throw new AppError('chatRoomNotOpen');
      if (!found.live) throw new AppError('noLiveBroadcast');
      if (banned || mute) throw new AppError('muted');
      const who = await sender(found, user.uid);
      const privileged = who.badges.some((b) => b === 'admin' || b === 'anchor' || b === 'moderator');
      if (!privileged) {
        if (!found.externalComments) throw new AppError('noPermission');
        if (who.level < Math.max(minLevel ?? 0, mode.minLevel)) throw new AppError('levelTooLow');
        if (
          mode.followersOnlyMinutes !== null &&
          !(await followedFor(user.uid, found.anchorUserId, mode.followersOnlyMinutes))
        )
          throw new AppError('followersOnly');
        if (mode.linksBlocked && LINK.test(text)) throw new AppError('linksBlocked');
        if (mode.emoteOnly) {
          // The room's own emotes count as emoji.
          const rest = await withoutEmotes(db, roomId, text);
          if (rest.trim() !== '' && !EMOJI_ONLY.test(rest)) throw new AppError('emoteOnly');
        }
      }
      if (words.find(text)) throw new AppError('contentNonCompliant');
      const reply = replyTo === undefined ? undefined : await quoted(db, roomId, replyTo);
      const mentions = await mentioned(db, text, user.uid, reply);
      // Slow mode counts only messages that pass every other rule.
      if (mode.slowSeconds > 0 && !privileged) {
        const slow = await limiter.hit(`chat-slow:${roomId}:${user.uid}`, 1, mode.slowSeconds);
        if (!slow.allowed) throw new AppError('slowMode');
      }
      const rate = await limiter.hit(`chat-send:${roomId}:${user.uid}`, MESSAGES_PER_10S, 10);
      if (!rate.allowed) throw new AppError('tooManyRequests');
      const digest = createHash('sha256')
        .update(text.normalize('NFKC').toLowerCase())
        .digest('hex')
        .slice(0, 16);
      const repeat = await limiter.hit(`chat-dup:${roomId}:${user.uid}:${digest}`, 1, DUPLICATE_SECONDS);
      if (!repeat.allowed) throw new AppError('sendFailed');
      const event = await append(db, {
        roomId,
        kind: 'msg',
        userId: user.uid,
        sender: who,
        text,
        data: { ...(reply ? { reply } : {}), ...(mentions.length ? { mentions } : {}) },
      });
      await publish(event);
      return event;
    },

    /** Removes a message or gift from the room for everyone and from history. */
    async remove(user: SessionUser, roomId: number, seq: number): Promise<void> {
      const chatRoom = await room(roomId);
      if (!(await moderates(chatRoom, user))) throw new AppError('noPermission');
      const events = await db.transaction(async (tx) => {
        const [target] = await tx
          .update(chatEvents)
          .set({ deletedAt: now() })
          .where(
            and(
              eq(chatEvents.roomId, roomId),
              eq(chatEvents.seq, seq),
              inArray(chatEvents.kind, ['msg', 'gift']),
              isNull(chatEvents.deletedAt),
            ),
          )
          .returning();
        if (!target) throw new AppError('notFound');
        await audit.record(tx, {
          actorId: user.uid,
          targetId: target.userId,
          action: 'delete_chat_message',
          details: { roomId, seq, text: target.text },
        });
        const deleted = await append(tx, {
          roomId,
          kind: 'del',
          userId: user.uid,
          sender: {},
          data: { target: seq },
        });
        // A deleted message is pinned no more.
        const [unpinned] = await tx
          .update(chatRooms)
          .set({ pinnedSeq: null })
          .where(and(eq(chatRooms.roomId, roomId), eq(chatRooms.pinnedSeq, seq)))
          .returning({ roomId: chatRooms.roomId });
        const unpin = unpinned
          ? await append(tx, { roomId, kind: 'pin', userId: user.uid, sender: {}, data: { pinned: null } })
          : null;
        return [deleted, ...(unpin ? [unpin] : [])];
      });
      for (const one of events) await publish(one);
    },

    /** Tells the room its emotes changed (modules/chat/emotes.service.ts), as they are now. */
    async emotesChanged(roomId: number, emotes: RoomEmote[]): Promise<void> {
      await publish(await append(db, { roomId, kind: 'emotes', userId: null, sender: {}, data: { emotes } }));
    },

    modes,
    defaultModes,

    /**
     * An administrator sets the platform's modes for rooms whose own are not set; audited. A room
     * takes them at its next message or join (the modes are read then), not by a push.
     */
    async setDefaultModes(admin: SessionUser, next: RoomModes): Promise<RoomModes> {
      await settings.setAudited(DEFAULT_MODES_SETTING, next, {
        actorId: admin.uid,
        action: 'set_default_chat_modes',
        details: { ...next },
      });
      return next;
    },

    /** The message pinned above the room's chat, unless it was deleted since. */
    async pinned(roomId: number): Promise<PinnedMessage | null> {
      const [room] = await db
        .select({ pinnedSeq: chatRooms.pinnedSeq })
        .from(chatRooms)
        .where(eq(chatRooms.roomId, roomId));
      const message = room?.pinnedSeq ? await messageOf(db, roomId, room.pinnedSeq) : undefined;
      return message ? toPinned(message) : null;
    },

    /**
     * The anchor, a moderator or an administrator pins a message of the room above its chat, in
     * place of the one pinned before, or unpins it (null); audited, and pushed to the room.
     */
    async pin(user: SessionUser, roomId: number, seq: number | null): Promise<PinnedMessage | null> {
      const chatRoom = await room(roomId);
      if (!(await moderates(chatRoom, user))) throw new AppError('noPermission');
      const { event, pinned } = await db.transaction(async (tx) => {
        let pinned: PinnedMessage | null = null;
        if (seq !== null) {
          const target = await messageOf(tx, roomId, seq);
          if (!target) throw new AppError('notFound');
          pinned = toPinned(target);
        }
        await tx
          .insert(chatRooms)
          .values({ roomId, pinnedSeq: seq })
          .onConflictDoUpdate({ target: chatRooms.roomId, set: { pinnedSeq: seq } });
        await audit.record(tx, {
          actorId: user.uid,
          targetId: chatRoom.anchorUserId,
          action: seq === null ? 'unpin_chat_message' : 'pin_chat_message',
          details: { roomId, seq, text: pinned?.text },
        });
        const event = await append(tx, {
          roomId,
          kind: 'pin',
          userId: user.uid,
          sender: {},
          data: { pinned },
        });
        return { event, pinned };
      });
      await publish(event);
      return pinned;
    },

    /** The anchor, a moderator or an administrator sets the room's modes; audited, and pushed to the room. */
    async setModes(user: SessionUser, input: RoomModesInput): Promise<RoomModes> {
      const { roomId, ...next } = input;
      const chatRoom = await room(roomId);
      if (!(await moderates(chatRoom, user))) throw new AppError('noPermission');
      const event = await db.transaction(async (tx) => {
        await tx
          .insert(chatRooms)
          .values({ roomId, ...next, modesSet: true })
          .onConflictDoUpdate({ target: chatRooms.roomId, set: { ...next, modesSet: true } });
        await audit.record(tx, {
          actorId: user.uid,
          targetId: chatRoom.anchorUserId,
          action: 'set_chat_modes',
          details: { roomId, ...next },
        });
        return append(tx, { roomId, kind: 'mode', userId: user.uid, sender: {}, data: { modes: next } });
      });
      await publish(event);
      return next;
    },

    /** Mutes, unmutes, appoints or dismisses a moderator; each is audited. */
    async operate(user: SessionUser, input: OperateInput): Promise<void> {
      const chatRoom = await room(input.roomId);
      const isAdmin = user.roles.includes('admin');
      // Permission first: someone without it learns nothing about the target, not even that it exists.
      if (!(await mayOperate(chatRoom, user, input))) throw new AppError('noPermission');
      const [target] = await db
        .select({ uid: users.uid, roles: users.roles })
        .from(users)
        .where(
          input.userId !== undefined
            ? eq(users.uid, input.userId)
            : sql`lower(${users.username}) = lower(${input.username})`,
        );
      if (!target) throw new AppError('accountNotFound');
      if (target.uid === user.uid) throw new AppError('formatError');
      const userId = target.uid;
      if (!('platform' in input)) {
        const appointed = await db.transaction(async (tx) => {
          if (input.action === 'appoint') {
            const [{ count } = { count: 0 }] = await tx
              .select({ count: sql<number>`count(*)::int` })
              .from(chatModerators)
              .where(eq(chatModerators.roomId, input.roomId));
            if (count >= chatRoom.moderatorLimit) throw new AppError('requestFailed');
            await tx.insert(chatModerators).values({ roomId: input.roomId, userId }).onConflictDoNothing();
          } else {
            await tx
              .delete(chatModerators)
              .where(and(eq(chatModerators.roomId, input.roomId), eq(chatModerators.userId, userId)));
          }
          await audit.record(tx, {
            actorId: user.uid,
            targetId: userId,
            action: input.action === 'appoint' ? 'appoint_chat_moderator' : 'dismiss_chat_moderator',
            details: { roomId: input.roomId },
          });
          // The room is told, so the user's tools come or go without a reload.
          return append(tx, {
            roomId: input.roomId,
            kind: 'moderator',
            userId: user.uid,
            sender: {},
            data: { target: userId, moderator: input.action === 'appoint' },
          });
        });
        await publish(appointed);
        return;
      }
      // The anchor and administrators are not muted by moderators.
      if (!isAdmin && (target.roles.includes('admin') || userId === chatRoom.anchorUserId))
        throw new AppError('noPermission');
      await setMute(user, { ...input, userId, roomId: input.platform ? null : input.roomId }, input.roomId);
    },

    /** An administrator mutes or unmutes a user in every room at once (the admin console). */
    async platformMute(
      admin: SessionUser,
      input: { userId: number; action: 'mute' | 'unmute'; minutes: number; reason: string },
    ): Promise<{ mutedUntil: string | null }> {
      const [target] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, input.userId));
      if (!target) throw new AppError('accountNotFound');
      if (input.userId === admin.uid) throw new AppError('accessDenied');
      await setMute(admin, { ...input, roomId: null });
      return { mutedUntil: await platformMuteUntil(input.userId) };
    },

    platformMuteUntil,

    /**
     * A user's card in the room: level, badges and, for the user themselves and those who
     * moderate the room, whether they are muted.
     */
    async card(roomId: number, userId: number, reader: SessionUser | null): Promise<ChatUserCard> {
      const chatRoom = await room(roomId);
      const who = await sender(chatRoom, userId);
      const told = !!reader && (reader.uid === userId || (await moderates(chatRoom, reader)));
      const mute = told ? await activeMute(roomId, userId) : undefined;
      return { ...who, mutedUntil: mutedUntilOf(mute), mutedPlatformWide: !!mute && mute.roomId === null };
    },

    /** The room's moderators, for the anchor's settings. */
    async moderators(roomId: number) {
      const chatRoom = await room(roomId);
      const rows = await db
        .select({ uid: users.uid, name: users.username, avatar: users.avatar, level: users.level })
        .from(chatModerators)
        .innerJoin(users, eq(users.uid, chatModerators.userId))
        .where(eq(chatModerators.roomId, roomId))
        .orderBy(asc(chatModerators.appointedAt));
      return { limit: chatRoom.moderatorLimit, list: rows };
    },
  };
}

export type Chat = ReturnType<typeof createChat>;
