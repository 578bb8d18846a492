import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A product of the coin mall (spec point 3). `description` is HTML that went through the
 * sanitiser before it was stored. `grant` is what an in-site item gives: VIP days or diamonds.
 * `inventory` and `exchangeCount` change only with an order, in its transaction.
 */
export const goods = pgTable(
  'goods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** physical, virtual_card, vip_days or diamonds. */
    category: text('category').notNull(),
    priceCoins: integer('price_coins').notNull(),
    grant: integer('grant').notNull().default(0),
    inventory: integer('inventory').notNull(),
    exchangeCount: integer('exchange_count').notNull().default(0),
    /** How many one user may hold in open or delivered orders; null: no limit. */
    limitPerUser: integer('limit_per_user'),
    onShelf: boolean('on_shelf').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('goods_category_check', sql`${t.category} in ('physical', 'virtual_card', 'vip_days', 'diamonds')`),
    check('goods_inventory_check', sql`${t.inventory} >= 0`),
    check('goods_price_check', sql`${t.priceCoins} >= 0`),
    index('goods_shelf_idx').on(t.onShelf, t.category),
  ],
);

/**
 * An order of the mall: an exchange paid with coins, or a blind box prize (coins 0). States and
 * transitions are in docs/decisions/023-mall-orders-and-blind-box.md.
 */
export const mallOrders = pgTable(
  'mall_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    goodsId: bigint('goods_id', { mode: 'number' }).references(() => goods.id),
    /** The name and category at the time of the order, so later edits of the goods change nothing. */
    goodsName: text('goods_name').notNull(),
    /** A goods category, or coins for a blind box's coin prize. */
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    coins: integer('coins').notNull(),
    /** What an in-site item or a prize gave: VIP days, diamonds or coins in all. */
    grant: integer('grant').notNull().default(0),
    /** review, exchanging, redeemed, cancelled or charged_back. */
    status: text('status').notNull(),
    source: text('source').notNull().default('exchange'),
    recipient: text('recipient'),
    address: text('address'),
    contact: text('contact'),
    remark: text('remark'),
    adminRemark: text('admin_remark'),
    trackingNumber: text('tracking_number'),
    cardNumber: text('card_number'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'mall_orders_status_check',
      sql`${t.status} in ('review', 'exchanging', 'redeemed', 'cancelled', 'charged_back')`,
    ),
    uniqueIndex('mall_orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('mall_orders_user_idx').on(t.userId, t.createdAt),
    index('mall_orders_status_idx').on(t.status, t.createdAt),
    index('mall_orders_goods_user_idx').on(t.goodsId, t.userId),
  ],
);

/** Every state an order passed through, with who moved it and why. */
export const mallOrderEvents = pgTable(
  'mall_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => mallOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mall_order_events_order_idx').on(t.orderId, t.id)],
);

/** A blind box: opening it costs `priceCoins` and draws one of its prizes by the published odds. */
export const blindBoxes = pgTable('blind_boxes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  priceCoins: integer('price_coins').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A prize of a box: goods, coins or VIP days; its odds are its weight over the box's total. */
export const blindBoxPrizes = pgTable(
  'blind_box_prizes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    boxId: bigint('box_id', { mode: 'number' })
      .notNull()
      .references(() => blindBoxes.id, { onDelete: 'cascade' }),
    /** goods, coins or vip_days. */
    kind: text('kind').notNull(),
    goodsId: bigint('goods_id', { mode: 'number' }).references(() => goods.id),
    /** Coins or VIP days; 1 for goods. */
    amount: integer('amount').notNull(),
    weight: integer('weight').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    check('blind_box_prizes_kind_check', sql`${t.kind} in ('goods', 'coins', 'vip_days')`),
    check('blind_box_prizes_weight_check', sql`${t.weight} > 0 and ${t.amount} > 0`),
    index('blind_box_prizes_box_idx').on(t.boxId, t.position),
  ],
);

/**
 * A box's server seeds: the active one is secret, only its SHA-256 hash is shown; a seed is
 * revealed when it is rotated, and then every opening made with it can be recomputed.
 */
export const blindBoxSeeds = pgTable(
  'blind_box_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    boxId: bigint('box_id', { mode: 'number' })
      .notNull()
      .references(() => blindBoxes.id, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** The next opening's nonce. */
    nextNonce: integer('next_nonce').notNull().default(0),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blind_box_seeds_active').on(t.boxId).where(sql`${t.revealedAt} is null`)],
);

/** One opening of a box: what went into the draw, what came out and the order it made. */
export const blindBoxOpenings = pgTable(
  'blind_box_openings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    boxId: bigint('box_id', { mode: 'number' })
      .notNull()
      .references(() => blindBoxes.id),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => blindBoxSeeds.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** The published odds at the time of the opening: [prizeId, weight] in order. */
    odds: jsonb('odds').$type<[number, number][]>().notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => mallOrders.id),
    coins: integer('coins').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blind_box_openings_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('blind_box_openings_seed_nonce').on(t.seedId, t.nonce),
    index('blind_box_openings_user_idx').on(t.userId, t.id),
  ],
);
