import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { users } from '../../db/schema/index';
import { createPostgresDatabase, postgresAvailable } from '../../test/services';
import { createWallet } from './wallet.service';

const targets = [
  {
    name: 'PGlite',
    open: async () => ({ database: await openDatabase({ dataDir: null }), drop: async () => {} }),
  },
  ...(postgresAvailable
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const created = await createPostgresDatabase();
            return { database: await openDatabase({ url: created.url, poolSize: 20 }), drop: created.drop };
          },
        },
      ]
    : []),
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function freshWallet(open: (typeof targets)[number]['open']) {
  const { database, drop } = await open();
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  const [user] = await database.db
    .insert(users)
    .values({ username: 'ledger1', registrationSource: 'test', registrationType: 1 })
    .returning();
  return { wallet: createWallet(database.db), uid: (user as { uid: number }).uid };
}

describe.each(targets)('the wallet on $name', ({ open }) => {
  it('credits and debits with a ledger row each, and refuses to go below zero', async () => {
    const { wallet, uid } = await freshWallet(open);
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
    const { wallet, uid } = await freshWallet(open);
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
    const { wallet, uid } = await freshWallet(open);
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
