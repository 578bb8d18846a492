import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, users } from '../../db/schema/index';
import type { SessionUser } from '../../platform/sessions';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { grant, transactionOf } from '../../test/ledger';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox';

let app: FastifyInstance;
let java: JavaClient;

let serial = 0;
/** A fresh account (with the 200-coin bonus) and a login token. */
async function fan() {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `payer${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
    promotionChannelId: 'spring-campaign',
  });
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

/** An account acting as the administrator who records a refund. */
async function anAdministrator(): Promise<SessionUser> {
  const { uid } = await fan();
  return { uid, username: `admin${uid}`, roles: ['user', 'admin'] };
}

const coins = async (uid: number) =>
  (await app.services.database.db.select().from(users).where(eq(users.uid, uid)))[0]?.coins;

async function order(token: string, path: string, body: unknown) {
  const answer = await java.call('POST', path, { body, token });
  expect(answer.status).toBe('success');
  return answer.result.order as { orderNo: string; amount: number; currency: string; coins: number };
}

/** Posts a notification to our callback as the sandbox provider would, signed or not. */
function notify(body: object, signature?: string) {
  const text = JSON.stringify(body);
  const { sandbox } = sandboxOf();
  return app.inject({
    method: 'POST',
    url: '/pay/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? sandbox.sign(text),
    },
    payload: text,
  });
}

const sandboxOf = () => ({ sandbox: app.services.wallet.sandbox });

const paid = (o: { orderNo: string; amount: number; currency: string }) => ({
  orderNo: o.orderNo,
  currency: o.currency,
  amount: o.amount,
  outcome: 'paid',
  providerRef: `SBX-${o.orderNo}`,
});

describe.each(databaseTargets)('payments through the sandbox provider on $name', (target) => {
  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create(), env: { DEV_ADAPTERS: 'true' } });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  it('offers the five options at 1 RMB = 10 coins and every method', async () => {
    const { result: options } = await java.get('/orderpay/gold/list');
    expect(options.map((o: { rmb: number; amount: number }) => [o.rmb, o.amount])).toEqual([
      [10, 100],
      [200, 2000],
      [1000, 10000],
      [3000, 30000],
      [10000, 100000],
    ]);
    expect(options[2].usd).toBe('142.86');
    const { result: methods } = await java.get('/orderpay/getPayType');
    expect(methods.map((m: { method: string }) => m.method)).toEqual(['alipay', 'card', 'usdt']);
    expect((await java.get('/system/payButton')).result).toEqual({ show: true });
  });

  it('credits 10 RMB as 100 coins once, however often the notification is replayed', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb: 10 });
    expect(created).toMatchObject({ currency: 'CNY', amount: 1000, coins: 100 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(paid(created))));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await coins(uid)).toBe(200 + 100);
    const records = await app.services.wallet.records(uid, { page: 1, size: 10, type: 'recharge' });
    expect(records).toHaveLength(1);
    // Bought with real money: from the issuance account, once.
    expect(await transactionOf(app.services.database.db, uid, 'recharge')).toEqual([
      { holder: 'account:issuance', currency: 'coin', amount: -100, type: 'recharge' },
      { holder: `user:${uid}`, currency: 'coin', amount: 100, type: 'recharge' },
    ]);
    const status = await java.call('GET', `/orderpay/order?orderNo=${created.orderNo}`, { token });
    expect(status.result.status).toBe('paid');
    expect(await app.services.wallet.audit()).toEqual([]);
  });

  it('refuses a forged signature, a changed amount and an unknown order, crediting nothing', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb: 200 });
    const forged = await notify(paid(created), 'ab'.repeat(32));
    expect(forged.statusCode).toBe(400);
    const changed = await notify({ ...paid(created), amount: 1 });
    expect([changed.statusCode, changed.body]).toEqual([400, 'paymentAmountMismatch']);
    const unknown = await notify({ ...paid(created), orderNo: 'P000UNKNOWN' });
    expect([unknown.statusCode, unknown.body]).toEqual([404, 'paymentOrderUnknown']);
    expect(await coins(uid)).toBe(200);
    const status = await java.call('GET', `/orderpay/order?orderNo=${created.orderNo}`, { token });
    expect(status.result.status).toBe('created');
  });

  it('never pays an expired order', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb: 10 });
    await app.services.database.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.orderNo, created.orderNo));
    const late = await notify(paid(created));
    expect([late.statusCode, late.body]).toEqual([400, 'paymentOrderExpired']);
    expect(await coins(uid)).toBe(200);
    const status = await java.call('GET', `/orderpay/order?orderNo=${created.orderNo}`, { token });
    expect(status.result.status).toBe('expired');
  });

  it('charges 142.86 USD by card for 1000 RMB, credits 10,000 coins and reaches level 3', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByCard', { product: 'coins', rmb: 1000 });
    expect(created).toMatchObject({ currency: 'USD', amount: 14286, coins: 10000 });
    expect((await notify(paid(created))).statusCode).toBe(200);
    expect(await coins(uid)).toBe(200 + 10000);
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(gold.result).toMatchObject({ coins: 10200, level: 3 });
    const [ledger] = await app.services.wallet.records(uid, { page: 1, size: 1 });
    expect(ledger).toMatchObject({ type: 'recharge', amount: 10000 });
    const [row] = await app.services.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, created.orderNo));
    expect(row?.channel).toBe('spring-campaign');
  });

  it('reaches a level by the recharges added up: 10 + 200 + 790 RMB', async () => {
    const { token } = await fan();
    const level = async () => (await java.call('GET', '/user/userGold', { token })).result.level;
    for (const rmb of [10, 200]) {
      await notify(paid(await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb })));
    }
    expect(await level()).toBe(2);
    // 10 more of 10 RMB and three of 200 RMB make 1,000 RMB in total.
    for (const rmb of [200, 200, 200, ...Array(19).fill(10)]) {
      await notify(paid(await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb })));
    }
    expect(await level()).toBe(3);
  });

  it('buys diamonds at the configured rate in the same dialog', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'diamonds', rmb: 200 });
    await notify(paid(created));
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(gold.result).toMatchObject({ coins: 200, diamonds: 2000 });
    const details = await java.call('GET', '/user/coinRecord?currency=diamond', { token });
    expect(details.result.list).toMatchObject([{ type: 'recharge', amount: 2000, balanceAfter: 2000 }]);
    expect(await transactionOf(app.services.database.db, uid, 'recharge')).toEqual([
      { holder: 'account:issuance', currency: 'diamond', amount: -2000, type: 'recharge' },
      { holder: `user:${uid}`, currency: 'diamond', amount: 2000, type: 'recharge' },
    ]);
    expect(await app.services.wallet.audit()).toEqual([]);
    expect(uid).toBeGreaterThan(0);
  });

  it('sells a month of VIP for money: its coins are bought and spent in one step', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', {
      product: 'membership',
      tier: 'vip',
      months: 1,
    });
    expect(created).toMatchObject({ currency: 'CNY', amount: 3000, coins: 300 });
    await notify(paid(created));
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(gold.result.coins).toBe(200);
    expect(new Date(gold.result.vipExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const types = (await app.services.wallet.records(uid, { page: 1, size: 5 })).map((r) => [
      r.type,
      r.amount,
    ]);
    expect(types).toEqual([
      ['membership', -300],
      ['recharge', 300],
      ['registration_bonus', 200],
    ]);
  });

  it('never takes more than the quote: an SVIP upgrade ordered at ~300 coins, paid after more VIP was bought', async () => {
    const { uid, token } = await fan();
    await grant(app.services.wallet, uid, 10_000, 'test-grant');
    const buyVip = (months: number, requestId: string) =>
      java.call('POST', '/orderpay/buyVip', { body: { tier: 'vip', months, requestId }, token });
    expect((await buyVip(1, 'first-month')).status).toBe('success');
    const upgrade = await order(token, '/orderpay/payByCard', {
      product: 'membership',
      tier: 'svip',
      months: 0,
    });
    expect(upgrade.coins).toBeGreaterThanOrEqual(299);
    expect(upgrade.coins).toBeLessThanOrEqual(300);
    // A year more of VIP before paying: the upgrade of all that time now costs about 3,900 coins.
    expect((await buyVip(12, 'one-more-year')).status).toBe('success');
    const quoteNow = await java.call('GET', '/orderpay/getVipAmount?tier=svip&months=0', { token });
    expect(quoteNow.result.coins).toBeGreaterThan(3_800);
    const before = await coins(uid);

    await notify(paid(upgrade));
    // The paid coins stay; no SVIP, no coins taken beyond what was paid for.
    expect(await coins(uid)).toBe((before ?? 0) + upgrade.coins);
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(gold.result.svipExpiresAt).toBeNull();
    const history = await java.call('GET', '/user/getVipOpenRecord', { token });
    expect(history.result.list.map((r: { tier: string }) => r.tier)).toEqual(['vip', 'vip']);
    expect(await app.services.wallet.audit()).toEqual([]);
  });

  it('lets a declined payment credit nothing and keeps the order open', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb: 10 });
    await app.services.wallet.decideInSandbox(created.orderNo, 'declined');
    expect(await coins(uid)).toBe(200);
    await app.services.wallet.decideInSandbox(created.orderNo, 'paid');
    expect(await coins(uid)).toBe(300);
  });

  it('records a refund made at the provider and lowers the level again', async () => {
    const { uid, token } = await fan();
    const created = await order(token, '/orderpay/payByAlipay', { product: 'coins', rmb: 10 });
    await notify(paid(created));
    const refunded = await app.services.wallet.payments.refund(await anAdministrator(), {
      orderNo: created.orderNo,
      reason: 'refunded at the provider',
    });
    expect(refunded.status).toBe('refunded');
    expect(await coins(uid)).toBe(200);
    // Paid back at the provider: to the issuance account.
    expect(await transactionOf(app.services.database.db, uid, 'recharge_refund')).toEqual([
      { holder: `user:${uid}`, currency: 'coin', amount: -100, type: 'recharge_refund' },
      { holder: 'account:issuance', currency: 'coin', amount: 100, type: 'recharge_refund' },
    ]);
    expect((await java.call('GET', '/user/userGold', { token })).result.level).toBe(0);
    // A refunded order stays refunded when the provider repeats its notification.
    await notify(paid(created));
    expect(await coins(uid)).toBe(200);
    expect(await app.services.wallet.audit()).toEqual([]);
  });

  it('answers bad input with the field and reason', async () => {
    const { token } = await fan();
    const answer = await java.call('POST', '/orderpay/payByAlipay', {
      body: { product: 'coins', rmb: 11 },
      token,
    });
    expect(answer).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(answer.result.issues[0].field).toBe('rmb');
    const guest = await java.call('POST', '/orderpay/payByAlipay', { body: { product: 'coins', rmb: 10 } });
    expect(guest.errorCode).toBe(1003);
  });
});
