import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWallet } from '../modules/wallet/wallet.service';
import { cleanUpAfterFile } from '../test/databases';
import { createPostgresDatabase, postgresAvailable } from '../test/services';
import type { Db } from './client';
import * as schema from './schema/index';

const folder = path.join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** A database the migrations are applied to by hand, one file at a time. */
interface Target {
  exec(text: string): Promise<void>;
  rows(text: string): Promise<Record<string, unknown>[]>;
  db: Db;
  close(): Promise<void>;
}

async function pglite(): Promise<Target> {
  const client = new PGlite({ extensions: { pg_trgm } });
  return {
    exec: async (text) => void (await client.exec(text)),
    rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    db: drizzlePglite(client, { schema }) as unknown as Db,
    close: () => client.close(),
  };
}

async function postgres(): Promise<Target> {
  const created = await createPostgresDatabase();
  cleanUpAfterFile(created.drop);
  const pool = new pg.Pool({ connectionString: created.url, max: 2 });
  return {
    exec: async (text) => void (await pool.query(text)),
    rows: async (text) => (await pool.query(text)).rows,
    db: drizzlePg(pool, { schema }) as unknown as Db,
    close: () => pool.end(),
  };
}

const targets = [
  { name: 'PGlite', open: pglite },
  ...(postgresAvailable ? [{ name: 'PostgreSQL', open: postgres }] : []),
];

async function apply(target: Target, file: string) {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint'))
    await target.exec(statement);
}

/**
 * The ledger as the one-sided code left it: welcomes and a recharge from nowhere, a membership
 * transfer, a second user's membership under the same key whose platform row the old ledger
 * skipped, a gift (the sender's coins gone, the anchor's diamonds come), a plan bought into
 * escrow under two keys and settled by transfers, and an administrator's grant.
 */
const HISTORY = `
  insert into users (uid, username, registration_source, registration_type)
    values (1, 'viewer', 'email', 1), (2, 'anchor', 'email', 1), (3, 'buyer', 'email', 1);
  insert into coin_records (user_id, account, currency, type, amount, balance_after, reference, idempotency_key, details, created_at) values
    (1, null, 'coin', 'registration_bonus', 200, 200, null, 'registration_bonus', '{}', '2026-01-01 10:00:00+00'),
    (2, null, 'coin', 'registration_bonus', 200, 200, null, 'registration_bonus', '{}', '2026-01-01 10:00:01+00'),
    (3, null, 'coin', 'registration_bonus', 200, 200, null, 'registration_bonus', '{}', '2026-01-01 10:00:02+00'),
    (1, null, 'coin', 'recharge', 100, 300, 'order:A', 'order:A', '{}', '2026-01-02 10:00:00+00'),
    (1, null, 'coin', 'membership', -100, 200, null, 'membership:request:x', '{}', '2026-01-03 10:00:00+00'),
    (null, 'platform', 'coin', 'membership', 100, 100, null, 'membership:request:x', '{}', '2026-01-03 10:00:00+00'),
    (3, null, 'coin', 'membership', -100, 100, null, 'membership:request:x', '{}', '2026-01-03 11:00:00+00'),
    (1, null, 'coin', 'gift_sent', -10, 190, 'gift_send:1', 'gift:p1', '{"roomId": 5}', '2026-01-04 10:00:00+00'),
    (2, null, 'diamond', 'gift_received', 5, 5, 'gift_send:1', 'gift:p1:1', '{"roomId": 5}', '2026-01-04 10:00:00+00'),
    (3, null, 'coin', 'plan_purchase', -50, 50, 'plan:7', 'plan_purchase:7', '{"planId": 7, "orderId": 1}', '2026-01-05 10:00:00+00'),
    (null, 'escrow', 'coin', 'escrow_hold', 50, 50, 'plan:7', 'escrow_hold:1', '{"planId": 7, "orderId": 1}', '2026-01-05 10:00:00+00'),
    (null, 'escrow', 'coin', 'escrow_release', -40, 10, 'plan:7', 'escrow_release:1', '{}', '2026-01-06 10:00:00+00'),
    (2, null, 'coin', 'escrow_release', 40, 240, 'plan:7', 'escrow_release:1', '{}', '2026-01-06 10:00:00+00'),
    (null, 'escrow', 'coin', 'platform_share', -10, 0, 'plan:7', 'platform_share:1', '{}', '2026-01-06 10:00:00+00'),
    (null, 'platform', 'coin', 'platform_share', 10, 110, 'plan:7', 'platform_share:1', '{}', '2026-01-06 10:00:00+00'),
    (1, null, 'coin', 'admin_adjustment', 30, 220, null, 'admin:k', '{"reason": "goodwill"}', '2026-01-07 10:00:00+00');
  update users u set
    coins = (select coalesce(sum(amount), 0) from coin_records r where r.user_id = u.uid and r.currency = 'coin'),
    diamonds = (select coalesce(sum(amount), 0) from coin_records r where r.user_id = u.uid and r.currency = 'diamond');
  update ledger_accounts a set
    coins = (select coalesce(sum(amount), 0) from coin_records r where r.account = a.name and r.currency = 'coin'),
    diamonds = (select coalesce(sum(amount), 0) from coin_records r where r.account = a.name and r.currency = 'diamond');`;

describe.each(targets)('migration 0030 (double entry) on a ledger already in use on $name', ({ open }) => {
  let target: Target;
  beforeAll(async () => {
    target = await open();
    for (const file of files.filter((name) => name < '0030')) await apply(target, file);
    await target.exec(HISTORY);
    await apply(target, files.find((name) => name.startsWith('0030_')) as string);
  });
  afterAll(() => target?.close());

  /** Every row of the transaction that holds the row of `key` for `holder`. */
  async function transactionOf(holder: string, key: string) {
    return target.rows(`
      select coalesce('user:' || user_id, 'account:' || account) as holder, currency, type, amount::int as amount
      from coin_records
      where transaction_id = (select transaction_id from coin_records
        where coalesce('user:' || user_id, 'account:' || account) = '${holder}' and idempotency_key = '${key}')
      order by id`);
  }

  it('balances every transaction and keeps every balance the sum of its rows', async () => {
    expect(await createWallet(target.db).audit()).toEqual([]);
    expect(
      await target.rows('select count(*)::int as n from coin_records where transaction_id is null'),
    ).toEqual([{ n: 0 }]);
  });

  it('books the one-sided rows against issuance, the platform and escrow', async () => {
    expect(
      await target.rows('select name, coins::int, diamonds::int from ledger_accounts order by name'),
    ).toEqual([
      { name: 'escrow', coins: 0, diamonds: 0 },
      // The welcomes, the recharge and the grant came from outside.
      { name: 'issuance', coins: -730, diamonds: 0 },
      // Both memberships, the gift and the tip's share in; the anchor's diamonds out.
      { name: 'platform', coins: 220, diamonds: -5 },
    ]);
    expect(await transactionOf('user:1', 'order:A')).toEqual([
      { holder: 'user:1', currency: 'coin', type: 'recharge', amount: 100 },
      { holder: 'account:issuance', currency: 'coin', type: 'recharge', amount: -100 },
    ]);
    expect(await transactionOf('user:3', 'membership:request:x')).toEqual([
      { holder: 'user:3', currency: 'coin', type: 'membership', amount: -100 },
      { holder: 'account:platform', currency: 'coin', type: 'membership', amount: 100 },
    ]);
  });

  it('makes a gift one transaction through the platform account', async () => {
    expect(await transactionOf('user:1', 'gift:p1')).toEqual([
      { holder: 'user:1', currency: 'coin', type: 'gift_sent', amount: -10 },
      { holder: 'user:2', currency: 'diamond', type: 'gift_received', amount: 5 },
      { holder: 'account:platform', currency: 'coin', type: 'gift_sent', amount: 10 },
      { holder: 'account:platform', currency: 'diamond', type: 'gift_received', amount: -5 },
    ]);
  });

  it('keeps the transfers and the plan purchase as they were, each one transaction', async () => {
    expect(await transactionOf('user:1', 'membership:request:x')).toEqual([
      { holder: 'user:1', currency: 'coin', type: 'membership', amount: -100 },
      { holder: 'account:platform', currency: 'coin', type: 'membership', amount: 100 },
    ]);
    expect(await transactionOf('user:3', 'plan_purchase:7')).toEqual([
      { holder: 'user:3', currency: 'coin', type: 'plan_purchase', amount: -50 },
      { holder: 'account:escrow', currency: 'coin', type: 'escrow_hold', amount: 50 },
    ]);
    expect(await transactionOf('account:platform', 'platform_share:1')).toEqual([
      { holder: 'account:escrow', currency: 'coin', type: 'platform_share', amount: -10 },
      { holder: 'account:platform', currency: 'coin', type: 'platform_share', amount: 10 },
    ]);
  });

  it('moves nothing again for a request retried after the upgrade, and numbers new transactions after the old', async () => {
    const wallet = createWallet(target.db);
    const [before] = await target.rows('select max(transaction_id) as id from coin_records');
    const membership = {
      from: { userId: 3 },
      to: { account: 'platform' as const },
      currency: 'coin' as const,
      amount: 100,
      type: 'membership' as const,
      idempotencyKey: 'membership:request:x',
    };
    await wallet.transfer(membership);
    await wallet.transfer({ ...membership, amount: 50, idempotencyKey: 'membership:request:y' });
    expect(await wallet.accountBalance('platform')).toEqual({ coins: 270, diamonds: -5 });
    const [after] = await target.rows(
      "select transaction_id as id from coin_records where user_id = 3 and idempotency_key = 'membership:request:y'",
    );
    expect(Number(after?.id)).toBeGreaterThan(Number(before?.id));
    expect(await wallet.audit()).toEqual([]);
  });
});
