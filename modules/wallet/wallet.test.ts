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
  return { wallet: createWallet(database.db), uid: (user as { uid: number }).uid };
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

  it('lets exactly as many concurrent spends through as the balance allows', async () => {
    const { wallet, uid } = await freshWallet(target);
    await wallet.move({
      userId: uid,
      currency: 'coin',
      amount: 50,
      type: 'admin_adjustment',
      idempotencyKey: 'seed',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        wallet.move({
          userId: uid,
          currency: 'coin',
          amount: -1,
          type: 'gift_sent',
          idempotencyKey: `gift:${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    const records = await wallet.records(uid, { page: 1, size: 200 });
    expect(records).toHaveLength(51);
    expect(records[0]?.balanceAfter).toBe(0);
    expect(await wallet.audit()).toEqual([]);
  });
});
