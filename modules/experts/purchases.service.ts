import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { expertPlans, planOrders, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { type Page, type PageQuery, pageOf } from '../../platform/paging';
import type { SessionUser } from '../../platform/sessions';
import type { Wallet } from '../wallet';
import type { GoldCheck, PlanPurchaseResult, PurchasedPlan } from './experts.contract';
import type { Plans } from './plans.service';
import { planSummary, plansWhere } from './queries';

/** The idempotency key of a user's purchase of a plan: one purchase per plan and buyer, ever. */
const purchaseKey = (planId: number) => `plan_purchase:${planId}`;

/**
 * Buying plans with coins: the coins leave the buyer and wait in escrow until the match is
 * settled, in one transaction with the order; the same purchase never charges twice.
 */
export function createPurchases(deps: { db: Db; wallet: Wallet; plans: Plans }) {
  const { db, wallet, plans } = deps;

  async function balance(uid: number): Promise<number> {
    const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.uid, uid));
    return row?.coins ?? 0;
  }

  async function order(planId: number, buyerId: number) {
    const [row] = await db
      .select()
      .from(planOrders)
      .where(and(eq(planOrders.planId, planId), eq(planOrders.buyerId, buyerId)));
    return row;
  }

  async function buyOnce(user: SessionUser, planId: number) {
    const row = await plans.planRow(planId);
    if (!plans.purchasable(row, user, false)) throw new AppError('planNotForSale');
    const { price } = row.plan;
    const key = purchaseKey(planId);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(planOrders)
        .values({ planId, buyerId: user.uid, price })
        .onConflictDoNothing()
        .returning({ id: planOrders.id });
      if (!created) return;
      const details = { planId, orderId: created.id };
      await wallet.transfer(
        {
          from: { userId: user.uid },
          to: { account: 'escrow' },
          currency: 'coin',
          amount: price,
          type: 'plan_purchase',
          creditType: 'escrow_hold',
          idempotencyKey: key,
          reference: `plan:${planId}`,
          details,
        },
        tx,
      );
      await tx
        .update(expertPlans)
        .set({ sales: sql`${expertPlans.sales} + 1` })
        .where(eq(expertPlans.id, planId));
    });
  }

  return {
    async check(user: SessionUser, planId: number): Promise<GoldCheck> {
      const row = await plans.planRow(planId);
      const purchased = Boolean(await order(planId, user.uid));
      const coins = await balance(user.uid);
      return {
        planId,
        price: row.plan.price,
        balance: coins,
        enough: coins >= row.plan.price,
        purchased,
        purchasable: plans.purchasable(row, user, purchased),
      };
    },

    /** Buys a plan once: a repeated or concurrent purchase by the same buyer answers the first. */
    async buy(user: SessionUser, planId: number): Promise<PlanPurchaseResult> {
      const existing = await order(planId, user.uid);
      if (!existing) {
        try {
          await buyOnce(user, planId);
        } catch (err) {
          // Another request of the same buyer won the race for the order: that purchase stands.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      const bought = await order(planId, user.uid);
      if (!bought) throw new AppError('planNotForSale');
      return { planId, price: bought.price, balance: await balance(user.uid) };
    },

    /** The plans the user bought, newest first, their matches named in `locale`. */
    async purchased(user: SessionUser, query: PageQuery, locale?: Locale): Promise<Page<PurchasedPlan>> {
      const where = eq(planOrders.buyerId, user.uid);
      return pageOf(
        query,
        async (limit, offset) => {
          const orders = await db
            .select()
            .from(planOrders)
            .where(where)
            .orderBy(desc(planOrders.id))
            .limit(limit)
            .offset(offset);
          const rows = await plansWhere(
            db,
            inArray(
              expertPlans.id,
              orders.map((o) => o.planId),
            ),
            { limit, locale },
          );
          const byId = new Map(rows.map((row) => [row.plan.id, row]));
          return orders.flatMap((o) => {
            const row = byId.get(o.planId);
            return row
              ? [
                  {
                    plan: planSummary(row),
                    price: o.price,
                    escrow: o.escrow as PurchasedPlan['escrow'],
                    purchasedAt: o.createdAt.toISOString(),
                  },
                ]
              : [];
          });
        },
        db.select({ n: count() }).from(planOrders).where(where),
      );
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;
