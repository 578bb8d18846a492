import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderCategory, type OrderStatus } from './mall.contract';
import { buyerMayMove, canMove, hashSeed, initialStatus, prizeFor, refunds, rollOf } from './mall.rules';

/** docs/decisions/023-mall-orders-and-blind-box.md, as a table: every move not listed is forbidden. */
const ALLOWED: [OrderStatus, OrderStatus, OrderCategory[]][] = [
  ['review', 'exchanging', ['physical', 'virtual_card']],
  ['review', 'cancelled', ['physical', 'virtual_card']],
  ['exchanging', 'redeemed', ['physical', 'virtual_card']],
  ['exchanging', 'charged_back', ['physical', 'virtual_card']],
  ['redeemed', 'charged_back', ['physical']],
];
const CATEGORIES: OrderCategory[] = ['physical', 'virtual_card', 'vip_days', 'diamonds', 'coins'];

describe('mall order states', () => {
  it('allow exactly the moves of the decision record, for every category', () => {
    for (const category of CATEGORIES)
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES) {
          // In-site items and coins start redeemed and never come back.
          const listed = ALLOWED.some(([f, t, cats]) => f === from && t === to && cats.includes(category));
          const reachable =
            listed || (from !== 'redeemed' && ALLOWED.some(([f, t]) => f === from && t === to));
          expect(canMove(from, to, category), `${category}: ${from} -> ${to}`).toBe(reachable);
        }
  });

  it('start goods to deliver under review and in-site items and coins redeemed', () => {
    expect(initialStatus('physical')).toBe('review');
    expect(initialStatus('virtual_card')).toBe('review');
    expect(initialStatus('vip_days')).toBe('redeemed');
    expect(initialStatus('diamonds')).toBe('redeemed');
    expect(initialStatus('coins')).toBe('redeemed');
  });

  it('let a buyer only cancel an order under review, and refund on cancel and charge-back only', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(buyerMayMove(from, to), `${from} -> ${to}`).toBe(from === 'review' && to === 'cancelled');
    expect(ORDER_STATUSES.filter(refunds)).toEqual(['cancelled', 'charged_back']);
  });
});

/** The demo box's published odds, in parts of 10,000. */
const ODDS: [number, number][] = [
  [1, 4500],
  [2, 2500],
  [3, 2000],
  [4, 800],
  [5, 200],
];
const SEED = 'f0'.repeat(32);

/** Pearson's chi-square of counted outcomes against the odds. */
function chiSquare(draw: (nonce: number) => number, n: number) {
  const counts = new Map<number, number>();
  for (let nonce = 0; nonce < n; nonce += 1) {
    const id = draw(nonce);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const total = ODDS.reduce((sum, [, w]) => sum + w, 0);
  return ODDS.reduce((sum, [id, w]) => {
    const expected = (n * w) / total;
    return sum + ((counts.get(id) ?? 0) - expected) ** 2 / expected;
  }, 0);
}

/** The chi-square critical value for 4 degrees of freedom (5 prizes) at significance 0.001. */
const CRITICAL_4DF_0_001 = 18.467;

describe('the blind box draw', () => {
  it('matches the published odds over 100,000 openings: chi-square below the 0.001 critical value', () => {
    const statistic = chiSquare((nonce) => prizeFor(ODDS, rollOf(SEED, 'chi-square', nonce)), 100_000);
    expect(statistic).toBeLessThan(CRITICAL_4DF_0_001);
  });

  it('would fail the same test if the draw ignored the odds', () => {
    const uniform = chiSquare((nonce) => 1 + Math.floor(rollOf(SEED, 'chi-square', nonce) * 5), 100_000);
    expect(uniform).toBeGreaterThan(CRITICAL_4DF_0_001);
  });

  it('is HMAC-SHA256(server seed, "clientSeed:nonce") and the same inputs give the same roll', () => {
    const hmac = createHmac('sha256', SEED).update('me:7').digest('hex');
    expect(rollOf(SEED, 'me', 7)).toBe(Number.parseInt(hmac.slice(0, 13), 16) / 2 ** 52);
    expect(rollOf(SEED, 'me', 7)).toBe(rollOf(SEED, 'me', 7));
    expect(rollOf(SEED, 'me', 7)).not.toBe(rollOf(SEED, 'me', 8));
    expect(hashSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('lays the odds end to end over [0, 1)', () => {
    expect(prizeFor(ODDS, 0)).toBe(1);
    expect(prizeFor(ODDS, 0.4499)).toBe(1);
    expect(prizeFor(ODDS, 0.45)).toBe(2);
    expect(prizeFor(ODDS, 0.9799)).toBe(4);
    expect(prizeFor(ODDS, 0.98)).toBe(5);
    expect(prizeFor(ODDS, 0.99999999)).toBe(5);
  });
});
