import { z } from 'zod';

/**
 * The money rules of spec points 1 and 9 (docs/decisions/009-payments-and-memberships.md),
 * shared by the server and the pages. Prices are whole RMB fen (1 RMB = 100 fen) until a
 * provider's currency is chosen.
 */

/**
 * The level tiers, in RMB of cumulative recharge (spec point 9). They are also the recharge
 * options until an administrator sets others (the levels stay on these tiers).
 */
export const LEVEL_TIERS_RMB = [10, 200, 1000, 3000, 10000] as const;
export const COINS_PER_RMB = 10;
/** Card and USDT payments are settled in USD at this rate. */
export const RMB_PER_USD = 7;
/** USDT has 6 decimals; amounts are kept in millionths. */
export const USDT_MICROS_PER_CENT = 10_000;

export const PAY_METHODS = ['alipay', 'card', 'usdt'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** The settlement currency of each method. */
export const METHOD_CURRENCY = { alipay: 'CNY', card: 'USD', usdt: 'USDT' } as const satisfies Record<
  PayMethod,
  string
>;
export type SettlementCurrency = (typeof METHOD_CURRENCY)[PayMethod];

/** RMB fen in USD cents, to the nearest cent (1000 RMB -> 142.86 USD). */
export function fenToUsdCents(fen: number): number {
  return Math.round(fen / RMB_PER_USD);
}

/** What a price in fen costs in a method's currency, in that currency's minor unit. */
export function settlementAmount(fen: number, method: PayMethod): number {
  if (method === 'alipay') return fen;
  const cents = fenToUsdCents(fen);
  return method === 'card' ? cents : cents * USDT_MICROS_PER_CENT;
}

/** User levels: one per recharge tier reached by the cumulative recharge (0 below the first). */
export function levelFor(totalRechargedFen: number): number {
  return LEVEL_TIERS_RMB.filter((rmb) => totalRechargedFen >= rmb * 100).length;
}

export const MAX_LEVEL = LEVEL_TIERS_RMB.length;

/** The recharge options an administrator sets: whole RMB amounts, in ascending order, each once. */
export const rechargeOptionsRule = z
  .array(z.number().int().min(1).max(100_000))
  .min(1)
  .max(10)
  .refine((list) => list.every((rmb, i) => i === 0 || rmb > (list[i - 1] ?? 0)), 'invalidValue');

// Memberships

export const TIERS = ['vip', 'svip'] as const;
export type Tier = (typeof TIERS)[number];
export const PACKAGE_MONTHS = [1, 3, 6, 12] as const;
export type PackageMonths = (typeof PACKAGE_MONTHS)[number];
/** A month of membership is 30 days, so every package and the upgrade count whole days alike. */
export const MONTH_MS = 30 * 24 * 3600 * 1000;

/** Package prices in coins, per tier and months; an administrator edits them. */
export type MembershipPrices = Record<Tier, Record<`${PackageMonths}`, number>>;

export const DEFAULT_MEMBERSHIP_PRICES: MembershipPrices = {
  vip: { 1: 300, 3: 800, 6: 1500, 12: 2800 },
  svip: { 1: 600, 3: 1600, 6: 3000, 12: 5600 },
};

const price = z.number().int().min(1).max(10_000_000);
const tierPrices = z.object({ 1: price, 3: price, 6: price, 12: price });
export const membershipPricesRule = z
  .object({ vip: tierPrices, svip: tierPrices })
  .refine((p) => p.svip[1] >= p.vip[1], { path: ['svip', '1'], message: 'invalidValue' });

export interface MembershipState {
  vipExpiresAt: Date | null;
  svipExpiresAt: Date | null;
}

export interface MembershipQuote {
  /** Everything the purchase costs, the upgrade included. */
  coins: number;
  /** The part that upgrades remaining VIP time to SVIP. */
  upgradeCoins: number;
  vipExpiresAt: Date | null;
  svipExpiresAt: Date | null;
}

const later = (a: number, b: Date | null) => Math.max(a, b?.getTime() ?? 0);

/**
 * The price and new expiries of buying `months` of a tier (months 0: only upgrade the remaining
 * VIP time to SVIP). Buying extends from the current expiry. VIP bought during SVIP starts when
 * SVIP ends. SVIP first upgrades the VIP time left after any SVIP, for the difference of the
 * one-month prices per 30 days of it, rounded down to the coin (in the user's favour).
 * Undefined when there is nothing to buy.
 */
export function quoteMembership(
  prices: MembershipPrices,
  state: MembershipState,
  tier: Tier,
  months: PackageMonths | 0,
  now: Date,
): MembershipQuote | undefined {
  const span = months * MONTH_MS;
  if (tier === 'vip') {
    if (months === 0) return undefined;
    const from = later(later(now.getTime(), state.vipExpiresAt), state.svipExpiresAt);
    return {
      coins: prices.vip[`${months}`],
      upgradeCoins: 0,
      vipExpiresAt: new Date(from + span),
      svipExpiresAt: state.svipExpiresAt,
    };
  }
  const svipFrom = later(now.getTime(), state.svipExpiresAt);
  const vipLeft = Math.max(0, (state.vipExpiresAt?.getTime() ?? 0) - svipFrom);
  if (months === 0 && vipLeft === 0) return undefined;
  const upgradeCoins = Math.floor(((prices.svip[1] - prices.vip[1]) * vipLeft) / MONTH_MS);
  return {
    coins: (months === 0 ? 0 : prices.svip[`${months}`]) + upgradeCoins,
    upgradeCoins,
    vipExpiresAt: state.vipExpiresAt,
    svipExpiresAt: new Date(svipFrom + vipLeft + span),
  };
}

// API shapes

export const productRule = z.discriminatedUnion('product', [
  z.object({
    product: z.literal('coins'),
    // One of the recharge options of the moment: checked by the payments service.
    rmb: z.coerce.number().int().positive(),
  }),
  z.object({
    product: z.literal('diamonds'),
    // One of the recharge options of the moment: checked by the payments service.
    rmb: z.coerce.number().int().positive(),
  }),
  z.object({
    product: z.literal('membership'),
    tier: z.enum(TIERS),
    months: z.coerce
      .number()
      .refine((v) => v === 0 || (PACKAGE_MONTHS as readonly number[]).includes(v), 'invalidValue')
      .transform((v) => v as PackageMonths | 0),
  }),
]);
export type Product = z.output<typeof productRule>;

/** How the browser completes a payment: open the provider's page, show a QR code, or a transfer. */
export const paymentStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('qr'), content: z.string() }),
  z.object({ kind: z.literal('transfer'), address: z.string(), amount: z.string(), network: z.string() }),
]);
export type PaymentStart = z.infer<typeof paymentStart>;

export const ORDER_STATUSES = ['created', 'paid', 'refunded', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const paymentOrder = z.object({
  orderNo: z.string(),
  method: z.enum(PAY_METHODS),
  product: z.string(),
  priceFen: z.number(),
  currency: z.string(),
  amount: z.number(),
  coins: z.number(),
  diamonds: z.number(),
  status: z.enum(ORDER_STATUSES),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentOrderView = z.infer<typeof paymentOrder>;

/** The payWs message on the owner's private channel when an order is settled or declined. */
export interface PaymentPush {
  type: 'payment';
  orderNo: string;
  outcome: 'paid' | 'declined';
  coins: number;
  diamonds: number;
  level: number;
}

/** The owner's private push channel: only that signed-in user may subscribe to it. */
export const userChannel = (uid: number) => `user:${uid}`;

/** Why a balance moved; every ledger row names one (and the details page filters by it). */
export const MOVEMENT_TYPES = [
  'registration_bonus',
  'recharge',
  'recharge_refund',
  'plan_purchase',
  'plan_refund',
  'escrow_hold',
  'escrow_release',
  'platform_share',
  'gift_sent',
  'gift_received',
  'live_unlock',
  'mall_exchange',
  'mall_refund',
  'membership',
  'blind_box',
  'admin_adjustment',
  'account_closure_forfeit',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
