import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { Settings } from '../system';
import { createMemberships } from './memberships.service';
import { createPayments } from './payments.service';
import { alipayProvider } from './providers/alipay';
import type { PaymentProvider } from './providers/provider';
import { SANDBOX_SIGNATURE_HEADER, sandboxProvider } from './providers/sandbox';
import { stripeProvider } from './providers/stripe';
import { createUsdtWatcher, tronGridSource, usdtProvider } from './providers/usdt';
import { createRechargeOptions } from './recharge-options.service';
import type { PayMethod, SettlementCurrency } from './wallet.contract';
import { createWallet } from './wallet.service';

/** What the wallet is built from. */
export interface WalletDeps {
  database: Database;
  env: Env;
  log: Logger;
  bus: Bus;
  settings: Settings;
  /** Signs the sandbox provider's notifications. */
  secret: string;
  devAdapters: boolean;
}

/**
 * The providers a deployment has: each method by its real provider when configured, else by the
 * sandbox while the dev adapters are on, else not offered.
 */
function providersFor({ env, secret, devAdapters }: WalletDeps) {
  const sandbox = sandboxProvider(secret);
  const real: Partial<Record<PayMethod, PaymentProvider>> = {
    card:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
        : undefined,
    alipay:
      env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
        ? alipayProvider({
            appId: env.ALIPAY_APP_ID,
            privateKey: env.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
            gateway: env.ALIPAY_GATEWAY,
            notifyUrl: `${env.PUBLIC_URL ?? ''}/pay/notify/alipay`,
          })
        : undefined,
    usdt: env.USDT_ADDRESS ? usdtProvider(env.USDT_ADDRESS) : undefined,
  };
  const providers = Object.fromEntries(
    (['alipay', 'card', 'usdt'] as const).flatMap((method) => {
      const provider = real[method] ?? (devAdapters ? sandbox : undefined);
      return provider ? [[method, provider]] : [];
    }),
  );
  return { providers, sandbox };
}

/**
 * The wallet: the ledger (the only place balances change), memberships and payments, built
 * once by the composition root.
 */
export function createWalletDomain(deps: WalletDeps) {
  const { env, log, bus, settings } = deps;
  const { db } = deps.database;
  const wallet = createWallet(db);
  const memberships = createMemberships({ db, wallet, settings });
  const rechargeOptions = createRechargeOptions({ settings });
  const { providers, sandbox } = providersFor(deps);
  const payments = createPayments({
    db,
    wallet,
    memberships,
    rechargeOptions,
    bus,
    log,
    providers,
    diamondsPerRmb: env.DIAMONDS_PER_RMB,
    orderMinutes: env.PAYMENT_ORDER_MINUTES,
  });
  const address = env.USDT_ADDRESS;
  const usdtWatcher =
    address &&
    createUsdtWatcher({
      source: tronGridSource(env.USDT_TRONGRID_URL),
      address,
      orderFor: payments.usdtOrderFor,
      settle: (notice) => payments.settle('usdt', notice),
      onUnmatched: (transfer) =>
        log.warn({ transfer }, 'a USDT transfer matches no open order; check it by hand'),
    });
  /** The sandbox checkout's buttons: a signed notification to our callback, as a provider sends. */
  async function decideInSandbox(orderNo: string, outcome: 'paid' | 'declined') {
    const order = await payments.byNumber(orderNo);
    if (!order) throw new AppError('paymentOrderUnknown');
    const { body, signature } = sandbox.notificationFor({
      orderNo,
      currency: order.currency as SettlementCurrency,
      amount: order.amount,
      outcome,
      providerRef: `SBX-${orderNo}`,
    });
    return payments.receive('sandbox', {
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
      body: Buffer.from(body),
    });
  }

  return {
    ...wallet,
    memberships,
    rechargeOptions,
    payments,
    sandbox,
    decideInSandbox,
    usdtWatcher: usdtWatcher || undefined,
  };
}

export type WalletDomain = ReturnType<typeof createWalletDomain>;
