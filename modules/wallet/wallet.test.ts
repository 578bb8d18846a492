import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { databaseTargets, openTestDatabase, type TestDatabaseTarget } from '../../test/databases';
import { createWallet } from './wallet.service';

/** A wallet on a fresh database of the target, with one user; a large pool for the concurrency test. */
async function freshWallet(target: TestDatabaseTarget) {
  const database = await openTestDatabase(target, { poolSize: 20 });
  const [user] = await database.db
    .insert(users)
    .values({ username: 'ledger1', registrationSource: 'test', registrationType: 1 })
    .returning();
  return { wallet: createWallet(database.db), uid: (user as { uid: number }).uid, db: database.db };
}

describe.each(databaseTargets)('the wallet on $name', (target) => {
  it('credits and debits with a ledger row each, and refuses to go below zero', async () => {
    const { wallet, uid } = await freshWallet(target);
    await wallet.move({
      userId: uid,
      currency: 'coin',
      amount: 200,
      type: 'registration_bonus',
      idempotencyKey: 'r',
    });
    const spent = await wallet.move({
      userId: uid,
      currency: 'coin',
      amount: -150,
      type: 'plan_purchase',
      idempotencyKey: 'p1',
    });
    expect(spent).toMatchObject({ amount: -150, balanceAfter: 50 });
    await expect(
      wallet.move({
        userId: uid,
        currency: 'coin',
        amount: -51,
        type: 'plan_purchase',
        idempotencyKey: 'p2',
      }),
    ).rejects.toMatchObject({ key: 'insufficientCoins' });
    await expect(
      wallet.move({ userId: uid, currency: 'diamond', amount: -1, type: 'gift_sent', idempotencyKey: 'g1' }),
    ).rejects.toMatchObject({ key: 'insufficientDiamonds' });
    expect(await wallet.records(uid, { page: 1, size: 10 })).toHaveLength(2);
    expect(await wallet.audit()).toEqual([]);
  });

  it('moves money once for a retried request, also when the retries race', async () => {
    const { wallet, uid } = await freshWallet(target);
    const credit = () =>
      wallet.move({
        userId: uid,
        currency: 'coin',
        amount: 100,
        type: 'recharge',
        idempotencyKey: 'order:7',
      });
    const rows = await Promise.all(Array.from({ length: 10 }, credit));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await wallet.records(uid, { page: 1, size: 10 })).toMatchObject([
      { amount: 100, balanceAfter: 100 },
    ]);
  });

  it('moves money once when retries race inside the callers’ own transactions, and none of them fails', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    // Every pooled connection open first, so the retries really overlap.
    await Promise.all(Array.from({ length: 20 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const credit = () =>
      db.transaction((tx) =>
        wallet.move(
          { userId: uid, currency: 'coin', amount: 100, type: 'recharge', idempotencyKey: 'order:8' },
          tx,
        ),
      );
    const rows = await Promise.all(Array.from({ length: 20 }, credit));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await wallet.records(uid, { page: 1, size: 10 })).toMatchObject([
      { amount: 100, balanceAfter: 100 },
    ]);
  });

  it('lets exactly 500 of 1,000 concurrent 1-coin spends through a balance of 500', async () => {
    const { wallet, uid } = await freshWallet(target);
    await wallet.move({
      userId: uid,
      currency: 'coin',
      amount: 500,
      type: 'admin_adjustment',
      idempotencyKey: 'seed',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        wallet.move({
          userId: uid,
          currency: 'coin',
          amount: -1,
          type: 'live_unlock',
          idempotencyKey: `unlock:${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(500);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.every((r) => r.reason.key === 'insufficientCoins')).toBe(true);
    const spends = await wallet.records(uid, { page: 1, size: 2000, type: 'live_unlock' });
    expect(spends).toHaveLength(500);
    expect(spends[0]?.balanceAfter).toBe(0);
    expect(await wallet.audit()).toEqual([]);
  }, 60_000);

  it('keeps escrowed coins in the books until they are released, shared or refunded', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    const [expert] = await db
      .insert(users)
      .values({
        username: 'expert1',
        registrationSource: 'test',
        registrationType: 1,
        promotionChannelId: 'ch7',
      })
      .returning();
    const expertId = (expert as { uid: number }).uid;
    await wallet.move({ userId: uid, currency: 'coin', amount: 300, type: 'recharge', idempotencyKey: 'o1' });
    const hold = {
      from: { userId: uid },
      to: { account: 'escrow' as const },
      currency: 'coin' as const,
      amount: 100,
      type: 'escrow_hold' as const,
      idempotencyKey: 'plan:9:buyer',
    };
    await wallet.transfer(hold);
    await wallet.transfer(hold);
    expect(await wallet.accountBalance('escrow')).toEqual({ coins: 100, diamonds: 0 });
    // The tip won: the expert gets 80, the platform 20.
    await wallet.transfer({
      from: { account: 'escrow' },
      to: { userId: expertId },
      currency: 'coin',
      amount: 80,
      type: 'escrow_release',
      idempotencyKey: 'plan:9:settle:expert',
    });
    await wallet.transfer({
      from: { account: 'escrow' },
      to: { account: 'platform' },
      currency: 'coin',
      amount: 20,
      type: 'platform_share',
      idempotencyKey: 'plan:9:settle:platform',
    });
    expect(await wallet.accountBalance('escrow')).toEqual({ coins: 0, diamonds: 0 });
    expect(await wallet.accountBalance('platform')).toEqual({ coins: 20, diamonds: 0 });
    await expect(
      wallet.transfer({ ...hold, from: { account: 'escrow' }, to: { userId: uid }, idempotencyKey: 'x' }),
    ).rejects.toMatchObject({ key: 'insufficientCoins' });
    const [earning] = await wallet.records(expertId, { page: 1, size: 1 });
    expect(earning).toMatchObject({ type: 'escrow_release', amount: 80, balanceAfter: 80 });
    expect(await wallet.audit()).toEqual([]);
  });

  it('keeps every balance equal to the sum of its records under random interleavings', async () => {
    const { wallet, db } = await freshWallet(target);
    const uids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await db
        .insert(users)
        .values({ username: `random${i}`, registrationSource: 'test', registrationType: 1 })
        .returning();
      uids.push((row as { uid: number }).uid);
    }
    const step = fc.record({
      user: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('recharge', 'spend', 'refund', 'replay'),
      amount: fc.integer({ min: 1, max: 50 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        run += 1;
        const keys: { userId: number; key: string; amount: number; type: 'recharge' | 'plan_purchase' }[] =
          [];
        // Every step of a run starts at once, so they interleave in the database.
        await Promise.allSettled(
          steps.map(async (s, i) => {
            const userId = uids[s.user] as number;
            if (s.kind === 'recharge' || (s.kind === 'replay' && keys.length === 0)) {
              keys.push({ userId, key: `r${run}:${i}`, amount: s.amount, type: 'recharge' });
              return wallet.move({
                userId,
                currency: 'coin',
                amount: s.amount,
                type: 'recharge',
                idempotencyKey: `r${run}:${i}`,
              });
            }
            if (s.kind === 'spend') {
              keys.push({ userId, key: `s${run}:${i}`, amount: -s.amount, type: 'plan_purchase' });
              return wallet.transfer({
                from: { userId },
                to: { account: 'escrow' },
                currency: 'coin',
                amount: s.amount,
                type: 'escrow_hold',
                idempotencyKey: `s${run}:${i}`,
              });
            }
            if (s.kind === 'refund') {
              return wallet.transfer({
                from: { account: 'escrow' },
                to: { userId },
                currency: 'coin',
                amount: s.amount,
                type: 'plan_refund',
                idempotencyKey: `f${run}:${i}`,
              });
            }
            const earlier = keys[s.amount % keys.length] as (typeof keys)[number];
            return wallet.move({
              userId: earlier.userId,
              currency: 'coin',
              amount: earlier.amount,
              type: earlier.type,
              idempotencyKey: earlier.key,
            });
          }),
        );
        expect(await wallet.audit()).toEqual([]);
        const negatives = await db.$count(users, sql`${users.coins} < 0`);
        expect(negatives).toBe(0);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
