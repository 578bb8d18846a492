import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSvip, isVip } from '../../platform/roles';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { grant } from '../../test/ledger';
import { DEFAULT_MEMBERSHIP_PRICES, MONTH_MS, quoteMembership } from './wallet.contract';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-11-22T08:00:00Z');
const none = { vipExpiresAt: null, svipExpiresAt: null };
const prices = DEFAULT_MEMBERSHIP_PRICES;

describe('the membership price rules', () => {
  it('charges the SVIP upgrade of 10 VIP days left at the monthly difference: (600 - 300) x 10/30 = 100 coins', () => {
    const vipLeft = { vipExpiresAt: new Date(now.getTime() + 10 * DAY), svipExpiresAt: null };
    expect(quoteMembership(prices, vipLeft, 'svip', 0, now)).toEqual({
      coins: 100,
      upgradeCoins: 100,
      vipExpiresAt: vipLeft.vipExpiresAt,
      svipExpiresAt: vipLeft.vipExpiresAt,
    });
    // Buying a month of SVIP then costs the month and the upgrade, and adds the month after it.
    expect(quoteMembership(prices, vipLeft, 'svip', 1, now)).toMatchObject({
      coins: 600 + 100,
      svipExpiresAt: new Date(now.getTime() + 10 * DAY + MONTH_MS),
    });
  });

  it('rounds the upgrade down to the coin, in the user’s favour', () => {
    // 10 days and 2 hours: 300 x 10.0833/30 = 100.83 coins -> 100.
    const state = { vipExpiresAt: new Date(now.getTime() + 10 * DAY + 2 * 3600_000), svipExpiresAt: null };
    expect(quoteMembership(prices, state, 'svip', 0, now)?.upgradeCoins).toBe(100);
    // With odd prices: (333 - 250) x 7/30 = 19.37 -> 19.
    const odd = { ...prices, vip: { ...prices.vip, 1: 250 }, svip: { ...prices.svip, 1: 333 } };
    const week = { vipExpiresAt: new Date(now.getTime() + 7 * DAY), svipExpiresAt: null };
    expect(quoteMembership(odd, week, 'svip', 0, now)?.upgradeCoins).toBe(19);
  });

  it('has nothing to upgrade without VIP time, and VIP bought during SVIP starts when SVIP ends', () => {
    expect(quoteMembership(prices, none, 'svip', 0, now)).toBeUndefined();
    const svip = { vipExpiresAt: null, svipExpiresAt: new Date(now.getTime() + 5 * DAY) };
    expect(quoteMembership(prices, svip, 'vip', 1, now)?.vipExpiresAt).toEqual(
      new Date(now.getTime() + 5 * DAY + MONTH_MS),
    );
  });
});

let app: FastifyInstance;
let java: JavaClient;

async function fanWithCoins(extra: number) {
  const row = await app.services.accounts.register({
    email: `member${Date.now()}${Math.random()}@example.com`,
    source: 'email',
    type: 1,
  });
  await grant(app.services.wallet, row.uid, extra, 'test-grant');
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

describe.each(databaseTargets)('buying memberships on $name', (target) => {
  beforeAll(async () => {
    app = await buildTestApp({
      database: await target.create(),
      env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'ledger2026' },
    });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  it('answers a purchase sent five times at once with the same request the same way, charging once', async () => {
    const { token } = await fanWithCoins(1000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        java.call('POST', '/orderpay/buyVip', {
          body: { tier: 'vip', months: 1, requestId: 'bought-at-once' },
          token,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill('success'));
    expect(new Set(answers.map((a) => a.result.expiresAt)).size).toBe(1);
    expect((await java.call('GET', '/user/userGold', { token })).result.coins).toBe(1200 - 300);
    expect(await app.services.wallet.audit()).toEqual([]);
  });

  it('extends the expiry when 1 and then 3 months are bought back to back, once per request', async () => {
    const { uid, token } = await fanWithCoins(1000);
    const platformBefore = (await app.services.wallet.accountBalance('platform')).coins;
    const buy = (months: number, requestId: string) =>
      java.call('POST', '/orderpay/buyVip', { body: { tier: 'vip', months, requestId }, token });
    const before = Date.now();
    const first = await buy(1, 'request-one');
    const again = await buy(1, 'request-one');
    const second = await buy(3, 'request-two');
    const after = Date.now();
    expect(again.result.expiresAt).toBe(first.result.expiresAt);
    const firstExpiry = new Date(first.result.expiresAt).getTime();
    expect(firstExpiry).toBeGreaterThanOrEqual(before + MONTH_MS);
    expect(firstExpiry).toBeLessThanOrEqual(after + MONTH_MS);
    expect(new Date(second.result.expiresAt).getTime()).toBe(firstExpiry + 3 * MONTH_MS);
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(gold.result.coins).toBe(1200 - 300 - 800);
    expect(isVip(gold.result)).toBe(true);
    expect(isSvip(gold.result)).toBe(false);
    const history = await java.call('GET', '/user/getVipOpenRecord', { token });
    expect(history.result.list.map((r: { months: number }) => r.months)).toEqual([3, 1]);
    expect(await app.services.wallet.accountBalance('platform')).toMatchObject({
      coins: platformBefore + 1100,
    });
    expect(await app.services.wallet.audit()).toEqual([]);
    expect(uid).toBeGreaterThan(0);
  });

  it('quotes and sells the SVIP upgrade through the API, refusing when coins are short', async () => {
    const { token } = await fanWithCoins(100);
    await java.call('POST', '/orderpay/buyVip', {
      body: { tier: 'vip', months: 1, requestId: 'vip-month' },
      token,
    });
    const quote = await java.call('GET', '/orderpay/getVipAmount?tier=svip&months=0', { token });
    // 30 days of VIP left (less the test's milliseconds): just under 300 coins.
    expect(quote.result.upgradeCoins).toBe(299);
    const short = await java.call('POST', '/orderpay/buyVip', {
      body: { tier: 'svip', months: 1, requestId: 'svip-month' },
      token,
    });
    expect(short.errorCode).toBe(4005);
    const gold = await java.call('GET', '/user/userGold', { token });
    expect(isSvip(gold.result)).toBe(false);
  });

  it('lets only an administrator change the prices, and sells at the new ones', async () => {
    const { token } = await fanWithCoins(1);
    const next = {
      vip: { 1: 200, 3: 500, 6: 900, 12: 1600 },
      svip: { 1: 400, 3: 1000, 6: 1800, 12: 3200 },
    };
    const refused = await java.call('POST', '/admin/memberships/prices', { body: next, token });
    expect(refused.errorCode).toBe(1004);
    const admin = await java.post('/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: 'boss@example.com',
      password: 'ledger2026',
    });
    const adminToken = admin.result.token;
    const cheaperSvip = { ...next, svip: { ...next.svip, 1: 100 } };
    const bad = await java.call('POST', '/admin/memberships/prices', {
      body: cheaperSvip,
      token: adminToken,
    });
    expect(bad.errorCode).toBe(1002);
    const saved = await java.call('POST', '/admin/memberships/prices', { body: next, token: adminToken });
    expect(saved.status).toBe('success');
    const list = await java.get('/orderpay/vip/list');
    expect(list.result[0]).toEqual({ tier: 'vip', months: 1, coins: 200, rmb: 20 });
    const bought = await java.call('POST', '/orderpay/buyVip', {
      body: { tier: 'vip', months: 1, requestId: 'cheaper-month' },
      token,
    });
    expect(bought.result.coins).toBe(200);
  });
});
