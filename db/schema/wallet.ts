import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The ledger: one immutable row for every change of a balance (spec point 3, Coin record).
 * A balance always equals the sum of its rows; `idempotency_key` makes a retried request move
 * money once.
 */
export const coinRecords = pgTable(
  'coin_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    /** coin or diamond */
    currency: text('currency').notNull(),
    /** registration_bonus, recharge, plan_purchase, ... (see modules/wallet). */
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What caused it, e.g. "order:42". */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_records_idempotency_key').on(t.userId, t.idempotencyKey),
    index('coin_records_user_idx').on(t.userId, t.createdAt),
  ],
);
