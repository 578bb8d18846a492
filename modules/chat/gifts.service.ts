import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftSends, gifts, users } from '../../db/schema/index';
import { AppError, isAppError } from '../../lib/errors';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales';
import { audit } from '../../platform/audit';
import type { FileStorage } from '../../platform/file-storage';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system/index';
import type { WalletDomain } from '../wallet/index';
import type {
  AdminGift,
  ChatEvent,
  Gift,
  GiftCatalogueInput,
  GiftNames,
  LeaderboardType,
} from './chat.contract';
import type { Chat } from './chat.service';
import { type AnimationType, giftAnimationType } from './gift-animation';

/** The anchor's share of a gift's price, paid in diamonds (0..1). */
export const ANCHOR_SHARE_SETTING = 'gift.anchorShare';
export const DEFAULT_ANCHOR_SHARE = 0.5;

export interface GiftsDeps {
  db: Db;
  chat: Chat;
  wallet: Pick<WalletDomain, 'transfer'>;
  settings: Settings;
  storage: FileStorage;
  now?: () => Date;
}

/** The gift's name in the language, else its own. */
const nameIn = (row: { name: string; names: GiftNames }, locale: Locale) => row.names[locale] || row.name;

const toGift = (row: typeof gifts.$inferSelect, locale: Locale): Gift => ({
  id: row.id,
  name: nameIn(row, locale),
  currency: row.currency as Gift['currency'],
  price: row.price,
  animation: row.animation,
  animationType: row.animationType as Gift['animationType'],
  icon: row.icon,
  comboSeconds: row.comboSeconds,
  sort: row.sort,
  enabled: row.enabled,
});

const toAdminGift = (row: typeof gifts.$inferSelect): AdminGift => ({
  ...toGift(row, DEFAULT_LOCALE),
  name: row.name,
  names: row.names,
});

/** The start of the day (UTC) or of the ISO week (Monday, UTC) that `at` is in. */
export function periodStart(type: LeaderboardType, at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (type === 'daily') return day;
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000);
}

export function createGifts({ db, chat, wallet, settings, storage, now = () => new Date() }: GiftsDeps) {
  return {
    /** The gifts on offer, named in the language. */
    async catalogue(locale: Locale): Promise<Gift[]> {
      const rows = await db
        .select()
        .from(gifts)
        .where(eq(gifts.enabled, true))
        .orderBy(asc(gifts.sort), asc(gifts.id));
      return rows.map((row) => toGift(row, locale));
    },

    /** Every gift, enabled or not, with its own name and its names in other languages (administrators). */
    async adminCatalogue(): Promise<AdminGift[]> {
      const rows = await db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.id));
      return rows.map(toAdminGift);
    },

    /** Adds a gift or changes one (admins); audited. */
    async save(admin: SessionUser, input: GiftCatalogueInput): Promise<AdminGift> {
      return db.transaction(async (tx) => {
        const { id, ...values } = input;
        const [row] = id
          ? await tx.update(gifts).set(values).where(eq(gifts.id, id)).returning()
          : await tx.insert(gifts).values(values).returning();
        if (!row) throw new AppError('notFound');
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: null,
          action: id ? 'update_gift' : 'create_gift',
          details: { giftId: row.id, ...values },
        });
        return toAdminGift(row);
      });
    },

    /** Stores an administrator's gift animation once its structure checks out (SVGA 2 or Lottie). */
    async uploadAnimation(data: Buffer): Promise<{ url: string; animationType: AnimationType }> {
      const animationType = giftAnimationType(data);
      const name = `${randomBytes(16).toString('hex')}.${animationType === 'svga' ? 'svga' : 'json'}`;
      return { url: await storage.put(`gifts/${name}`, data), animationType };
    },

    /**
     * Gives `count` of a gift to the room's anchor: the sender pays the platform once through the
     * ledger (gift_sent), the platform pays the anchor diamonds at the configured share
     * (gift_received), all in one transaction under the sender's key; the gift then shows in the
     * room's chat.
     */
    async send(
      user: SessionUser,
      input: { roomId: number; giftId: number; count: number; key: string },
    ): Promise<{ event: ChatEvent | null; balance: number }> {
      const room = await chat.room(input.roomId);
      if (!room.live) throw new AppError('noLiveBroadcast');
      if (room.anchorUserId === user.uid) throw new AppError('giftFailed');
      const [gift] = await db
        .select()
        .from(gifts)
        .where(and(eq(gifts.id, input.giftId), eq(gifts.enabled, true)));
      if (!gift) throw new AppError('giftFailed');
      const share = (await settings.get<number>(ANCHOR_SHARE_SETTING)) ?? DEFAULT_ANCHOR_SHARE;
      const amount = gift.price * input.count;
      const diamonds = Math.floor(amount * Math.min(Math.max(share, 0), 1));
      const sender = await chat.sender(room, user.uid);
      const ledgerKey = `gift:${input.key}`;
      try {
        const done = await db.transaction(async (tx) => {
          const [sent] = await tx
            .insert(giftSends)
            .values({
              roomId: room.roomId,
              giftId: gift.id,
              senderId: user.uid,
              anchorId: room.anchorUserId,
              count: input.count,
              currency: gift.currency,
              amount,
              diamonds,
              requestKey: input.key,
            })
            .onConflictDoNothing()
            .returning();
          if (!sent) return null; // the same press again: given already
          // Double entry through the platform account: the gift's price from the sender to it,
          // the anchor's share in diamonds from it, as one ledger transaction.
          const reference = `gift_send:${sent.id}`;
          const paid = await wallet.transfer(
            [
              {
                from: { userId: user.uid },
                to: { account: 'platform' },
                currency: gift.currency as 'coin' | 'diamond',
                amount,
                type: 'gift_sent',
                idempotencyKey: ledgerKey,
                reference,
                details: { roomId: room.roomId, giftId: gift.id, count: input.count },
              },
              ...(diamonds > 0
                ? [
                    {
                      from: { account: 'platform' as const },
                      to: { userId: room.anchorUserId },
                      currency: 'diamond' as const,
                      amount: diamonds,
                      type: 'gift_received' as const,
                      idempotencyKey: `${ledgerKey}:${user.uid}`,
                      reference,
                      details: { roomId: room.roomId, giftId: gift.id, from: user.uid },
                    },
                  ]
                : []),
            ],
            tx,
          );
          const combo = await comboOf(tx, sent.id, user.uid, room.roomId, gift.id, gift.comboSeconds);
          const event = await chat.append(tx, {
            roomId: room.roomId,
            kind: 'gift',
            userId: user.uid,
            sender,
            data: {
              gift: {
                giftId: gift.id,
                name: gift.name,
                count: input.count,
                combo,
                animation: gift.animation,
                animationType: gift.animationType,
              },
            },
          });
          return { event, balance: paid.balanceAfter };
        });
        if (!done) return { event: null, balance: await balanceOf(user.uid, gift.currency) };
        await chat.publish(done.event);
        return done;
      } catch (err) {
        if (isAppError(err)) throw err;
        throw new AppError('giftFailed', { cause: err });
      }
    },

    /** The top senders by what they spent (coins and diamonds counted alike), in a room or everywhere. */
    async leaderboard(type: LeaderboardType, roomId?: number, limit = 20) {
      const since = periodStart(type, now());
      const filters = [gte(giftSends.createdAt, since)];
      if (roomId) filters.push(eq(giftSends.roomId, roomId));
      const total = sql<number>`sum(${giftSends.amount})::int`;
      const rows = await db
        .select({
          uid: users.uid,
          name: users.username,
          avatar: users.avatar,
          total,
          gifts: sql<number>`sum(${giftSends.count})::int`,
        })
        .from(giftSends)
        .innerJoin(users, eq(users.uid, giftSends.senderId))
        .where(and(...filters))
        .groupBy(users.uid)
        .orderBy(desc(total), asc(users.uid))
        .limit(limit);
      return { type, since: since.toISOString(), list: rows.map((row, i) => ({ rank: i + 1, ...row })) };
    },

    /** The gifts a user sent, newest first, with totals (the user centre's `send` view). */
    async sent(userId: number, pageIndex: number, pageSize: number, locale: Locale) {
      const where = eq(giftSends.senderId, userId);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: giftSends.id,
            roomId: giftSends.roomId,
            giftName: gifts.name,
            giftNames: gifts.names,
            count: giftSends.count,
            currency: giftSends.currency,
            amount: giftSends.amount,
            anchor: users.username,
            createdAt: giftSends.createdAt,
          })
          .from(giftSends)
          .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
          .innerJoin(users, eq(users.uid, giftSends.anchorId))
          .where(where)
          .orderBy(desc(giftSends.id))
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db
          .select({
            currency: giftSends.currency,
            amount: sql<number>`sum(${giftSends.amount})::int`,
            count: sql<number>`sum(${giftSends.count})::int`,
            sends: sql<number>`count(*)::int`,
          })
          .from(giftSends)
          .where(where)
          .groupBy(giftSends.currency),
      ]);
      const of = (currency: string) => totals.find((t) => t.currency === currency);
      return {
        list: rows.map(({ giftName, giftNames, ...row }) => ({
          ...row,
          giftName: nameIn({ name: giftName, names: giftNames }, locale),
          createdAt: row.createdAt.toISOString(),
        })),
        total: totals.reduce((sum, t) => sum + t.sends, 0),
        totals: {
          coins: of('coin')?.amount ?? 0,
          diamonds: of('diamond')?.amount ?? 0,
          gifts: totals.reduce((s, t) => s + t.count, 0),
        },
        pageIndex,
        pageSize,
      };
    },

    /** An anchor's diamonds from gifts per day over the last `days` days (UTC), oldest first. */
    async earningsByDay(anchorId: number, days: number) {
      const today = periodStart('daily', now());
      const since = new Date(today.getTime() - (days - 1) * 86_400_000);
      const day = sql<string>`to_char(${giftSends.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          diamonds: sql<number>`sum(${giftSends.diamonds})::int`,
          gifts: sql<number>`sum(${giftSends.count})::int`,
        })
        .from(giftSends)
        .where(and(eq(giftSends.anchorId, anchorId), gte(giftSends.createdAt, since)))
        .groupBy(day);
      return Array.from({ length: days }, (_, i) => {
        const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        const row = rows.find((r) => r.day === date);
        return { date, diamonds: row?.diamonds ?? 0, gifts: row?.gifts ?? 0 };
      });
    },

    /** An anchor's diamonds from gifts: today, this week and ever. */
    async earningsTotal(anchorId: number) {
      const sum = (since?: Date) =>
        db
          .select({ diamonds: sql<number>`coalesce(sum(${giftSends.diamonds}), 0)::int` })
          .from(giftSends)
          .where(and(eq(giftSends.anchorId, anchorId), since ? gte(giftSends.createdAt, since) : undefined))
          .then(([row]) => row?.diamonds ?? 0);
      const at = now();
      const [today, week, total] = await Promise.all([
        sum(periodStart('daily', at)),
        sum(periodStart('weekly', at)),
        sum(),
      ]);
      return { today, week, total };
    },
  };

  /** The combo this send makes: one more than the user's previous send of the gift within its window. */
  async function comboOf(
    tx: Pick<Db, 'select'>,
    id: number,
    userId: number,
    roomId: number,
    giftId: number,
    seconds: number,
  ): Promise<number> {
    if (seconds === 0) return 1;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(giftSends)
      .where(
        and(
          eq(giftSends.senderId, userId),
          eq(giftSends.roomId, roomId),
          eq(giftSends.giftId, giftId),
          gte(giftSends.createdAt, new Date(now().getTime() - seconds * 1000)),
          sql`${giftSends.id} <= ${id}`,
        ),
      );
    return Math.max(1, row?.n ?? 1);
  }

  async function balanceOf(uid: number, currency: string): Promise<number> {
    const [row] = await db
      .select({ coins: users.coins, diamonds: users.diamonds })
      .from(users)
      .where(eq(users.uid, uid));
    return (currency === 'coin' ? row?.coins : row?.diamonds) ?? 0;
  }
}

export type Gifts = ReturnType<typeof createGifts>;
