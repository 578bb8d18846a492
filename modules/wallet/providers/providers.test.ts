import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { buildTestApp } from '../../../test/app';
import { cleanUpAfterFile } from '../../../test/databases';
import { javaClient } from '../../../test/java';
import { alipayProvider, alipaySigningString, rsa2Sign } from './alipay';
import { stripeProvider } from './stripe';
import type { ChainTransfer } from './usdt';
import { createUsdtWatcher } from './usdt';

describe('the Stripe card provider', () => {
  const webhookSecret = 'whsec_test_secret';
  const provider = stripeProvider({ secretKey: 'sk_test_unused', webhookSecret });
  const stripe = new Stripe('sk_test_unused');
  const event = (session: object) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', object: 'checkout.session', ...session } },
    });
  const signed = (payload: string, secret = webhookSecret) => ({
    headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    body: Buffer.from(payload),
  });

  it('accepts a correctly signed checkout.session.completed and reads the order', () => {
    const payload = event({ client_reference_id: 'P1', amount_total: 14286, payment_status: 'paid' });
    expect(provider.verify(signed(payload))).toEqual({
      orderNo: 'P1',
      currency: 'USD',
      amount: 14286,
      outcome: 'paid',
      providerRef: 'cs_test_1',
    });
  });

  it('refuses a tampered payload and a payload signed with another secret', () => {
    const payload = event({ client_reference_id: 'P1', amount_total: 14286, payment_status: 'paid' });
    const { headers } = signed(payload);
    const tampered = { headers, body: Buffer.from(payload.replace('14286', '99999')) };
    expect(() => provider.verify(tampered)).toThrow(/signature/);
    expect(() => provider.verify(signed(payload, 'whsec_other'))).toThrow(/signature/);
  });

  it('ignores events that settle nothing', () => {
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(provider.verify(signed(payload))).toBeNull();
  });
});

describe('the Alipay provider', () => {
  // Alipay's key pair stands in for the real one: the notification is signed with its private key.
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = alipayProvider({
    appId: '2021000000000001',
    privateKey: ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gateway: 'https://openapi.alipay.com/gateway.do',
    notifyUrl: 'https://example.com/pay/notify/alipay',
  });
  const notification = (params: Record<string, string>) => {
    const sign = rsa2Sign(
      alipaySigningString(params, ['sign', 'sign_type']),
      alipayKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    return new URLSearchParams({ ...params, sign, sign_type: 'RSA2' });
  };
  const params = {
    app_id: '2021000000000001',
    notify_id: 'n1',
    out_trade_no: 'P2',
    trade_no: '2026112222001',
    total_amount: '200.00',
    trade_status: 'TRADE_SUCCESS',
    subject: '2000 coins',
  };

  it('accepts an RSA2-signed notification and reads the amount in fen', () => {
    const body = Buffer.from(notification(params).toString());
    expect(provider.verify({ headers: {}, body })).toEqual({
      orderNo: 'P2',
      currency: 'CNY',
      amount: 20000,
      outcome: 'paid',
      providerRef: '2026112222001',
    });
  });

  it('refuses a notification whose amount was changed after signing, or signed by another key', () => {
    const form = notification(params);
    form.set('total_amount', '2000.00');
    expect(() => provider.verify({ headers: {}, body: Buffer.from(form.toString()) })).toThrow(/signature/);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = new URLSearchParams({
      ...params,
      sign_type: 'RSA2',
      sign: rsa2Sign(
        alipaySigningString(params, ['sign', 'sign_type']),
        other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ),
    });
    expect(() => provider.verify({ headers: {}, body: Buffer.from(forged.toString()) })).toThrow(/signature/);
  });
});

describe('the USDT provider', () => {
  it('gives each open order its own amount and settles it once from the chain source', async () => {
    const address = 'TXreceivingAddressForTests000000';
    const app = await buildTestApp({ env: { USDT_ADDRESS: address } });
    cleanUpAfterFile(() => app.close());
    const java = javaClient(app);
    const row = await app.services.accounts.register({ email: 'usdt@example.com', source: 'email', type: 1 });
    const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
    const start = async () =>
      (await java.call('POST', '/orderpay/payByUsdt', { body: { product: 'coins', rmb: 10 }, token })).result;
    const [a, b] = [await start(), await start()];
    expect(a.start).toMatchObject({ kind: 'transfer', address, network: 'TRC-20' });
    expect(a.order.amount).not.toBe(b.order.amount);
    for (const o of [a.order, b.order]) {
      // 10 RMB = 1.43 USD, plus a tail below one cent.
      expect(o.amount).toBeGreaterThan(1_430_000);
      expect(o.amount).toBeLessThan(1_440_000);
    }

    // A stand-in chain: the transfer for order a (seen twice, as a poll would), and a stray one.
    const transfers: ChainTransfer[] = [
      { txHash: 'tx1', to: address, amountMicros: a.order.amount, confirmed: true },
      { txHash: 'tx2', to: address, amountMicros: 5_000_000, confirmed: true },
      { txHash: 'tx3', to: address, amountMicros: b.order.amount, confirmed: false },
    ];
    const { payments } = app.services.wallet;
    const unmatched: ChainTransfer[] = [];
    const watcher = createUsdtWatcher({
      source: { recentTransfersTo: async () => transfers },
      address,
      orderFor: payments.usdtOrderFor,
      settle: (notice) => payments.settle('usdt', notice),
      onUnmatched: (t) => unmatched.push(t),
    });
    await watcher.poll();
    await watcher.poll();
    const [user] = await app.services.database.db.select().from(users).where(eq(users.uid, row.uid));
    expect(user?.coins).toBe(200 + 100);
    expect(unmatched.map((t) => t.txHash)).toEqual(['tx2', 'tx2']);
    expect(await app.services.wallet.audit()).toEqual([]);
    expect((await payments.order(row.uid, a.order.orderNo)).status).toBe('paid');
    expect((await payments.order(row.uid, b.order.orderNo)).status).toBe('created');
  });
});
