import { AppError } from '../../lib/errors';
import type { Services } from '../../server/services';
import { createMemberships } from './memberships.service';
import { createPayments } from './payments.service';
import { alipayProvider } from './providers/alipay';
import type { PaymentProvider } from './providers/provider';
import { SANDBOX_SIGNATURE_HEADER, sandboxProvider } from './providers/sandbox';
import { stripeProvider } from './providers/stripe';
import { createUsdtWatcher, tronGridSource, usdtProvider } from './providers/usdt';
import type { PayMethod, SettlementCurrency } from './wallet.contract';

/**
 * The providers a deployment has: each method by its real provider when configured, else by the
 * sandbox while the dev adapters are on, else not offered.
 */
function providersFor(services: Services) {
  const { env } = services;
  const sandbox = sandboxProvider(services.secret);
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
      const provider = real[method] ?? (services.devAdapters ? sandbox : undefined);
      return provider ? [[method, provider]] : [];
    }),
  );
  return { providers, sandbox };
}

function createWalletDomain(services: Services) {
  const { db } = services.database;
  const memberships = createMemberships({ db, wallet: services.wallet, settings: services.settings });
  const { providers, sandbox } = providersFor(services);
  const payments = createPayments({
    db,
    wallet: services.wallet,
    memberships,
    bus: services.bus,
    log: services.log,
    providers,
    diamondsPerRmb: services.env.DIAMONDS_PER_RMB,
    orderMinutes: services.env.PAYMENT_ORDER_MINUTES,
  });
  const address = services.env.USDT_ADDRESS;
  const usdtWatcher =
    address &&
    createUsdtWatcher({
      source: tronGridSource(services.env.USDT_TRONGRID_URL),
      address,
      orderFor: payments.usdtOrderFor,
      settle: (notice) => payments.settle('usdt', notice),
      onUnmatched: (transfer) =>
        services.log.warn({ transfer }, 'a USDT transfer matches no open order; check it by hand'),
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

  return { memberships, payments, sandbox, decideInSandbox, usdtWatcher: usdtWatcher || undefined };
}

export type WalletDomain = ReturnType<typeof createWalletDomain>;

const built = new WeakMap<Services, WalletDomain>();

/** The wallet domain's services, built once: routes take them from `app.services`, loaders from the context. */
export function walletDomain(services: Services): WalletDomain {
  let domain = built.get(services);
  if (!domain) {
    domain = createWalletDomain(services);
    built.set(services, domain);
  }
  return domain;
}
