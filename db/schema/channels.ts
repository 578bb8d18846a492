import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
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
 * A promoter's channel (spec point 3, Promotion channel). Its id is the code in the channel link
 * (`?channel=<id>`) and the `promotionChannelId` a registration carries, as users, coin records
 * and payment orders store it.
 */
export const promotionChannels = pgTable(
  'promotion_channels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotion_channels_owner_idx').on(t.ownerId)],
);

/**
 * Raw traffic of a channel: a visit through its link or an install of the web app by a visitor it
 * brought. One row per visitor, kind and day (UTC), so reloading a page counts once.
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => promotionChannels.id),
    /** visit or download */
    kind: text('kind').notNull(),
    /** The browser's random visitor id (a cookie). */
    visitor: text('visitor').notNull(),
    /** The signed-in user, for a registered user's visit. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_events_once_a_day').on(t.channelId, t.kind, t.visitor, t.day),
    index('channel_events_day_idx').on(t.day),
  ],
);

/** A channel's numbers for one day (UTC), recomputed from the raw rows by the roll-up job. */
export const channelDaily = pgTable(
  'channel_daily',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => promotionChannels.id),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    registeredVisits: integer('registered_visits').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    recharges: integer('recharges').notNull().default(0),
    /** Paid recharges in RMB fen. */
    rechargeFen: bigint('recharge_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.day] })],
);
