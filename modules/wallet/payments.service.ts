import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, isUniqueViolation } from '../../db/client';
import { paymentOrders, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus/bus';
import type { SessionUser } from '../../platform/sessions';
import type { Memberships } from './memberships.service';
import type { IncomingNotification, PaymentProvider, VerifiedNotification } from './providers/provider';
import { usdtTail } from './providers/usdt';
import type { RechargeOptions } from './recharge-options.service';
import {
  COINS_PER_RMB,
  levelFor,
  METHOD_CURRENCY,
  type OrderStatus,
  type PayMethod,
  type PaymentOrderView,
  type PaymentPush,
  type PaymentStart,
  type Product,
  settlementAmount,
  userChannel,
} from './wallet.contract';
import type { Wallet } from './wallet.service';

type OrderRow = typeof paymentOrders.$inferSelect;

export interface PaymentsDeps {
  db: Db;
  wallet: Wallet;
  memberships: Memberships;
  rechargeOptions: RechargeOptions;
  bus: Bus;
  log: Logger;
  /** The provider serving each method; a method without one is not offered. */
  providers: Partial<Record<PayMethod, PaymentProvider>>;
  diamondsPerRmb: number;
  orderMinutes: number;
  now?: () => Date;
}

/** An order as its owner sees it; a created order past its time reads as expired. */
export function orderView(row: OrderRow, now: Date): PaymentOrderView {
  const status = row.status === 'created' && row.expiresAt <= now ? 'expired' : (row.status as OrderStatus);
  return {
    orderNo: row.orderNo,
    method: row.method as PayMethod,
    product: row.product,
    priceFen: row.priceFen,
    currency: row.currency,
    amount: row.amount,
    coins: row.coins,
    diamonds: row.diamonds,
    status,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const newOrderNo = () => `P${Date.now().toString(36)}${randomBytes(6).toString('hex')}`.toUpperCase();

/**
 * Payment orders (spec point 7): created -> paid (-> refunded) or expired. Coins, diamonds or a
 * membership are credited when, and only when, a provider's verified notification says paid,
 * once however often it is repeated.
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, wallet, memberships, bus, log, providers } = deps;
  const now = deps.now ?? (() => new Date());

  /** What a product costs in fen and what it credits. */
  async function price(uid: number, product: Product) {
    if (product.product !== 'membership') await deps.rechargeOptions.check(product.rmb);
    if (product.product === 'coins')
      return { priceFen: product.rmb * 100, coins: product.rmb * COINS_PER_RMB, diamonds: 0, details: {} };
    if (product.product === 'diamonds')
      return {
        priceFen: product.rmb * 100,
        coins: 0,
        diamonds: product.rmb * deps.diamondsPerRmb,
        details: {},
      };
    const offer = await memberships.quote(uid, product.tier, product.months);
    // A membership paid with money buys its coins (1 coin = 10 fen), then spends them at once.
    return {
      priceFen: (offer.coins * 100) / COINS_PER_RMB,
      coins: offer.coins,
      diamonds: 0,
      details: { tier: product.tier, months: product.months },
    };
  }

  async function push(uid: number, message: PaymentPush) {
    try {
      await bus.publish(userChannel(uid), message);
    } catch (err) {
      log.warn({ err, uid }, 'payment result not pushed; the page reads it on its next poll');
    }
  }

  /** Applies a verified notification; a repeated one changes nothing and answers the same. */
  async function settle(providerName: PaymentProvider['name'], notice: VerifiedNotification) {
    const result = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.orderNo, notice.orderNo))
        .for('update');
      if (!order || order.provider !== providerName) throw new AppError('paymentOrderUnknown');
      if (order.amount !== notice.amount || order.currency !== notice.currency)
        throw new AppError('paymentAmountMismatch');
      if (order.status === 'paid' || order.status === 'refunded') return { order, changed: false };
      if (notice.outcome === 'declined') return { order, changed: false, declined: true };
      if (order.status !== 'created' || order.expiresAt <= now()) throw new AppError('paymentOrderExpired');
      const [paid] = await tx
        .update(paymentOrders)
        .set({ status: 'paid', paidAt: now(), providerRef: notice.providerRef })
        .where(eq(paymentOrders.id, order.id))
        .returning();
      const reference = `order:${order.orderNo}`;
      // Bought with real money: from the outside world, the issuance account.
      const credit = {
        from: { account: 'issuance' } as const,
        to: { userId: order.userId },
        type: 'recharge' as const,
        idempotencyKey: reference,
        reference,
      };
      const details = { method: order.method, priceFen: order.priceFen };
      if (order.coins > 0)
        await wallet.transfer({ ...credit, currency: 'coin', amount: order.coins, details }, tx);
      if (order.diamonds > 0)
        await wallet.transfer({ ...credit, currency: 'diamond', amount: order.diamonds, details }, tx);
      if (order.product === 'membership') {
        const { tier, months } = order.details as { tier: 'vip' | 'svip'; months: 0 | 1 | 3 | 6 | 12 };
        // Never above the quoted price (decision 009): if it rose since the order (more VIP time to
        // upgrade, new prices), the membership is refused and the paid coins stay on the balance.
        await tx
          .transaction((inner) =>
            memberships.buy(
              {
                uid: order.userId,
                tier,
                months,
                key: reference,
                orderNo: order.orderNo,
                maxCoins: order.coins,
              },
              inner,
            ),
          )
          .catch((err) => log.warn({ err, orderNo: order.orderNo }, 'membership not bought; coins kept'));
      }
      await updateLevel(tx, order.userId);
      return { order: paid as OrderRow, changed: true };
    });
    if (result.changed || 'declined' in result) {
      const { coins, diamonds, level } = await balances(db, result.order.userId);
      await push(result.order.userId, {
        type: 'payment',
        orderNo: result.order.orderNo,
        outcome: 'declined' in result ? 'declined' : 'paid',
        coins,
        diamonds,
        level,
      });
    }
    return orderView(result.order, now());
  }

  return {
    settle,

    /**
     * A provider's callback: its adapter checks the signature and reads it, then the order is
     * settled. Null when the callback is authentic but settles nothing (another kind of event).
     */
    async receive(providerName: string, incoming: IncomingNotification) {
      const provider = Object.values(providers).find((p) => p.name === providerName);
      if (!provider) throw new AppError('notFound');
      const notice = provider.verify(incoming);
      return notice && { provider, order: await settle(provider.name, notice) };
    },

    /** The methods a user can pay with now, each with its settlement currency. */
    methods(): { method: PayMethod; currency: string; provider: string }[] {
      return (Object.keys(METHOD_CURRENCY) as PayMethod[]).flatMap((method) => {
        const provider = providers[method];
        return provider ? [{ method, currency: METHOD_CURRENCY[method], provider: provider.name }] : [];
      });
    },

    /** Creates an order and asks its provider how the browser pays it. */
    async create(
      uid: number,
      method: PayMethod,
      product: Product,
      returnUrl: string,
    ): Promise<{ order: PaymentOrderView; start: PaymentStart }> {
      const provider = providers[method];
      if (!provider) throw new AppError('notSupported');
      const [user] = await db
        .select({ channel: users.promotionChannelId })
        .from(users)
        .where(eq(users.uid, uid));
      if (!user) throw new AppError('accountNotFound');
      const priced = await price(uid, product);
      const row = await insertOrder(db, now, {
        orderNo: newOrderNo(),
        userId: uid,
        method,
        provider: provider.name,
        product: product.product,
        ...priced,
        currency: METHOD_CURRENCY[method],
        amount: settlementAmount(priced.priceFen, method),
        channel: user.channel,
        expiresAt: new Date(now().getTime() + deps.orderMinutes * 60_000),
      });
      const subject = row.diamonds > 0 ? `${row.diamonds} diamonds` : `${row.coins} coins`;
      try {
        const start = await provider.start({
          orderNo: row.orderNo,
          method,
          currency: METHOD_CURRENCY[method],
          amount: row.amount,
          subject,
          returnUrl,
        });
        return { order: orderView(row, now()), start };
      } catch (err) {
        log.error({ err, orderNo: row.orderNo }, 'payment provider refused to start');
        throw new AppError('rechargeFailed', { cause: err });
      }
    },

    /** One of the user's orders (the dialog polls it when the push is missed). */
    async order(uid: number, orderNo: string): Promise<PaymentOrderView> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.orderNo, orderNo), eq(paymentOrders.userId, uid)));
      if (!row) throw new AppError('paymentOrderUnknown');
      return orderView(row, now());
    },

    /** Any order by number, for the sandbox checkout page. */
    async byNumber(orderNo: string): Promise<PaymentOrderView | undefined> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
      return row && orderView(row, now());
    },

    /** The USDT order a transfer pays: the one it already settled, else the open one of its amount. */
    async usdtOrderFor(transfer: { txHash: string; amountMicros: number }): Promise<string | undefined> {
      const [row] = await db
        .select({ orderNo: paymentOrders.orderNo })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.provider, 'usdt'),
            or(
              eq(paymentOrders.providerRef, transfer.txHash),
              and(eq(paymentOrders.status, 'created'), eq(paymentOrders.amount, transfer.amountMicros)),
            ),
          ),
        );
      return row?.orderNo;
    },

    /** The user's paid and refunded orders, newest first (`/user/getScoreOpenRecord`). */
    async paidOrders(uid: number, page: { pageIndex: number; pageSize: number }) {
      const where = and(eq(paymentOrders.userId, uid), inArray(paymentOrders.status, ['paid', 'refunded']));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentOrders)
          .where(where)
          .orderBy(desc(paymentOrders.id))
          .limit(page.pageSize)
          .offset((page.pageIndex - 1) * page.pageSize),
        db.select({ total: count() }).from(paymentOrders).where(where),
      ]);
      return { list: rows.map((r) => orderView(r, now())), total: total?.total ?? 0, ...page };
    },

    /**
     * An administrator records a refund made at the provider: the credited coins or diamonds
     * leave the balance (refused if already spent) and the level is recomputed. A membership
     * already used cannot be taken back, so its orders are not refunded here.
     */
    /** Records a refund an administrator made at the provider, with their reason in the audit log. */
    async refund(admin: SessionUser, input: { orderNo: string; reason: string }): Promise<PaymentOrderView> {
      const { orderNo } = input;
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.orderNo, orderNo))
          .for('update');
        if (!order) throw new AppError('paymentOrderUnknown');
        if (order.status !== 'paid' || order.product === 'membership') throw new AppError('notSupported');
        // Paid back at the provider: to the outside world, the issuance account.
        const debit = {
          from: { userId: order.userId },
          to: { account: 'issuance' } as const,
          type: 'recharge_refund' as const,
          idempotencyKey: `refund:${orderNo}`,
          reference: `order:${orderNo}`,
        };
        if (order.coins > 0) await wallet.transfer({ ...debit, currency: 'coin', amount: order.coins }, tx);
        if (order.diamonds > 0)
          await wallet.transfer({ ...debit, currency: 'diamond', amount: order.diamonds }, tx);
        const [refunded] = await tx
          .update(paymentOrders)
          .set({ status: 'refunded', refundedAt: now() })
          .where(eq(paymentOrders.id, order.id))
          .returning();
        await updateLevel(tx, order.userId);
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: order.userId,
          action: 'refund_payment',
          details: { orderNo, coins: order.coins, diamonds: order.diamonds, priceFen: order.priceFen },
          reason: input.reason,
        });
        return orderView(refunded as OrderRow, now());
      });
    },
  };
}

/** Stores a new order; a USDT order gets an amount no open order has, so its transfer names it. */
async function insertOrder(
  db: Db,
  now: () => Date,
  values: typeof paymentOrders.$inferInsert,
): Promise<OrderRow> {
  if (values.provider !== 'usdt') {
    const [row] = await db.insert(paymentOrders).values(values).returning();
    return row as OrderRow;
  }
  // Free the amounts of USDT orders past their time, then find an amount no open order has.
  await db
    .update(paymentOrders)
    .set({ status: 'expired' })
    .where(
      and(
        eq(paymentOrders.provider, 'usdt'),
        eq(paymentOrders.status, 'created'),
        lt(paymentOrders.expiresAt, now()),
      ),
    );
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(paymentOrders)
        .values({ ...values, amount: values.amount + usdtTail() })
        .returning();
      return row as OrderRow;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 20) throw err;
    }
  }
}

/** Recomputes the user's level from everything they have paid (refunds taken out). */
async function updateLevel(tx: Pick<Db, 'select' | 'update'>, uid: number): Promise<number> {
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentOrders.priceFen}), 0)` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, uid), eq(paymentOrders.status, 'paid')));
  const level = levelFor(Number(paid?.total ?? 0));
  await tx.update(users).set({ level }).where(eq(users.uid, uid));
  return level;
}

async function balances(db: Db, uid: number) {
  const [row] = await db
    .select({ coins: users.coins, diamonds: users.diamonds, level: users.level })
    .from(users)
    .where(eq(users.uid, uid));
  return row ?? { coins: 0, diamonds: 0, level: 0 };
}

export type Payments = ReturnType<typeof createPayments>;
