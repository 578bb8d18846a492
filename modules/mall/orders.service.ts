import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Db, type Executor, isUniqueViolation } from '../../db/client';
import { goods, mallOrderEvents, mallOrders, users } from '../../db/schema/index';
import { AppError, type FieldIssue } from '../../lib/errors';
import { audit } from '../../platform/audit';
import type { WalletDomain } from '../wallet';
import { goodsDetails, isOnSale, restoreStock, takeStock } from './goods.service';
import type {
  AdminOrderView,
  ExchangeInput,
  GoodsCategory,
  OrderCategory,
  OrderConfirmation,
  OrderStatus,
  OrderView,
  Shipping,
  TransitionInput,
} from './mall.contract';
import { buyerMayMove, canMove, deliveryField, initialStatus, refunds } from './mall.rules';
import { missingShippingFields } from './shipping.contract';

type OrderRow = typeof mallOrders.$inferSelect;

/** What a new order is for, as the exchange or a blind box prize describes it. */
export interface NewOrder {
  userId: number;
  goodsId: number | null;
  goodsName: string;
  category: OrderCategory;
  quantity: number;
  coins: number;
  grant: number;
  source: 'exchange' | 'blind_box';
  shipping: Shipping;
  remark?: string;
  idempotencyKey: string;
}

const newOrderNo = () =>
  `M${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** The recipient, address and contact a physical delivery needs (spec point 5), as field issues. */
export function missingShipping(shipping: Shipping): FieldIssue[] {
  return missingShippingFields(shipping).map((field) => ({ field: `body.${field}`, reason: 'required' }));
}

/** A card number is for its buyer's eyes: staff see its last four characters. */
const masked = (card: string | null) => card && `••••${card.slice(-4)}`;

/**
 * Mall orders: the exchange (coins out through the ledger and stock down in one transaction),
 * the moves between states checked by mall.rules, refunds once, and the state history.
 */
export function createOrders({ db, wallet }: { db: Db; wallet: WalletDomain }) {
  async function withHistory(rows: OrderRow[]): Promise<OrderView[]> {
    const ids = rows.map((r) => r.id);
    const events = ids.length
      ? await db
          .select()
          .from(mallOrderEvents)
          .where(inArray(mallOrderEvents.orderId, ids))
          .orderBy(asc(mallOrderEvents.id))
      : [];
    return rows.map((row) => ({
      orderNo: row.orderNo,
      goodsId: row.goodsId,
      goodsName: row.goodsName,
      category: row.category as OrderCategory,
      quantity: row.quantity,
      coins: row.coins,
      grant: row.grant,
      status: row.status as OrderStatus,
      source: row.source as OrderView['source'],
      recipient: row.recipient,
      address: row.address,
      contact: row.contact,
      remark: row.remark,
      adminRemark: row.adminRemark,
      trackingNumber: row.trackingNumber,
      cardNumber: row.cardNumber,
      createdAt: row.createdAt.toISOString(),
      history: events
        .filter((e) => e.orderId === row.id)
        .map((e) => ({
          from: e.fromStatus as OrderStatus | null,
          to: e.toStatus as OrderStatus,
          note: e.note,
          at: e.createdAt.toISOString(),
        })),
    }));
  }

  async function byKey(userId: number, key: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(mallOrders)
      .where(and(eq(mallOrders.userId, userId), eq(mallOrders.idempotencyKey, key)));
    return row;
  }

  async function one(row: OrderRow): Promise<OrderView> {
    const [view] = await withHistory([row]);
    return view as OrderView;
  }

  /**
   * Writes an order in the caller's transaction, with its first state; an in-site item or a coin
   * prize is applied at once, so its order starts redeemed.
   */
  async function place(tx: Executor, order: NewOrder): Promise<OrderRow> {
    const status = initialStatus(order.category);
    const orderNo = newOrderNo();
    const [row] = await tx
      .insert(mallOrders)
      .values({
        orderNo,
        userId: order.userId,
        goodsId: order.goodsId,
        goodsName: order.goodsName,
        category: order.category,
        quantity: order.quantity,
        coins: order.coins,
        grant: order.grant,
        status,
        source: order.source,
        recipient: order.shipping.recipient || null,
        address: order.shipping.address || null,
        contact: order.shipping.contact || null,
        remark: order.remark || null,
        idempotencyKey: order.idempotencyKey,
      })
      .returning();
    if (!row) throw new Error('order not written');
    await tx.insert(mallOrderEvents).values({ orderId: row.id, fromStatus: null, toStatus: status });
    const key = `mall_grant:${orderNo}`;
    if (order.category === 'vip_days') await wallet.memberships.grantVipDays(order.userId, order.grant, tx);
    // The platform gives what the order grants (it received the coins paid for it).
    if (order.category === 'diamonds' || order.category === 'coins')
      await wallet.transfer(
        {
          from: { account: 'platform' },
          to: { userId: order.userId },
          currency: order.category === 'diamonds' ? 'diamond' : 'coin',
          amount: order.grant,
          type: order.source === 'exchange' ? 'mall_exchange' : 'blind_box',
          idempotencyKey: key,
          reference: orderNo,
        },
        tx,
      );
    return row;
  }

  /** The goods, locked for the order's transaction, if they may be exchanged now. */
  async function lockedOnSale(tx: Executor, goodsId: number) {
    const [row] = await tx.select().from(goods).where(eq(goods.id, goodsId)).for('update');
    if (!row || !isOnSale(row, new Date())) throw new AppError('redemptionFailed');
    return row;
  }

  /** How many of the goods the user holds in orders that were not undone. */
  async function heldBy(tx: Executor, userId: number, goodsId: number): Promise<number> {
    const [row] = await tx
      .select({ held: sql<number>`coalesce(sum(${mallOrders.quantity}), 0)::int` })
      .from(mallOrders)
      .where(
        and(
          eq(mallOrders.userId, userId),
          eq(mallOrders.goodsId, goodsId),
          notInArray(mallOrders.status, ['cancelled', 'charged_back']),
        ),
      );
    return Number(row?.held ?? 0);
  }

  async function exchangeOnce(userId: number, input: ExchangeInput): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      // The goods row stays locked to the end: exchanges of one product go one at a time.
      const product = await lockedOnSale(tx, input.goodsId);
      if (
        product.limitPerUser &&
        (await heldBy(tx, userId, product.id)) + input.quantity > product.limitPerUser
      )
        throw new AppError('mallLimitReached', { params: { limit: product.limitPerUser } });
      if (!(await takeStock(tx, product.id, input.quantity))) throw new AppError('mallSoldOut');
      const coins = product.priceCoins * input.quantity;
      const row = await place(tx, {
        userId,
        goodsId: product.id,
        goodsName: product.name,
        category: product.category as GoodsCategory,
        quantity: input.quantity,
        coins,
        grant: product.grant * input.quantity,
        source: 'exchange',
        shipping: product.category === 'physical' ? input : {},
        remark: input.remark,
        idempotencyKey: input.idempotencyKey,
      });
      await wallet.transfer(
        {
          from: { userId },
          to: { account: 'platform' },
          currency: 'coin',
          amount: coins,
          type: 'mall_exchange',
          idempotencyKey: `mall_exchange:${row.orderNo}`,
          reference: row.orderNo,
          details: { goodsId: product.id, quantity: input.quantity },
        },
        tx,
      );
      return row;
    });
  }

  /** Staff or the buyer move an order; refunds and restocking happen in the same transaction. */
  async function moveOnce(actor: { uid: number; staff: boolean }, input: TransitionInput): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(mallOrders)
        .where(eq(mallOrders.orderNo, input.orderNo))
        .for('update');
      if (!order || (!actor.staff && order.userId !== actor.uid)) throw new AppError('notFound');
      const from = order.status as OrderStatus;
      const category = order.category as OrderCategory;
      if (!canMove(from, input.to, category) || (!actor.staff && !buyerMayMove(from, input.to)))
        throw new AppError('mallTransitionForbidden');
      // A blind box prize that ships waits for its winner's delivery details before it is approved.
      if (category === 'physical' && input.to === 'exchanging' && !order.recipient)
        throw new AppError('mallRecipientRequired');
      const needed = input.to === 'redeemed' ? deliveryField(category) : null;
      if (needed && !input[needed])
        throw new AppError('mallDeliveryRequired', {
          issues: [{ field: `body.${needed}`, reason: 'required' }],
        });
      const [moved] = await tx
        .update(mallOrders)
        .set({
          status: input.to,
          trackingNumber: needed === 'trackingNumber' ? input.trackingNumber : order.trackingNumber,
          cardNumber: needed === 'cardNumber' ? input.cardNumber : order.cardNumber,
          adminRemark: actor.staff && input.remark ? input.remark : order.adminRemark,
          updatedAt: new Date(),
        })
        .where(and(eq(mallOrders.id, order.id), eq(mallOrders.status, from)))
        .returning();
      if (!moved) throw new AppError('mallTransitionForbidden');
      if (refunds(input.to)) {
        if (order.goodsId) await restoreStock(tx, order.goodsId, order.quantity);
        if (order.coins > 0)
          await wallet.transfer(
            {
              from: { account: 'platform' },
              to: { userId: order.userId },
              currency: 'coin',
              amount: order.coins,
              type: 'mall_refund',
              idempotencyKey: `mall_refund:${order.orderNo}`,
              reference: order.orderNo,
            },
            tx,
          );
      }
      await tx.insert(mallOrderEvents).values({
        orderId: order.id,
        fromStatus: from,
        toStatus: input.to,
        actorId: actor.uid,
        note: input.remark ?? null,
      });
      if (actor.staff)
        await audit.record(tx, {
          actorId: actor.uid,
          targetId: order.userId,
          action: `mall_order_${input.to}`,
          details: { orderNo: order.orderNo, from },
          reason: input.remark ?? null,
        });
      return moved;
    });
  }

  async function balanceOf(userId: number): Promise<number> {
    const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.uid, userId));
    return row?.coins ?? 0;
  }

  return {
    place,

    /** `/orderpay/goodsOrder`: the order confirmation, what it costs and the balance after. */
    async confirm(userId: number, goodsId: number, quantity: number): Promise<OrderConfirmation> {
      const [row] = await db.select().from(goods).where(eq(goods.id, goodsId));
      if (!row || !isOnSale(row, new Date())) throw new AppError('notFound');
      const balance = await balanceOf(userId);
      const coins = row.priceCoins * quantity;
      return {
        goods: goodsDetails(row),
        quantity,
        coins,
        balance,
        balanceAfter: balance - coins,
        needsShipping: row.category === 'physical',
      };
    },

    /**
     * `/orderpay/payGoodsOrder`: exchanges coins for goods. A retry with the same key answers the
     * first order and charges nothing again, also when the retries race.
     */
    async exchange(userId: number, input: ExchangeInput): Promise<OrderView> {
      const done = await byKey(userId, input.idempotencyKey);
      if (done) return one(done);
      const [product] = await db
        .select({ category: goods.category })
        .from(goods)
        .where(eq(goods.id, input.goodsId));
      const missing = product?.category === 'physical' ? missingShipping(input) : [];
      if (missing.length) throw new AppError('mallRecipientRequired', { issues: missing });
      try {
        return one(await exchangeOnce(userId, input));
      } catch (err) {
        const first = isUniqueViolation(err) && (await byKey(userId, input.idempotencyKey));
        if (first) return one(first);
        throw err;
      }
    },

    /** Moves an order to another state; see docs/decisions/023-mall-orders-and-blind-box.md. */
    async move(actor: { uid: number; staff: boolean }, input: TransitionInput): Promise<OrderView> {
      return one(await moveOnce(actor, input));
    },

    /** `/user/order/list`: the user's orders with their history, newest first. */
    async mine(userId: number, query: { status?: OrderStatus; pageIndex: number; pageSize: number }) {
      const where = and(
        eq(mallOrders.userId, userId),
        query.status ? eq(mallOrders.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mallOrders)
          .where(where)
          .orderBy(desc(mallOrders.id))
          .limit(query.pageSize)
          .offset((query.pageIndex - 1) * query.pageSize),
        db.select({ total: count() }).from(mallOrders).where(where),
      ]);
      return {
        list: await withHistory(rows),
        total: total?.total ?? 0,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      };
    },

    /** One of the user's own orders. */
    async ofUser(userId: number, orderNo: string): Promise<OrderView> {
      const [row] = await db
        .select()
        .from(mallOrders)
        .where(and(eq(mallOrders.orderNo, orderNo), eq(mallOrders.userId, userId)));
      if (!row) throw new AppError('notFound');
      return one(row);
    },

    /** The staff's queue: orders in a state, oldest first, card numbers masked. */
    async queue(query: { status: OrderStatus; pageIndex: number; pageSize: number }) {
      const where = eq(mallOrders.status, query.status);
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: mallOrders, username: users.username })
          .from(mallOrders)
          .innerJoin(users, eq(users.uid, mallOrders.userId))
          .where(where)
          .orderBy(asc(mallOrders.id))
          .limit(query.pageSize)
          .offset((query.pageIndex - 1) * query.pageSize),
        db.select({ total: count() }).from(mallOrders).where(where),
      ]);
      const views = await withHistory(rows.map((r) => r.order));
      const list: AdminOrderView[] = views.map((view, i) => ({
        ...view,
        cardNumber: masked(view.cardNumber),
        userId: rows[i]?.order.userId ?? 0,
        username: rows[i]?.username ?? '',
      }));
      return { list, total: total?.total ?? 0, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
