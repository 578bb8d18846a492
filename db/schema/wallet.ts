import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The platform's own ledger accounts (escrow, platform, issuance): balances that are not a user's,
 * so coins held for a later settlement, earned or paid out by the platform, or bought from outside
 * are always somewhere in the books.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  name: text('name').primaryKey(),
  coins: bigint('coins', { mode: 'number' }).notNull().default(0),
  diamonds: bigint('diamonds', { mode: 'number' }).notNull().default(0),
});

/** Numbers the ledger's transactions: the rows one movement of money wrote share one. */
export const ledgerTransactionIds = pgSequence('ledger_transaction_ids');

/**
 * The ledger: one immutable row for every change of a balance (spec point 3, Coin record), held
 * either by a user or by a ledger account. A balance always equals the sum of its rows, and the
 * rows of one transaction sum to zero per currency (double entry); `idempotency_key` makes a
 * retried request move money once.
 */
export const coinRecords = pgTable(
  'coin_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The ledger transaction the row belongs to (`ledger_transaction_ids`). */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid),
    /** A ledger account's name, when the row is not a user's. */
    account: text('account').references(() => ledgerAccounts.name),
    /** coin or diamond */
    currency: text('currency').notNull(),
    /** registration_bonus, recharge, plan_purchase, ... (see modules/wallet). */
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What caused it, e.g. "order:42". */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The user's promotion channel at the time, for attribution. */
    channel: text('channel'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_records_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('coin_records_account_idempotency_key').on(t.account, t.idempotencyKey),
    index('coin_records_user_idx').on(t.userId, t.createdAt),
    check('coin_records_one_holder', sql`(${t.userId} is null) <> (${t.account} is null)`),
  ],
);

/**
 * A payment at a provider (spec point 7): created -> paid (-> refunded) or expired. Amounts are in
 * the minor unit of `currency` (fen, cents, or micro-USDT); what it buys is fixed at creation.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public order number the provider and the browser see. */
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    /** alipay, card or usdt */
    method: text('method').notNull(),
    /** The adapter that serves the method: sandbox, stripe, alipay, usdt. */
    provider: text('provider').notNull(),
    /** coins, diamonds or membership */
    product: text('product').notNull(),
    /** The price in RMB fen (1 RMB = 100 fen), before conversion to the settlement currency. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull().default(0),
    diamonds: bigint('diamonds', { mode: 'number' }).notNull().default(0),
    /** For a membership: {tier, months}. */
    details: jsonb('details').notNull().default({}),
    status: text('status').notNull().default('created'),
    channel: text('channel'),
    providerRef: text('provider_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    // Two open USDT orders never share an amount, so a transfer names its order.
    uniqueIndex('payment_orders_open_usdt_amount_key')
      .on(t.amount)
      .where(sql`${t.provider} = 'usdt' and ${t.status} = 'created'`),
  ],
);

/** One membership purchase (`/user/getVipOpenRecord`): what was bought and the expiry it gave. */
export const membershipRecords = pgTable(
  'membership_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    /** vip or svip */
    tier: text('tier').notNull(),
    /** 0 for an upgrade of the remaining VIP time only. */
    months: integer('months').notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    /** The coins of it that paid for upgrading remaining VIP time. */
    upgradeCoins: bigint('upgrade_coins', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderNo: text('order_no'),
    /** The purchase's key: a retried purchase extends once. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_records_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('membership_records_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);
