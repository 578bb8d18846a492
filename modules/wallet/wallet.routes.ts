import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import type { Env } from '../../platform/env';
import { pageQuery } from '../../platform/paging';
import type { UserInfo } from '../accounts/accounts.contract';
import {
  COINS_PER_RMB,
  fenToUsdCents,
  levelFor,
  MOVEMENT_TYPES,
  membershipPricesRule,
  PACKAGE_MONTHS,
  type PayMethod,
  paymentOrder,
  paymentStart,
  productRule,
  rechargeOptionsRule,
  TIERS,
} from './wallet.contract';
import type { WalletDomain } from './wallet-domain';

const pageRule = pageQuery({ defaultSize: 20, maxSize: 50 });

const orderStarted = z.object({ order: paymentOrder, start: paymentStart });

/** Where a provider sends the browser back to: the coin details of the same site. */
const returnUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}/userInfo/water`;

/** The /java calls of payments, balances, levels and memberships (spec point 7). */
export async function walletRoutes(
  app: FastifyInstance,
  services: {
    env: Env;
    wallet: WalletDomain;
    /** Accounts are built on the wallet; the routes only read a user's balances through them. */
    accounts: { userInfo(uid: number): Promise<UserInfo> };
  },
) {
  const { env, wallet } = services;
  const { payments, memberships } = wallet;

  /** Each recharge option with what it gives and its price in USD for card and USDT. */
  const options = async (perRmb: number) =>
    (await wallet.rechargeOptions.list()).map((rmb) => ({
      rmb,
      amount: rmb * perRmb,
      usd: (fenToUsdCents(rmb * 100) / 100).toFixed(2),
      level: levelFor(rmb * 100),
    }));

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/gold/list',
    summary: 'Coin recharge options: RMB price, coins (1 RMB = 10), USD price, level the amount reaches',
    tags: ['payments'],
    handler: () => options(COINS_PER_RMB),
  });

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/score/list',
    summary: 'Diamond recharge options: RMB price, diamonds (at the configured rate), USD price',
    tags: ['payments'],
    handler: () => options(env.DIAMONDS_PER_RMB),
  });

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/getPayType',
    summary: 'The payment methods offered now (alipay, card, usdt) with their settlement currency',
    tags: ['payments'],
    handler: () => payments.methods(),
  });

  defineApi(app, {
    method: 'GET',
    path: '/system/payButton',
    summary: 'Whether the recharge button shows: true when at least one payment method is offered',
    tags: ['payments'],
    response: z.object({ show: z.boolean() }),
    handler: () => ({ show: payments.methods().length > 0 }),
  });

  for (const [method, path, name] of [
    ['alipay', '/orderpay/payByAlipay', 'Alipay QR code'],
    ['card', '/orderpay/payByCard', 'credit card (Stripe Checkout, in USD)'],
    ['usdt', '/orderpay/payByUsdt', 'USDT transfer of a unique amount (in USD)'],
  ] as [PayMethod, string, string][]) {
    defineApi(app, {
      method: 'POST',
      path,
      summary: `Create a payment order paid by ${name}: {product: coins|diamonds, rmb} or {product: membership, tier, months}; answers the order and how to pay`,
      tags: ['payments'],
      auth: 'required',
      body: productRule,
      response: orderStarted,
      handler: ({ body, user, request }) => payments.create(user.uid, method, body, returnUrl(request)),
    });
  }

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/order',
    summary: "One of the caller's payment orders and its status (created, paid, refunded, expired)",
    tags: ['payments'],
    auth: 'required',
    query: z.object({ orderNo: z.string().min(1).max(64) }),
    response: paymentOrder,
    handler: ({ query, user }) => payments.order(user.uid, query.orderNo),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/userGold',
    summary: "The caller's coins, diamonds, level and membership expiries",
    tags: ['user', 'payments'],
    auth: 'required',
    handler: async ({ user }) => {
      const info = await services.accounts.userInfo(user.uid);
      return {
        coins: info.coins,
        diamonds: info.diamonds,
        level: info.level,
        vipExpiresAt: info.vipExpiresAt,
        svipExpiresAt: info.svipExpiresAt,
      };
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/coinRecord',
    summary: "The caller's coin or diamond details, newest first, optionally of one movement type",
    tags: ['user', 'payments'],
    auth: 'required',
    query: pageRule.extend({
      currency: z.enum(['coin', 'diamond']).default('coin'),
      type: z.enum(MOVEMENT_TYPES).optional(),
    }),
    handler: ({ query, user }) => wallet.page(user.uid, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/getScoreOpenRecord',
    summary: "The caller's paid recharge orders (coins, diamonds, memberships paid by money), newest first",
    tags: ['user', 'payments'],
    auth: 'required',
    query: pageRule,
    handler: ({ query, user }) => payments.paidOrders(user.uid, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/getVipOpenRecord',
    summary: "The caller's VIP and SVIP purchases with the expiry each gave, newest first",
    tags: ['user', 'payments'],
    auth: 'required',
    query: pageRule,
    handler: ({ query, user }) => memberships.records(user.uid, query),
  });

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/vip/list',
    summary: 'VIP and SVIP packages: months and price in coins and RMB',
    tags: ['payments'],
    handler: async () => {
      const prices = await memberships.prices();
      return TIERS.flatMap((tier) =>
        PACKAGE_MONTHS.map((months) => {
          const coins = prices[tier][`${months}`];
          return { tier, months, coins, rmb: coins / COINS_PER_RMB };
        }),
      );
    },
  });

  const membershipChoice = z.object({
    tier: z.enum(TIERS),
    months: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || (PACKAGE_MONTHS as readonly number[]).includes(v), 'invalidValue')
      .transform((v) => v as 0 | 1 | 3 | 6 | 12),
  });

  defineApi(app, {
    method: 'GET',
    path: '/orderpay/getVipAmount',
    summary:
      'What a package costs the caller now, with the SVIP upgrade of remaining VIP time, and the expiry it gives (months 0: upgrade only)',
    tags: ['payments'],
    auth: 'required',
    query: membershipChoice,
    handler: async ({ query, user }) => {
      const quote = await memberships.quote(user.uid, query.tier, query.months);
      return {
        coins: quote.coins,
        upgradeCoins: quote.upgradeCoins,
        rmb: quote.coins / COINS_PER_RMB,
        expiresAt: (query.tier === 'vip' ? quote.vipExpiresAt : quote.svipExpiresAt)?.toISOString() ?? null,
      };
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/orderpay/buyVip',
    summary: 'Buy a VIP or SVIP package with coins; requestId makes a retried purchase count once',
    tags: ['payments'],
    auth: 'required',
    body: membershipChoice.extend({ requestId: z.string().min(8).max(64) }),
    handler: async ({ body, user }) => {
      const record = await memberships.buy({
        uid: user.uid,
        tier: body.tier,
        months: body.months,
        key: `request:${body.requestId}`,
      });
      const state = await memberships.state(user.uid);
      return {
        tier: record.tier,
        coins: record.coins,
        expiresAt: record.expiresAt.toISOString(),
        vipExpiresAt: state.vipExpiresAt?.toISOString() ?? null,
        svipExpiresAt: state.svipExpiresAt?.toISOString() ?? null,
      };
    },
  });

  // Administration

  const admin = { tags: ['admin'], auth: 'required' as const, roles: ['admin' as const] };

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/memberships/prices',
    summary: 'The VIP and SVIP package prices in coins (defaults until an administrator sets them)',
    handler: () => memberships.prices(),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/memberships/prices',
    summary: 'Set the VIP and SVIP package prices in coins; SVIP for a month may not cost less than VIP',
    body: membershipPricesRule,
    handler: ({ body, user }) => memberships.setPrices(user, body),
  });

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/wallet/rechargeOptions',
    summary: 'The recharge options in RMB (the level tiers until an administrator sets others)',
    handler: () => wallet.rechargeOptions.list(),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/wallet/rechargeOptions',
    summary:
      'Set the recharge options: 1 to 10 whole RMB amounts in ascending order; levels keep their tiers',
    body: z.object({ rmb: rechargeOptionsRule }),
    handler: ({ body, user }) => wallet.rechargeOptions.set(user, body.rmb),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/payments/refund',
    summary: 'Record a refund made at the provider: the credited coins or diamonds leave the balance',
    body: z.object({ orderNo: z.string().min(1).max(64), reason: z.string().trim().min(1).max(500) }),
    response: paymentOrder,
    handler: ({ body, user }) => payments.refund(user, body),
  });
}
