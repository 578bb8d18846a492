import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { goods } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import type { FileStorage } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import { sanitizeArticleHtml } from '../content';
import {
  GOODS_IMAGE_MAX_BYTES,
  type GOODS_SORTS,
  type GoodsCategory,
  type GoodsDetails,
  type GoodsInput,
  type GoodsSummary,
} from './mall.contract';

type GoodsRow = typeof goods.$inferSelect;
type Sort = (typeof GOODS_SORTS)[number];

/** On the shelf and inside its time window at `now`. */
export function onSale(now: Date): SQL {
  return and(
    eq(goods.onShelf, true),
    or(isNull(goods.startsAt), lte(goods.startsAt, now)),
    or(isNull(goods.endsAt), gt(goods.endsAt, now)),
  ) as SQL;
}

export function isOnSale(row: GoodsRow, now: Date): boolean {
  return row.onShelf && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);
}

export function goodsSummary(row: GoodsRow): GoodsSummary {
  return {
    id: row.id,
    name: row.name,
    image: row.images[0] ?? null,
    category: row.category as GoodsCategory,
    priceCoins: row.priceCoins,
    grant: row.grant,
    inventory: row.inventory,
    exchangeCount: row.exchangeCount,
  };
}

export function goodsDetails(row: GoodsRow, now = new Date()): GoodsDetails {
  return {
    ...goodsSummary(row),
    description: row.description,
    images: row.images,
    limitPerUser: row.limitPerUser,
    onShelf: row.onShelf,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    available: isOnSale(row, now) && row.inventory > 0,
  };
}

const ORDER_BY: Record<Sort, SQL[]> = {
  popular: [desc(goods.exchangeCount), desc(goods.id)],
  newest: [desc(goods.id)],
  price: [asc(goods.priceCoins), desc(goods.id)],
};

/** The mall's goods: lists by category and popularity, the product page, and the admins' edits. */
export function createGoods({ db, storage }: { db: Db; storage: FileStorage }) {
  async function page(where: SQL | undefined, sort: Sort, pageIndex: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(goods)
        .where(where)
        .orderBy(...ORDER_BY[sort])
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize),
      db.select({ total: count() }).from(goods).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  return {
    /** `/goods/list`: what is on sale now, by category, most exchanged (popular), newest or cheapest first. */
    async list(query: { category?: GoodsCategory; sort: Sort; pageIndex: number; pageSize: number }) {
      const where = and(onSale(new Date()), query.category ? eq(goods.category, query.category) : undefined);
      const { rows, total } = await page(where, query.sort, query.pageIndex, query.pageSize);
      return { list: rows.map(goodsSummary), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },

    /** `/goods/details`: a product on sale; staff also see it off the shelf. */
    async details(id: number, staff = false): Promise<GoodsDetails> {
      const [row] = await db.select().from(goods).where(eq(goods.id, id));
      if (!row || (!staff && !isOnSale(row, new Date()))) throw new AppError('notFound');
      return goodsDetails(row);
    },

    /** Every product, on the shelf or not, newest first. */
    async all(pageIndex: number, pageSize: number) {
      const { rows, total } = await page(undefined, 'newest', pageIndex, pageSize);
      return { list: rows.map((row) => goodsDetails(row)), total, pageIndex, pageSize };
    },

    /** Creates or edits a product; the description is sanitised and the change audited. */
    async save(actorId: number | null, input: GoodsInput): Promise<GoodsDetails> {
      const values = {
        name: input.name,
        description: sanitizeArticleHtml(input.description),
        images: input.images,
        category: input.category,
        priceCoins: input.priceCoins,
        grant: input.grant,
        inventory: input.inventory,
        limitPerUser: input.limitPerUser,
        onShelf: input.onShelf,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        updatedAt: new Date(),
      };
      return db.transaction(async (tx) => {
        const [row] = input.id
          ? await tx.update(goods).set(values).where(eq(goods.id, input.id)).returning()
          : await tx.insert(goods).values(values).returning();
        if (!row) throw new AppError('notFound');
        await audit.record(tx, {
          actorId,
          targetId: null,
          action: input.id ? 'edit_goods' : 'create_goods',
          details: { goodsId: row.id, name: row.name, inventory: row.inventory, onShelf: row.onShelf },
        });
        return goodsDetails(row);
      });
    },

    /** Puts a product on the shelf or takes it off; audited. */
    async setShelf(actorId: number, id: number, onShelf: boolean): Promise<GoodsDetails> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(goods)
          .set({ onShelf, updatedAt: new Date() })
          .where(eq(goods.id, id))
          .returning();
        if (!row) throw new AppError('notFound');
        await audit.record(tx, {
          actorId,
          targetId: null,
          action: onShelf ? 'goods_on_shelf' : 'goods_off_shelf',
          details: { goodsId: id },
        });
        return goodsDetails(row);
      });
    },

    /** A product picture: decoded and re-encoded as WebP of at most 1200 px a side; answers its URL. */
    async uploadImage(data: Buffer): Promise<string> {
      const image = await reencodeImage(
        data,
        { maxBytes: GOODS_IMAGE_MAX_BYTES, formats: ['jpeg', 'png', 'webp'], rule: 'imageRule' },
        (picture) =>
          picture.resize(1200, 1200, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }),
      );
      return storage.put(`mall/${randomBytes(16).toString('hex')}.webp`, image);
    },
  };
}

/** Takes `quantity` from stock inside the order's transaction; false when there is not enough. */
export async function takeStock(tx: Executor, goodsId: number, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(goods)
    .set({
      inventory: sql`${goods.inventory} - ${quantity}`,
      exchangeCount: sql`${goods.exchangeCount} + ${quantity}`,
    })
    .where(and(eq(goods.id, goodsId), sql`${goods.inventory} >= ${quantity}`))
    .returning({ id: goods.id });
  return taken.length > 0;
}

/** Puts `quantity` back in stock when an order is cancelled or charged back. */
export async function restoreStock(tx: Executor, goodsId: number, quantity: number): Promise<void> {
  await tx
    .update(goods)
    .set({
      inventory: sql`${goods.inventory} + ${quantity}`,
      exchangeCount: sql`greatest(${goods.exchangeCount} - ${quantity}, 0)`,
    })
    .where(eq(goods.id, goodsId));
}

export type Goods = ReturnType<typeof createGoods>;
