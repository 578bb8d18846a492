import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { matches } from './matches';

/**
 * An account's expert application (spec point 3, Expert account): one row per user, from the
 * first application on. States: review, approved, rejected (with a reason; the user may apply
 * again). An administrator's direct grant or revocation of the expert role writes the same row.
 */
export const expertApplications = pgTable('expert_applications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  uid: bigint('uid', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.uid, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  displayName: text('display_name').notNull(),
  introduction: text('introduction').notNull(),
  gameIds: integer('game_ids').array().notNull().default(sql`'{}'::int[]`),
  credentials: text('credentials'),
  rejectReason: text('reject_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.uid),
});

/**
 * A plan (spec point 3): an expert's prediction on a match, sold for coins or free. `content` is
 * sanitised HTML. `settlement` is pending until the match ends, then its outcome. Deleted plans
 * keep their row: a published prediction stays in the expert's record.
 */
export const expertPlans = pgTable(
  'expert_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    expertId: bigint('expert_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id),
    gameId: integer('game_id').notNull(),
    playLevel: text('play_level').notNull(),
    market: text('market').notNull(),
    line: doublePrecision('line'),
    pick: text('pick').notNull(),
    odds: doublePrecision('odds').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    price: integer('price').notNull(),
    label: text('label').notNull().default(''),
    refundOnMiss: boolean('refund_on_miss').notNull().default(false),
    viewMode: text('view_mode').notNull().default('free'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    cover: text('cover').notNull(),
    /** review, published, rejected, removed, deleted */
    state: text('state').notNull().default('review'),
    rejectReason: text('reject_reason'),
    /** pending, then win, half_win, push, half_lose, lose or void. */
    settlement: text('settlement').notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    sales: integer('sales').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expert_plans_expert_idx').on(t.expertId, t.matchId),
    index('expert_plans_match_idx').on(t.matchId, t.settlement),
    index('expert_plans_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * The commitment chain: each prediction an expert submits, hashed with the hash of the expert's
 * previous commitment, so no stored prediction can change without breaking every later link.
 */
export const planCommitments = pgTable(
  'plan_commitments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    expertId: bigint('expert_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => expertPlans.id, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    market: text('market').notNull(),
    line: doublePrecision('line'),
    pick: text('pick').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('plan_commitments_expert_seq').on(t.expertId, t.seq),
    index('plan_commitments_plan_idx').on(t.planId),
  ],
);

/**
 * A purchase of a plan: its coins wait in escrow (held) until the match is settled, then go to the
 * expert (paid) or back to the buyer (refunded). One per plan and buyer.
 */
export const planOrders = pgTable(
  'plan_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => expertPlans.id),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    price: integer('price').notNull(),
    /** held, paid or refunded */
    escrow: text('escrow').notNull().default('held'),
    income: integer('income').notNull().default(0),
    platformShare: integer('platform_share').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_orders_plan_buyer').on(t.planId, t.buyerId),
    index('plan_orders_buyer_idx').on(t.buyerId, t.createdAt),
  ],
);
