import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type GoodsCategory,
  IN_SITE_CATEGORIES,
  type OrderCategory,
  type OrderStatus,
} from './mall.contract';

/**
 * The order states and the moves between them (docs/decisions/023-mall-orders-and-blind-box.md).
 * Every change of an order's state is checked here and nowhere else.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  review: ['exchanging', 'cancelled'],
  exchanging: ['redeemed', 'charged_back'],
  redeemed: ['charged_back'],
  cancelled: [],
  charged_back: [],
};

/** Whether an order may move from one state to another; only physical goods come back after delivery. */
export function canMove(from: OrderStatus, to: OrderStatus, category: OrderCategory): boolean {
  if (!TRANSITIONS[from].includes(to)) return false;
  return !(from === 'redeemed' && category !== 'physical');
}

/** A buyer may only cancel an order still waiting for review; staff make every other move. */
export function buyerMayMove(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'review' && to === 'cancelled';
}

/** Cancelling and charging back give the coins back and put the goods back in stock. */
export const refunds = (to: OrderStatus) => to === 'cancelled' || to === 'charged_back';

/** In-site items and coins are applied at once; goods to deliver wait for the staff's review. */
export function initialStatus(category: OrderCategory): OrderStatus {
  return category === 'coins' || IN_SITE_CATEGORIES.includes(category as GoodsCategory)
    ? 'redeemed'
    : 'review';
}

/** What a delivery needs: a tracking number for physical goods, the card number for a virtual card. */
export function deliveryField(category: OrderCategory): 'trackingNumber' | 'cardNumber' | null {
  if (category === 'physical') return 'trackingNumber';
  if (category === 'virtual_card') return 'cardNumber';
  return null;
}

// Provable fairness

export const newServerSeed = () => randomBytes(32).toString('hex');
export const hashSeed = (seed: string) => createHash('sha256').update(seed).digest('hex');

/**
 * The roll of an opening, in [0, 1): the first 52 bits of HMAC-SHA256(server seed,
 * "client seed:nonce") over 2^52. Anyone holding the revealed seed can recompute it.
 */
export function rollOf(serverSeed: string, clientSeed: string, nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
  return Number.parseInt(hex.slice(0, 13), 16) / 2 ** 52;
}

/** The prize a roll lands on: the published odds laid end to end, in their order, over [0, 1). */
export function prizeFor(odds: readonly (readonly [id: number, weight: number])[], roll: number): number {
  const total = odds.reduce((sum, [, weight]) => sum + weight, 0);
  let point = Math.floor(roll * total);
  for (const [id, weight] of odds) {
    if (point < weight) return id;
    point -= weight;
  }
  throw new Error('a roll outside [0, 1)');
}

/** Odds in percent, two decimals, as they are published. */
export const percent = (weight: number, total: number) => Math.round((weight / total) * 10_000) / 100;
