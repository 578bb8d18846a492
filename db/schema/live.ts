import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A user's anchor certification (spec point 4) and profile. The ID number and the three ID photos
 * are private: the photos are files outside /uploads, named by `photo*` ids. The stream key is
 * stored as its SHA-256 only.
 */
export const anchors = pgTable(
  'anchors',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** review, approved, rejected or banned. */
    state: text('state').notNull().default('review'),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    idNumber: text('id_number').notNull(),
    birthDate: text('birth_date').notNull(),
    introduction: text('introduction').notNull(),
    content: text('content').notNull(),
    phone: text('phone').notNull(),
    photoFront: text('photo_front').notNull(),
    photoBack: text('photo_back').notNull(),
    photoHolding: text('photo_holding').notNull(),
    rejectReason: text('reject_reason'),
    banReason: text('ban_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    detail: text('detail').notNull().default(''),
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    cover: text('cover'),
    level: integer('level').notNull().default(1),
    streamKeyHash: text('stream_key_hash'),
    /** IPs a push may come from; empty: any. */
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    check('anchors_state_check', sql`${t.state} in ('review', 'approved', 'rejected', 'banned')`),
    uniqueIndex('anchors_stream_key_idx').on(t.streamKeyHash),
    index('anchors_state_idx').on(t.state, t.appliedAt),
  ],
);

/**
 * An anchor's live room (one per anchor). A robot-live room relays `source` (an HLS or RTMP
 * address, or 'demo' for the generated loop). `live` is on from start live (or, for a robot, from
 * its push) to end live; `pushLostAt` is set while a live room's push is missing.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => anchors.userId, { onDelete: 'cascade' }),
    type: text('type').notNull().default('anchor'),
    source: text('source'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    gameId: integer('game_id').notNull(),
    matchId: bigint('match_id', { mode: 'number' }),
    customTag: text('custom_tag'),
    access: text('access').notNull().default('free'),
    price: integer('price').notNull().default(0),
    externalComments: boolean('external_comments').notNull().default(true),
    announcement: text('announcement').notNull().default(''),
    moderatorLimit: integer('moderator_limit').notNull().default(5),
    /** Closed by an administrator (a ban): no chat, no broadcast. */
    closed: boolean('closed').notNull().default(false),
    live: boolean('live').notNull().default(false),
    liveSince: timestamp('live_since', { withTimezone: true }),
    /** The push of this room is up (on some instance, or the external ingest). */
    pushing: boolean('pushing').notNull().default(false),
    pushLostAt: timestamp('push_lost_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('live_rooms_type_check', sql`${t.type} in ('anchor', 'robot')`),
    check('live_rooms_access_check', sql`${t.access} in ('free', 'paid', 'vip', 'svip')`),
    uniqueIndex('live_rooms_anchor_idx').on(t.anchorId),
    index('live_rooms_game_idx').on(t.gameId, t.live),
    index('live_rooms_match_idx').on(t.matchId),
  ],
);

/** One broadcast of a room: start, end, peak viewers (`/liveRecord`). */
export const liveRecords = pgTable(
  'live_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    anchorId: bigint('anchor_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** anchor, push_lost or ban. */
    endedBy: text('ended_by'),
    /** The match the room showed when the broadcast started: its replay is listed with it. */
    matchId: bigint('match_id', { mode: 'number' }),
    /** The replay: shown, hidden by its anchor (or an administrator), or deleted with its recording. */
    replay: text('replay').notNull().default('shown'),
  },
  (t) => [
    check('live_records_replay_check', sql`${t.replay} in ('shown', 'hidden', 'deleted')`),
    index('live_records_anchor_idx').on(t.anchorId, t.startedAt),
    index('live_records_match_idx').on(t.matchId),
    // At most one broadcast on air per room.
    uniqueIndex('live_records_open_idx').on(t.roomId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * What the embedded ingest recorded of one push of a room (HLS segments with their wall-clock
 * times, in `folder` under the recordings directory). A broadcast's replay is the part of its
 * room's recordings between its start and end. `endedAt` is null while the push goes on.
 */
export const liveRecordings = pgTable(
  'live_recordings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull().unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('live_recordings_room_idx').on(t.roomId, t.startedAt)],
);

/**
 * A moment of a broadcast worth watching again: a goal (a round, a map) of the match it showed,
 * from CLIP_BEFORE before to CLIP_AFTER after, or the last VIEWER_CLIP_SECONDS a viewer clipped.
 * It plays from the broadcast's recordings, as long as they are kept. `key` names it once across
 * instances (the broadcast and the score, or the broadcast, the viewer and the moment).
 */
export const liveClips = pgTable(
  'live_clips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => liveRecords.id, { onDelete: 'cascade' }),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    matchId: bigint('match_id', { mode: 'number' }),
    key: text('key').notNull().unique(),
    /** The score it shows, as "home-away"; null for a viewer's clip. */
    score: text('score'),
    /** The viewer who clipped it; null for a clip cut by the match. */
    clippedBy: bigint('clipped_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_clips_match_idx').on(t.matchId, t.toAt), index('live_clips_record_idx').on(t.recordId)],
);

/** A paid room a viewer unlocked (once; the coins moved under the key live_unlock:<room>:<user>). */
export const liveUnlocks = pgTable(
  'live_unlocks',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/** When a non-member began the trial of a VIP-only room. */
export const liveTrials = pgTable(
  'live_trials',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/** A match an anchor will commentate: its upcoming broadcast. */
export const anchorSchedule = pgTable(
  'anchor_schedule',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => anchors.userId, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('anchor_schedule_match_idx').on(t.anchorId, t.matchId)],
);

/** A viewer's reservation of an anchor's upcoming broadcast: notified when the anchor goes live. */
export const broadcastReservations = pgTable(
  'broadcast_reservations',
  {
    scheduleId: bigint('schedule_id', { mode: 'number' })
      .notNull()
      .references(() => anchorSchedule.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] })],
);
