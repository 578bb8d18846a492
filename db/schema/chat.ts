import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/locales';
import { users } from './accounts';

/**
 * A live room's chat: the counter (the last sequence number handed out, so every instance agrees)
 * and the modes its anchor or moderators set.
 */
export const chatRooms = pgTable('chat_rooms', {
  roomId: bigint('room_id', { mode: 'number' }).primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** Slow mode: seconds between one viewer's messages; 0 is off. */
  slowSeconds: integer('slow_seconds').notNull().default(0),
  /** Followers only: minutes a viewer must have followed the anchor; null is off. */
  followersOnlyMinutes: integer('followers_only_minutes'),
  /** The lowest user level that may speak here, above the platform's. */
  minLevel: integer('min_level').notNull().default(0),
  linksBlocked: boolean('links_blocked').notNull().default(false),
  /** Only emoji may be said (the anchor, moderators and administrators aside). */
  emoteOnly: boolean('emote_only').notNull().default(false),
  /** The modes above were set for this room; until then it follows the platform's defaults. */
  modesSet: boolean('modes_set').notNull().default(false),
  /** The message its anchor or a moderator pinned above the chat; null when none is. */
  pinnedSeq: bigint('pinned_seq', { mode: 'number' }),
});

/**
 * Everything said or done in a room's chat, numbered per room: a message, a gift, or the
 * deletion of an earlier event (`data.seq`). History and resume read this table.
 */
export const chatEvents = pgTable(
  'chat_events',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** msg, gift or del. */
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    /** The sender as shown: name, avatar, badges, level (kept as they were when it was sent). */
    sender: jsonb('sender').notNull(),
    text: text('text').notNull().default(''),
    data: jsonb('data').notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // By user: the rooms a user chatted in lately (a platform mute is pushed to them).
  (t) => [
    primaryKey({ columns: [t.roomId, t.seq] }),
    index('chat_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A room's own emotes: small pictures its anchor uploads, said in chat as `:code:`. */
export const chatEmotes = pgTable(
  'chat_emotes',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    /** Lower-case letters and digits, unique in the room. */
    code: text('code').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.code] })],
);

/** A room's moderators, appointed by its anchor. */
export const chatModerators = pgTable(
  'chat_moderators',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    appointedAt: timestamp('appointed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/** A mute in one room, or on the whole platform when `roomId` is null; `until` null is permanent. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }),
    byId: bigint('by_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_mutes_user_idx').on(t.userId)],
);

/** The gift catalogue, managed by administrators. */
export const gifts = pgTable('gifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The name shown where `names` has none for the visitor's language. */
  name: text('name').notNull(),
  /** The name in other languages, by locale (zh_CN, en_US, ...). */
  names: jsonb('names').$type<Partial<Record<Locale, string>>>().notNull().default({}),
  /** coin or diamond. */
  currency: text('currency').notNull(),
  price: integer('price').notNull(),
  /** The animation's address (an .svga or a Lottie .json file). */
  animation: text('animation').notNull(),
  /** svga or lottie. */
  animationType: text('animation_type').notNull().default('svga'),
  icon: text('icon').notNull().default(''),
  /** Sends of this gift by one user within this many seconds count up one combo. */
  comboSeconds: integer('combo_seconds').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A gift given in a room: what the sender paid and what the anchor earned. */
export const giftSends = pgTable(
  'gift_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    giftId: bigint('gift_id', { mode: 'number' })
      .notNull()
      .references(() => gifts.id),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    currency: text('currency').notNull(),
    /** What the sender paid, in `currency`. */
    amount: integer('amount').notNull(),
    /** The anchor's share, in diamonds. */
    diamonds: integer('diamonds').notNull(),
    combo: integer('combo').notNull().default(1),
    /** The sender's key for this gift: the same key never gives twice. */
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_sends_request_key').on(t.senderId, t.requestKey),
    index('gift_sends_room_time_idx').on(t.roomId, t.createdAt),
    index('gift_sends_anchor_time_idx').on(t.anchorId, t.createdAt),
    index('gift_sends_sender_time_idx').on(t.senderId, t.createdAt),
  ],
);
