import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { membershipRecords, settings as settingsTable, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system';
import {
  DEFAULT_MEMBERSHIP_PRICES,
  type MembershipPrices,
  type MembershipQuote,
  membershipPricesRule,
  type PackageMonths,
  quoteMembership,
  type Tier,
} from './wallet.contract';
import type { Wallet } from './wallet.service';

const PRICES_SETTING = 'membership_prices';
const DAY_MS = 24 * 3600 * 1000;

/**
 * VIP and SVIP (spec point 1): monthly packages bought with coins, which go to the platform's
 * ledger account. Expiry dates live on the user; whether a membership is active is a matter of
 * time (`isVip`, `isSvip` in platform/roles), so no job ends it.
 */
export function createMemberships(deps: { db: Db; wallet: Wallet; settings: Settings }) {
  const { db, wallet, settings } = deps;

  /** The prices, read through the caller's transaction when there is one (PGlite has one connection). */
  async function prices(reader: Pick<Db, 'select'> = db): Promise<MembershipPrices> {
    const [row] = await reader
      .select({ value: settingsTable.value })
      .from(settingsTable)
      .where(eq(settingsTable.key, PRICES_SETTING));
    const stored = membershipPricesRule.safeParse(row?.value);
    return stored.success ? (stored.data as MembershipPrices) : DEFAULT_MEMBERSHIP_PRICES;
  }

  async function state(uid: number, tx: Pick<Db, 'select'> = db) {
    const [row] = await tx
      .select({ vipExpiresAt: users.vipExpiresAt, svipExpiresAt: users.svipExpiresAt })
      .from(users)
      .where(eq(users.uid, uid));
    if (!row) throw new AppError('accountNotFound');
    return row;
  }

  /** What buying would cost and give now; refused when there is nothing to buy. */
  async function quote(uid: number, tier: Tier, months: PackageMonths | 0): Promise<MembershipQuote> {
    const offer = quoteMembership(await prices(), await state(uid), tier, months, new Date());
    if (!offer) throw new AppError('nothingToUpgrade');
    return offer;
  }

  /**
   * Buys with coins in the caller's transaction (or its own). The user's row is locked first, so
   * two purchases extend one after the other; a repeated key, also sent at the same time, returns
   * the first purchase.
   * `maxCoins`: the price the buyer agreed to (a paid order's quote); a higher one is refused.
   */
  async function buy(
    purchase: {
      uid: number;
      tier: Tier;
      months: PackageMonths | 0;
      key: string;
      orderNo?: string;
      maxCoins?: number;
    },
    tx?: Executor,
  ): Promise<typeof membershipRecords.$inferSelect> {
    if (!tx) return db.transaction((own) => buy(purchase, own));
    const { uid, tier, months, key } = purchase;
    // NO KEY UPDATE, as the ledger's own update takes: FOR UPDATE would also wait for the key-share
    // locks that rows referencing the user (a new order) hold, and deadlock with their transaction.
    const [current] = await tx
      .select({ vipExpiresAt: users.vipExpiresAt, svipExpiresAt: users.svipExpiresAt })
      .from(users)
      .where(eq(users.uid, uid))
      .for('no key update');
    if (!current) throw new AppError('accountNotFound');
    // Looked for under the lock: a retry that waited for the first purchase finds it here.
    const [done] = await tx
      .select()
      .from(membershipRecords)
      .where(and(eq(membershipRecords.userId, uid), eq(membershipRecords.idempotencyKey, key)));
    if (done) return done;
    const offer = quoteMembership(await prices(tx), current, tier, months, new Date());
    if (!offer) throw new AppError('nothingToUpgrade');
    if (purchase.maxCoins !== undefined && offer.coins > purchase.maxCoins)
      throw new AppError('insufficientCoins');
    if (offer.coins > 0)
      await wallet.transfer(
        {
          from: { userId: uid },
          to: { account: 'platform' },
          currency: 'coin',
          amount: offer.coins,
          type: 'membership',
          idempotencyKey: `membership:${key}`,
          details: { tier, months, upgradeCoins: offer.upgradeCoins },
        },
        tx,
      );
    await tx
      .update(users)
      .set({ vipExpiresAt: offer.vipExpiresAt, svipExpiresAt: offer.svipExpiresAt })
      .where(eq(users.uid, uid));
    const [record] = await tx
      .insert(membershipRecords)
      .values({
        userId: uid,
        tier,
        months,
        coins: offer.coins,
        upgradeCoins: offer.upgradeCoins,
        expiresAt: (tier === 'vip' ? offer.vipExpiresAt : offer.svipExpiresAt) as Date,
        orderNo: purchase.orderNo ?? null,
        idempotencyKey: key,
      })
      .returning();
    if (!record) throw new Error('membership record not written');
    return record;
  }

  /**
   * Gives `days` of VIP without payment (a mall item or a blind box prize), in the caller's
   * transaction; like a purchase, VIP given during SVIP starts when SVIP ends.
   */
  async function grantVipDays(uid: number, days: number, tx: Executor): Promise<Date> {
    const [current] = await tx
      .select({ vipExpiresAt: users.vipExpiresAt, svipExpiresAt: users.svipExpiresAt })
      .from(users)
      .where(eq(users.uid, uid))
      .for('no key update');
    if (!current) throw new AppError('accountNotFound');
    const from = Math.max(
      Date.now(),
      current.vipExpiresAt?.getTime() ?? 0,
      current.svipExpiresAt?.getTime() ?? 0,
    );
    const vipExpiresAt = new Date(from + days * DAY_MS);
    await tx.update(users).set({ vipExpiresAt }).where(eq(users.uid, uid));
    return vipExpiresAt;
  }

  return {
    prices: () => prices(),
    grantVipDays,
    quote,
    buy,
    state,

    /** Read through on every purchase, so every instance charges the new prices at once. */
    async setPrices(admin: SessionUser, next: MembershipPrices): Promise<MembershipPrices> {
      await settings.setAudited(PRICES_SETTING, next, {
        actorId: admin.uid,
        action: 'set_membership_prices',
        details: { prices: next },
      });
      return next;
    },

    /** The user's purchases, newest first (`/user/getVipOpenRecord`). */
    async records(uid: number, page: { pageIndex: number; pageSize: number }) {
      const where = eq(membershipRecords.userId, uid);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(membershipRecords)
          .where(where)
          .orderBy(desc(membershipRecords.id))
          .limit(page.pageSize)
          .offset((page.pageIndex - 1) * page.pageSize),
        db.select({ total: count() }).from(membershipRecords).where(where),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          tier: r.tier as Tier,
          months: r.months,
          coins: r.coins,
          upgradeCoins: r.upgradeCoins,
          expiresAt: r.expiresAt.toISOString(),
          orderNo: r.orderNo,
          createdAt: r.createdAt.toISOString(),
        })),
        total: total?.total ?? 0,
        ...page,
      };
    },
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
