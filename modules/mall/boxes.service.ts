import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, type Executor, isUniqueViolation } from '../../db/client';
import {
  blindBoxes,
  blindBoxOpenings,
  blindBoxPrizes,
  blindBoxSeeds,
  goods,
  mallOrders,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import type { WalletDomain } from '../wallet';
import { takeStock } from './goods.service';
import type {
  BoxInput,
  BoxView,
  GoodsCategory,
  OpenInput,
  OpeningView,
  PrizeAddressInput,
  PrizeKind,
  PrizeView,
  Verification,
} from './mall.contract';
import { hashSeed, newServerSeed, percent, prizeFor, rollOf } from './mall.rules';
import { missingShipping, type Orders } from './orders.service';

/** A seed is revealed, and a new one committed, after this many openings at the latest. */
export const OPENINGS_PER_SEED = 1000;

type PrizeRow = typeof blindBoxPrizes.$inferSelect & {
  goodsName: string | null;
  goodsCategory: string | null;
  goodsGrant: number | null;
};

/** Commits a new secret seed for a box: only its hash is shown until it is revealed. */
async function commitSeed(tx: Executor, boxId: number) {
  const seed = newServerSeed();
  const [row] = await tx
    .insert(blindBoxSeeds)
    .values({ boxId, seed, seedHash: hashSeed(seed) })
    .returning();
  if (!row) throw new Error('seed not written');
  return row;
}

/** Reveals the box's active seed and commits a new one. */
async function rotateIn(tx: Executor, boxId: number) {
  await tx
    .update(blindBoxSeeds)
    .set({ revealedAt: new Date() })
    .where(and(eq(blindBoxSeeds.boxId, boxId), isNull(blindBoxSeeds.revealedAt)));
  return commitSeed(tx, boxId);
}

function prizeView(row: PrizeRow, total: number): PrizeView {
  return {
    id: row.id,
    kind: row.kind as PrizeKind,
    goodsId: row.goodsId,
    name: row.goodsName ?? '',
    amount: row.amount,
    weight: row.weight,
    odds: percent(row.weight, total),
  };
}

/**
 * Blind boxes, provably fair: before an opening the box's seed hash is committed; the outcome is
 * HMAC-SHA256(seed, "clientSeed:nonce") mapped onto the published odds (mall.rules); the seed is
 * revealed when it rotates, and then anyone can recompute every opening made with it.
 */
export function createBoxes({ db, wallet, orders }: { db: Db; wallet: WalletDomain; orders: Orders }) {
  async function prizesOf(boxIds: number[], tx: Executor = db): Promise<PrizeRow[]> {
    if (!boxIds.length) return [];
    return tx
      .select({
        id: blindBoxPrizes.id,
        boxId: blindBoxPrizes.boxId,
        kind: blindBoxPrizes.kind,
        goodsId: blindBoxPrizes.goodsId,
        amount: blindBoxPrizes.amount,
        weight: blindBoxPrizes.weight,
        position: blindBoxPrizes.position,
        goodsName: goods.name,
        goodsCategory: goods.category,
        goodsGrant: goods.grant,
      })
      .from(blindBoxPrizes)
      .leftJoin(goods, eq(goods.id, blindBoxPrizes.goodsId))
      .where(inArray(blindBoxPrizes.boxId, boxIds))
      .orderBy(asc(blindBoxPrizes.position));
  }

  async function views(boxes: (typeof blindBoxes.$inferSelect)[]): Promise<BoxView[]> {
    const ids = boxes.map((b) => b.id);
    const [prizes, seeds] = await Promise.all([
      prizesOf(ids),
      ids.length
        ? db
            .select()
            .from(blindBoxSeeds)
            .where(and(inArray(blindBoxSeeds.boxId, ids), isNull(blindBoxSeeds.revealedAt)))
        : [],
    ]);
    return boxes.map((box) => {
      const own = prizes.filter((p) => p.boxId === box.id);
      const total = own.reduce((sum, p) => sum + p.weight, 0);
      const seed = seeds.find((s) => s.boxId === box.id);
      return {
        id: box.id,
        name: box.name,
        description: box.description,
        image: box.image,
        priceCoins: box.priceCoins,
        active: box.active,
        prizes: own.map((p) => prizeView(p, total)),
        seedHash: seed?.seedHash ?? '',
        nextNonce: seed?.nextNonce ?? 0,
      };
    });
  }

  async function box(id: number): Promise<BoxView> {
    const [row] = await db.select().from(blindBoxes).where(eq(blindBoxes.id, id));
    if (!row) throw new AppError('notFound');
    return (await views([row]))[0] as BoxView;
  }

  async function openingView(id: number): Promise<OpeningView> {
    const [row] = await db
      .select({
        opening: blindBoxOpenings,
        boxName: blindBoxes.name,
        seed: blindBoxSeeds,
        orderNo: mallOrders.orderNo,
        orderCategory: mallOrders.category,
        recipient: mallOrders.recipient,
      })
      .from(blindBoxOpenings)
      .innerJoin(blindBoxes, eq(blindBoxes.id, blindBoxOpenings.boxId))
      .innerJoin(blindBoxSeeds, eq(blindBoxSeeds.id, blindBoxOpenings.seedId))
      .innerJoin(mallOrders, eq(mallOrders.id, blindBoxOpenings.orderId))
      .where(eq(blindBoxOpenings.id, id));
    if (!row) throw new AppError('notFound');
    const { opening, seed } = row;
    const prizes = await prizesOf([opening.boxId]);
    const total = opening.odds.reduce((sum, [, weight]) => sum + weight, 0);
    const prize = prizes.find((p) => p.id === opening.prizeId);
    if (!prize) throw new Error(`prize ${opening.prizeId} of opening ${id} is gone`);
    return {
      id: opening.id,
      boxId: opening.boxId,
      boxName: row.boxName,
      clientSeed: opening.clientSeed,
      nonce: opening.nonce,
      seedHash: seed.seedHash,
      serverSeed: seed.revealedAt ? seed.seed : null,
      prize: prizeView(prize, total),
      orderNo: row.orderNo,
      needsAddress: row.orderCategory === 'physical' && !row.recipient,
      coins: opening.coins,
      createdAt: opening.createdAt.toISOString(),
    };
  }

  async function openingByKey(userId: number, key: string) {
    const [row] = await db
      .select({ id: blindBoxOpenings.id })
      .from(blindBoxOpenings)
      .where(and(eq(blindBoxOpenings.userId, userId), eq(blindBoxOpenings.idempotencyKey, key)));
    return row;
  }

  async function openOnce(userId: number, input: OpenInput, price: number): Promise<number> {
    return db.transaction(async (tx) => {
      // Taking the nonce locks the box's seed: openings of one box go one at a time.
      const [seed] = await tx
        .update(blindBoxSeeds)
        .set({ nextNonce: sql`${blindBoxSeeds.nextNonce} + 1` })
        .where(and(eq(blindBoxSeeds.boxId, input.boxId), isNull(blindBoxSeeds.revealedAt)))
        .returning();
      if (!seed) throw new AppError('blindBoxUnavailable');
      if (input.seedHash && input.seedHash !== seed.seedHash) throw new AppError('blindBoxSeedChanged');
      const nonce = seed.nextNonce - 1;
      const prizes = await prizesOf([input.boxId], tx);
      const goodsIds = prizes.flatMap((p) => (p.goodsId ? [p.goodsId] : []));
      if (goodsIds.length) {
        const stock = await tx
          .select({ inventory: goods.inventory })
          .from(goods)
          .where(inArray(goods.id, goodsIds))
          .orderBy(asc(goods.id))
          .for('update');
        // Every prize must be there to be won, or the published odds would not hold.
        if (stock.some((g) => g.inventory < 1)) throw new AppError('blindBoxUnavailable');
      }
      const odds = prizes.map((p) => [p.id, p.weight] as [number, number]);
      const prize = prizes.find((p) => p.id === prizeFor(odds, rollOf(seed.seed, input.clientSeed, nonce)));
      if (!prize) throw new Error('no prize drawn');
      await wallet.transfer(
        {
          from: { userId },
          to: { account: 'platform' },
          currency: 'coin',
          amount: price,
          type: 'blind_box',
          idempotencyKey: `blind_box:${userId}:${input.idempotencyKey}`,
          details: { boxId: input.boxId, nonce },
        },
        tx,
      );
      if (prize.goodsId && !(await takeStock(tx, prize.goodsId, 1)))
        throw new AppError('blindBoxUnavailable');
      const order = await orders.place(tx, {
        userId,
        goodsId: prize.goodsId,
        goodsName: prize.goodsName ?? '',
        category:
          prize.kind === 'goods'
            ? (prize.goodsCategory as GoodsCategory)
            : prize.kind === 'coins'
              ? 'coins'
              : 'vip_days',
        quantity: 1,
        coins: 0,
        grant: prize.kind === 'goods' ? (prize.goodsGrant ?? 0) : prize.amount,
        source: 'blind_box',
        // A prize that ships asks its winner for the delivery details once it is drawn.
        shipping: {},
        idempotencyKey: `blind_box:${input.idempotencyKey}`,
      });
      const [opening] = await tx
        .insert(blindBoxOpenings)
        .values({
          boxId: input.boxId,
          seedId: seed.id,
          userId,
          clientSeed: input.clientSeed,
          nonce,
          odds,
          prizeId: prize.id,
          orderId: order.id,
          coins: price,
          idempotencyKey: input.idempotencyKey,
        })
        .returning({ id: blindBoxOpenings.id });
      if (seed.nextNonce >= OPENINGS_PER_SEED) await rotateIn(tx, input.boxId);
      return (opening as { id: number }).id;
    });
  }

  return {
    box,
    openingView,

    /** The boxes one can open, with their prizes, odds and committed seed hash. */
    async list(includeInactive = false): Promise<BoxView[]> {
      const rows = await db
        .select()
        .from(blindBoxes)
        .where(includeInactive ? undefined : eq(blindBoxes.active, true))
        .orderBy(asc(blindBoxes.id));
      return views(rows);
    },

    /**
     * Opens a box: pays its price, draws against the committed seed and places the prize's order.
     * A retry with the same key answers the first opening.
     */
    async open(userId: number, input: OpenInput): Promise<OpeningView> {
      const done = await openingByKey(userId, input.idempotencyKey);
      if (done) return openingView(done.id);
      const target = await box(input.boxId);
      if (!target.active) throw new AppError('blindBoxUnavailable');
      try {
        return openingView(await openOnce(userId, input, target.priceCoins));
      } catch (err) {
        const first = isUniqueViolation(err) && (await openingByKey(userId, input.idempotencyKey));
        if (first) return openingView(first.id);
        throw err;
      }
    },

    /**
     * The delivery details of a prize that ships, given by its winner once it is drawn; they can
     * be corrected until the order is reviewed.
     */
    async deliverPrize(userId: number, input: PrizeAddressInput): Promise<OpeningView> {
      const missing = missingShipping(input);
      if (missing.length) throw new AppError('mallRecipientRequired', { issues: missing });
      const [order] = await db
        .select({ id: mallOrders.id })
        .from(blindBoxOpenings)
        .innerJoin(mallOrders, eq(mallOrders.id, blindBoxOpenings.orderId))
        .where(
          and(
            eq(blindBoxOpenings.id, input.openingId),
            eq(blindBoxOpenings.userId, userId),
            eq(mallOrders.category, 'physical'),
          ),
        );
      if (!order) throw new AppError('notFound');
      const [updated] = await db
        .update(mallOrders)
        .set({
          recipient: input.recipient,
          address: input.address,
          contact: input.contact,
          updatedAt: new Date(),
        })
        .where(and(eq(mallOrders.id, order.id), eq(mallOrders.status, 'review')))
        .returning({ id: mallOrders.id });
      if (!updated) throw new AppError('mallTransitionForbidden');
      return openingView(input.openingId);
    },

    /** The user's openings, newest first. */
    async mine(userId: number, limit = 20): Promise<OpeningView[]> {
      const rows = await db
        .select({ id: blindBoxOpenings.id })
        .from(blindBoxOpenings)
        .where(eq(blindBoxOpenings.userId, userId))
        .orderBy(desc(blindBoxOpenings.id))
        .limit(limit);
      return Promise.all(rows.map((r) => openingView(r.id)));
    },

    /**
     * Recomputes a past opening from a seed (the one given, else the revealed one): it is verified
     * when the seed hashes to the committed hash and lands on the prize that was given.
     */
    async verify(openingId: number, givenSeed?: string): Promise<Verification> {
      const opening = await openingView(openingId);
      const serverSeed = givenSeed ?? opening.serverSeed;
      if (!serverSeed)
        return {
          opening,
          serverSeed: null,
          hashMatches: false,
          recomputedPrizeId: null,
          roll: null,
          verified: false,
        };
      const [row] = await db
        .select({ odds: blindBoxOpenings.odds })
        .from(blindBoxOpenings)
        .where(eq(blindBoxOpenings.id, openingId));
      const roll = rollOf(serverSeed, opening.clientSeed, opening.nonce);
      const recomputedPrizeId = prizeFor(row?.odds ?? [], roll);
      const hashMatches = hashSeed(serverSeed) === opening.seedHash;
      return {
        opening,
        serverSeed,
        hashMatches,
        recomputedPrizeId,
        roll,
        verified: hashMatches && recomputedPrizeId === opening.prize.id,
      };
    },

    /**
     * Reveals a box's seed and commits a new one. Anyone signed in may ask once the seed was used
     * (revealing it harms no future opening); staff at any time, audited.
     */
    async rotate(actor: { uid: number; staff: boolean }, boxId: number): Promise<BoxView> {
      await db.transaction(async (tx) => {
        const [seed] = await tx
          .select()
          .from(blindBoxSeeds)
          .where(and(eq(blindBoxSeeds.boxId, boxId), isNull(blindBoxSeeds.revealedAt)))
          .for('update');
        if (!seed) throw new AppError('notFound');
        if (!actor.staff && seed.nextNonce === 0) throw new AppError('blindBoxSeedUnused');
        await rotateIn(tx, boxId);
        if (actor.staff)
          await audit.record(tx, {
            actorId: actor.uid,
            targetId: null,
            action: 'rotate_box_seed',
            details: { boxId },
          });
      });
      return box(boxId);
    },

    /**
     * Creates a box with its prizes and first seed, or edits a box's name, picture, price and
     * state. Prizes and odds are fixed once a box exists (openings point at them): new odds are a
     * new box. Audited.
     */
    async save(actorId: number | null, input: BoxInput): Promise<BoxView> {
      const id = await db.transaction(async (tx) => {
        const values = {
          name: input.name,
          description: input.description,
          image: input.image,
          priceCoins: input.priceCoins,
          active: input.active,
        };
        if (input.id) {
          const [row] = await tx
            .update(blindBoxes)
            .set(values)
            .where(eq(blindBoxes.id, input.id))
            .returning();
          if (!row) throw new AppError('notFound');
          await audit.record(tx, {
            actorId,
            targetId: null,
            action: 'edit_blind_box',
            details: { boxId: row.id },
          });
          return row.id;
        }
        const [row] = await tx.insert(blindBoxes).values(values).returning();
        if (!row) throw new Error('box not written');
        await tx.insert(blindBoxPrizes).values(
          input.prizes.map((p, position) => ({
            boxId: row.id,
            kind: p.kind,
            goodsId: p.kind === 'goods' ? (p.goodsId ?? null) : null,
            amount: p.kind === 'goods' ? 1 : p.amount,
            weight: p.weight,
            position,
          })),
        );
        await commitSeed(tx, row.id);
        await audit.record(tx, {
          actorId,
          targetId: null,
          action: 'create_blind_box',
          details: { boxId: row.id, odds: input.prizes.map((p) => p.weight) },
        });
        return row.id;
      });
      return box(id);
    },
  };
}

export type Boxes = ReturnType<typeof createBoxes>;
