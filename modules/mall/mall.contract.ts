import { z } from 'zod';

/** The coin mall and the blind box (spec points 1 to 5), shared by the server and the pages. */

export const GOODS_CATEGORIES = ['physical', 'virtual_card', 'vip_days', 'diamonds'] as const;
export type GoodsCategory = (typeof GOODS_CATEGORIES)[number];
/** In-site items are applied the moment they are exchanged. */
export const IN_SITE_CATEGORIES: readonly GoodsCategory[] = ['vip_days', 'diamonds'];
/** What an order can be for: goods, or the coins a blind box gave. */
export type OrderCategory = GoodsCategory | 'coins';

export const GOODS_SORTS = ['popular', 'newest', 'price'] as const;
export const GOODS_PAGE_SIZE = 12;
export const ORDERS_PAGE_SIZE = 10;
export const MAX_QUANTITY = 10;
export const IMAGES_PER_GOODS = 6;
export const GOODS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** docs/decisions/023-mall-orders-and-blind-box.md */
export const ORDER_STATUSES = ['review', 'exchanging', 'redeemed', 'cancelled', 'charged_back'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PRIZE_KINDS = ['goods', 'coins', 'vip_days'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export const idRule = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().min(1).max(max);
/** Letters, digits and dashes of a client's idempotency key. */
export const keyRule = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalidFormat');

/** Recipient, address and contact (spec point 5): required for physical goods, by the server. */
export const shippingRule = z.object({
  recipient: z.string().trim().max(50).optional(),
  address: z.string().trim().max(300).optional(),
  contact: z.string().trim().max(50).optional(),
});
export type Shipping = z.output<typeof shippingRule>;

export const exchangeInput = shippingRule.extend({
  goodsId: idRule,
  quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY).default(1),
  remark: z.string().trim().max(200).optional(),
  idempotencyKey: keyRule,
});
export type ExchangeInput = z.output<typeof exchangeInput>;

/** A moment as an ISO 8601 UTC time ("2026-12-01T00:00:00.000Z"). */
const dateRule = z.iso
  .datetime()
  .transform((value) => new Date(value))
  .nullable()
  .optional();

export const goodsInput = z
  .object({
    id: idRule.optional(),
    name: text(80),
    description: z.string().max(20_000).default(''),
    images: z.array(z.string().regex(/^\/uploads\/[A-Za-z0-9/_.-]+$/, 'invalidFormat')).max(IMAGES_PER_GOODS),
    category: z.enum(GOODS_CATEGORIES),
    priceCoins: z.coerce.number().int().min(1).max(10_000_000),
    grant: z.coerce.number().int().min(0).max(1_000_000).default(0),
    inventory: z.coerce.number().int().min(0).max(1_000_000),
    limitPerUser: z.coerce.number().int().min(1).max(1000).nullable().default(null),
    onShelf: z.boolean().default(false),
    startsAt: dateRule,
    endsAt: dateRule,
  })
  .refine((g) => !(g.category === 'vip_days' || g.category === 'diamonds') || g.grant > 0, {
    path: ['grant'],
    message: 'tooSmall',
  })
  .refine((g) => !g.startsAt || !g.endsAt || g.startsAt < g.endsAt, {
    path: ['endsAt'],
    message: 'invalidValue',
  });
export type GoodsInput = z.output<typeof goodsInput>;

export const transitionInput = z.object({
  orderNo: z.string().min(1).max(40),
  to: z.enum(ORDER_STATUSES),
  trackingNumber: z.string().trim().min(4).max(60).optional(),
  cardNumber: z.string().trim().min(4).max(120).optional(),
  remark: z.string().trim().max(300).optional(),
});
export type TransitionInput = z.output<typeof transitionInput>;

export const prizeInput = z.object({
  kind: z.enum(PRIZE_KINDS),
  goodsId: idRule.optional(),
  amount: z.coerce.number().int().min(1).max(1_000_000),
  weight: z.coerce.number().int().min(1).max(1_000_000),
});

export const boxInput = z.object({
  id: idRule.optional(),
  name: text(80),
  description: z.string().trim().max(500).default(''),
  image: z
    .string()
    .regex(/^\/uploads\/[A-Za-z0-9/_.-]+$/, 'invalidFormat')
    .nullable()
    .default(null),
  priceCoins: z.coerce.number().int().min(1).max(1_000_000),
  active: z.boolean().default(true),
  prizes: z
    .array(prizeInput)
    .min(2)
    .max(20)
    .refine((prizes) => prizes.every((p) => p.kind !== 'goods' || p.goodsId), 'required'),
});
export type BoxInput = z.output<typeof boxInput>;

export const openInput = z.object({
  boxId: idRule,
  clientSeed: z.string().regex(/^[\w-]{1,64}$/, 'invalidFormat'),
  /** The seed hash the buyer was shown: the opening is refused if it is no longer the committed one. */
  seedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'invalidFormat')
    .optional(),
  idempotencyKey: keyRule,
});
export type OpenInput = z.output<typeof openInput>;

/** Where the physical prize of an opening is to be delivered. */
export const prizeAddressInput = shippingRule.extend({ openingId: idRule });
export type PrizeAddressInput = z.output<typeof prizeAddressInput>;

// Wire shapes

export interface GoodsSummary {
  id: number;
  name: string;
  image: string | null;
  category: GoodsCategory;
  priceCoins: number;
  grant: number;
  inventory: number;
  exchangeCount: number;
}

export interface GoodsDetails extends GoodsSummary {
  description: string;
  images: string[];
  limitPerUser: number | null;
  onShelf: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** On the shelf, inside its window and in stock. */
  available: boolean;
}

export interface OrderEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
  at: string;
}

export interface OrderView {
  orderNo: string;
  goodsId: number | null;
  goodsName: string;
  category: OrderCategory;
  quantity: number;
  coins: number;
  grant: number;
  status: OrderStatus;
  source: 'exchange' | 'blind_box';
  recipient: string | null;
  address: string | null;
  contact: string | null;
  remark: string | null;
  adminRemark: string | null;
  trackingNumber: string | null;
  /** Only the buyer ever receives it. */
  cardNumber: string | null;
  createdAt: string;
  history: OrderEvent[];
}

export interface AdminOrderView extends OrderView {
  userId: number;
  username: string;
}

export interface OrderConfirmation {
  goods: GoodsDetails;
  quantity: number;
  coins: number;
  balance: number;
  balanceAfter: number;
  needsShipping: boolean;
}

export interface PrizeView {
  id: number;
  kind: PrizeKind;
  goodsId: number | null;
  name: string;
  amount: number;
  weight: number;
  /** Published odds in percent, to two decimals. */
  odds: number;
}

export interface BoxView {
  id: number;
  name: string;
  description: string;
  image: string | null;
  priceCoins: number;
  active: boolean;
  prizes: PrizeView[];
  /** SHA-256 of the active server seed: committed before any opening made with it. */
  seedHash: string;
  nextNonce: number;
}

export interface OpeningView {
  id: number;
  boxId: number;
  boxName: string;
  clientSeed: string;
  nonce: number;
  seedHash: string;
  /** Shown once the seed was rotated. */
  serverSeed: string | null;
  prize: PrizeView;
  orderNo: string;
  /** A prize that ships and still has no delivery details: the winner is asked for them. */
  needsAddress: boolean;
  coins: number;
  createdAt: string;
}

export interface Verification {
  opening: OpeningView;
  /** The seed the outcome was recomputed with: the one given, else the revealed one. */
  serverSeed: string | null;
  /** The seed hashes to the committed hash. */
  hashMatches: boolean;
  /** The prize the recomputation gives; null when there is no seed to recompute with yet. */
  recomputedPrizeId: number | null;
  roll: number | null;
  verified: boolean;
}
