import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinRecords, users } from '../../db/schema/index';
import { databaseTargets, openTestDatabase, type TestDatabaseTarget } from '../../test/databases';
import { grant, transactionsOf } from '../../test/ledger';
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
  it('credits and debits by transfers that balance, and refuses to go below zero', async () => {
    const { wallet, uid } = await freshWallet(target);
    await grant(wallet, uid, 200, 'r', { type: 'registration_bonus' });
    const spent = await wallet.transfer({
      from: { userId: uid },
      to: { account: 'escrow' },
      currency: 'coin',
      amount: 150,
      type: 'plan_purchase',
      creditType: 'escrow_hold',
      idempotencyKey: 'p1',
    });
    expect(spent).toMatchObject({ type: 'plan_purchase', amount: -150, balanceAfter: 50 });
    await expect(
      wallet.transfer({
        from: { userId: uid },
        to: { account: 'escrow' },
        currency: 'coin',
        amount: 51,
        type: 'plan_purchase',
        idempotencyKey: 'p2',
      }),
    ).rejects.toMatchObject({ key: 'insufficientCoins' });
    await expect(
      wallet.transfer({
        from: { userId: uid },
        to: { account: 'platform' },
        currency: 'diamond',
        amount: 1,
        type: 'gift_sent',
        idempotencyKey: 'g1',
      }),
    ).rejects.toMatchObject({ key: 'insufficientDiamonds' });
    // The user's history shows the user's rows only, never the counter accounts'.
    expect(await wallet.records(uid, { page: 1, size: 10 })).toMatchObject([
      { type: 'plan_purchase', amount: -150 },
      { type: 'registration_bonus', amount: 200 },
    ]);
    expect(await wallet.accountBalance('issuance')).toEqual({ coins: -200, diamonds: 0 });
    expect(await wallet.accountBalance('escrow')).toEqual({ coins: 150, diamonds: 0 });
    expect(await wallet.audit()).toEqual([]);
  });

  it('books each transfer as one transaction whose rows sum to zero, the account’s key qualified by the user', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    await wallet.transfer({
      from: { account: 'issuance' },
      to: { userId: uid },
      currency: 'coin',
      amount: 100,
      type: 'recharge',
      idempotencyKey: 'order:1',
      reference: 'order:1',
    });
    expect(await transactionsOf(db, eq(coinRecords.reference, 'order:1'))).toEqual([
      [
        { holder: 'account:issuance', currency: 'coin', amount: -100, type: 'recharge' },
        { holder: `user:${uid}`, currency: 'coin', amount: 100, type: 'recharge' },
      ],
    ]);
    const keys = await db
      .select({ account: coinRecords.account, key: coinRecords.idempotencyKey })
      .from(coinRecords)
      .where(eq(coinRecords.reference, 'order:1'))
      .orderBy(asc(coinRecords.id));
    expect(keys).toEqual([
      { account: 'issuance', key: `user:${uid}:order:1` },
      { account: null, key: 'order:1' },
    ]);
  });

  it('lets two users choose the same key: each pays the platform once', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    const [other] = await db
      .insert(users)
      .values({ username: 'ledger2', registrationSource: 'test', registrationType: 1 })
      .returning();
    const otherId = (other as { uid: number }).uid;
    for (const userId of [uid, otherId]) {
      await grant(wallet, userId, 300, 'grant');
      for (let i = 0; i < 2; i++)
        await wallet.transfer({
          from: { userId },
          to: { account: 'platform' },
          currency: 'coin',
          amount: 300,
          type: 'membership',
          idempotencyKey: 'membership:request:same',
        });
    }
    expect(await wallet.accountBalance('platform')).toEqual({ coins: 600, diamonds: 0 });
    expect(await wallet.accountBalance('issuance')).toEqual({ coins: -600, diamonds: 0 });
    expect(await wallet.audit()).toEqual([]);
  });

  it('lets the platform and issuance go below zero, never escrow', async () => {
    const { wallet, uid } = await freshWallet(target);
    await wallet.transfer({
      from: { account: 'platform' },
      to: { userId: uid },
      currency: 'diamond',
      amount: 40,
      type: 'gift_received',
      idempotencyKey: 'gift:1:9',
    });
    expect(await wallet.accountBalance('platform')).toEqual({ coins: 0, diamonds: -40 });
    await expect(
      wallet.transfer({
        from: { account: 'escrow' },
        to: { userId: uid },
        currency: 'coin',
        amount: 1,
        type: 'plan_refund',
        idempotencyKey: 'plan_refund:1',
      }),
    ).rejects.toMatchObject({ key: 'insufficientCoins' });
    expect(await wallet.audit()).toEqual([]);
  });

  it('reports a planted transaction that does not balance, and a balance that differs from its rows', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    await grant(wallet, uid, 50, 'order:2', { type: 'recharge' });
    const [paid] = await db.select().from(coinRecords).where(eq(coinRecords.userId, uid));
    // A one-sided row, as the ledger kept before double entry: the user's coins from nowhere.
    await db.insert(coinRecords).values({
      transactionId: (paid?.transactionId as number) + 1000,
      userId: uid,
      currency: 'coin',
      type: 'admin_adjustment',
      amount: 7,
      balanceAfter: 57,
      idempotencyKey: 'planted',
    });
    expect(await wallet.audit()).toEqual([
      { holder: `user:${uid}`, currency: 'coin', balance: 50, ledger: 57 },
      {
        holder: `transaction:${(paid?.transactionId as number) + 1000}`,
        currency: 'coin',
        balance: 0,
        ledger: 7,
      },
    ]);
  });

  it('moves money once for a retried request, also when the retries race', async () => {
    const { wallet, uid } = await freshWallet(target);
    const credit = () => grant(wallet, uid, 100, 'order:7', { type: 'recharge' });
    const rows = await Promise.all(Array.from({ length: 10 }, credit));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await wallet.records(uid, { page: 1, size: 10 })).toMatchObject([
      { amount: 100, balanceAfter: 100 },
    ]);
    expect(await wallet.accountBalance('issuance')).toEqual({ coins: -100, diamonds: 0 });
    expect(await wallet.audit()).toEqual([]);
  });

  it('moves money once when retries race inside the callers’ own transactions, and none of them fails', async () => {
    const { wallet, uid, db } = await freshWallet(target);
    // Every pooled connection open first, so the retries really overlap.
    await Promise.all(Array.from({ length: 20 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const credit = () =>
      db.transaction((tx) =>
        wallet.transfer(
          {
            from: { account: 'issuance' },
            to: { userId: uid },
            currency: 'coin',
            amount: 100,
            type: 'recharge',
            idempotencyKey: 'order:8',
          },
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
    await grant(wallet, uid, 500, 'seed');
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        wallet.transfer({
          from: { userId: uid },
          to: { account: 'platform' },
          currency: 'coin',
          amount: 1,
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
    expect(await wallet.accountBalance('platform')).toEqual({ coins: 500, diamonds: 0 });
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
    await grant(wallet, uid, 300, 'o1', { type: 'recharge' });
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
        const keys: { userId: number; key: string; amount: number; type: 'recharge' | 'escrow_hold' }[] = [];
        // Every step of a run starts at once, so they interleave in the database.
        await Promise.allSettled(
          steps.map(async (s, i) => {
            const userId = uids[s.user] as number;
            if (s.kind === 'recharge' || (s.kind === 'replay' && keys.length === 0)) {
              keys.push({ userId, key: `r${run}:${i}`, amount: s.amount, type: 'recharge' });
              return grant(wallet, userId, s.amount, `r${run}:${i}`, { type: 'recharge' });
            }
            if (s.kind === 'spend') {
              keys.push({ userId, key: `s${run}:${i}`, amount: -s.amount, type: 'escrow_hold' });
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
            const user = { userId: earlier.userId };
            return wallet.transfer({
              from: earlier.amount > 0 ? { account: 'issuance' } : user,
              to: earlier.amount > 0 ? user : { account: 'escrow' },
              currency: 'coin',
              amount: Math.abs(earlier.amount),
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
