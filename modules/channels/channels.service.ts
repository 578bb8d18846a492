import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelDaily,
  channelEvents,
  coinRecords,
  paymentOrders,
  promotionChannels,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Page, PageQuery } from '../../lib/paging';
import { audit } from '../../platform/audit';
import { pageOf } from '../../platform/paging';
import type { SessionUser } from '../../platform/sessions';
import type { Admin } from '../admin';
import type {
  AdminChannel,
  ChannelCounts,
  ChannelFlow,
  ChannelRecharge,
  ChannelStatistics,
  ChannelSummary,
  ChannelUser,
  CreateChannelInput,
  RangeQuery,
} from './channels.contract';

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const EMPTY: ChannelCounts = {
  visits: 0,
  registeredVisits: 0,
  registrations: 0,
  downloads: 0,
  recharges: 0,
  rechargeFen: 0,
};

function add(sum: ChannelCounts, row: ChannelCounts): ChannelCounts {
  return {
    visits: sum.visits + row.visits,
    registeredVisits: sum.registeredVisits + row.registeredVisits,
    registrations: sum.registrations + row.registrations,
    downloads: sum.downloads + row.downloads,
    recharges: sum.recharges + row.recharges,
    rechargeFen: sum.rechargeFen + row.rechargeFen,
  };
}

export interface ChannelsDeps {
  db: Db;
  admin: Admin;
  now?: () => Date;
}

/**
 * Promotion channels (decision 027): the raw traffic a channel link brings, the daily roll-up,
 * and what a promoter reads about their own channels, and only their own.
 */
export function createChannels({ db, admin, now = () => new Date() }: ChannelsDeps) {
  /** The first moment of a range of `days` ending today (UTC). */
  function range(days: number) {
    return { from: new Date(Date.parse(`${dayOf(now())}T00:00:00Z`) - (days - 1) * DAY_MS) };
  }

  /** The caller's channels the query covers: one of them, or all; someone else's is not found. */
  async function ownChannels(owner: SessionUser, channelId?: string): Promise<string[]> {
    const rows = await db
      .select({ id: promotionChannels.id })
      .from(promotionChannels)
      .where(
        and(
          eq(promotionChannels.ownerId, owner.uid),
          channelId ? eq(promotionChannels.id, channelId) : undefined,
        ),
      );
    if (channelId && rows.length === 0) throw new AppError('channelNotFound');
    return rows.map((row) => row.id);
  }

  /** Rows of no channel: an owner without channels sees empty pages. */
  const none = (ids: string[]) => (ids.length === 0 ? ['\u0000'] : ids);

  async function exists(channelId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: promotionChannels.id })
      .from(promotionChannels)
      .where(eq(promotionChannels.id, channelId));
    return !!row;
  }

  /** One raw event, once per visitor, kind and day; a later signed-in visit marks it registered. */
  async function record(kind: 'visit' | 'download', channelId: string, visitor: string, userId?: number) {
    const at = now();
    await db
      .insert(channelEvents)
      .values({ channelId, kind, visitor, userId: userId ?? null, day: dayOf(at), occurredAt: at })
      .onConflictDoUpdate({
        target: [channelEvents.channelId, channelEvents.kind, channelEvents.visitor, channelEvents.day],
        set: { userId: sql`coalesce(${channelEvents.userId}, excluded.user_id)` },
      });
  }

  return {
    exists,

    /** A visit through a channel link; false when the link names no channel. */
    async visit(channelId: string, visitor: string, user: SessionUser | null): Promise<boolean> {
      if (!(await exists(channelId))) return false;
      await record('visit', channelId, visitor, user?.uid);
      return true;
    },

    /** The web app installed from the download page by a visitor a channel brought. */
    async download(channelId: string, visitor: string): Promise<void> {
      if (await exists(channelId)) await record('download', channelId, visitor);
    },

    /**
     * Recomputes the daily rows of every channel for the days from `from` to `to` (UTC) from the
     * raw rows: events, registrations (users) and paid recharges (payment orders). Running it again
     * writes the same numbers, so the job may repeat or overlap a day safely.
     */
    async rollUp(from: Date, to: Date): Promise<void> {
      await db.execute(sql`
        insert into channel_daily
          (channel_id, day, visits, registered_visits, registrations, downloads, recharges, recharge_fen, updated_at)
        select c.id, d.day,
          (select count(*) from channel_events e where e.channel_id = c.id and e.day = d.day and e.kind = 'visit'),
          (select count(*) from channel_events e
            where e.channel_id = c.id and e.day = d.day and e.kind = 'visit' and e.user_id is not null),
          (select count(*) from users u
            where u.promotion_channel_id = c.id and (u.created_at at time zone 'UTC')::date = d.day),
          (select count(*) from channel_events e where e.channel_id = c.id and e.day = d.day and e.kind = 'download'),
          (select count(*) from payment_orders o
            where o.channel = c.id and o.status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day),
          (select coalesce(sum(o.price_fen), 0) from payment_orders o
            where o.channel = c.id and o.status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day),
          now()
        from promotion_channels c
        cross join (select generate_series(${dayOf(from)}::date, ${dayOf(to)}::date, interval '1 day')::date as day) d
        on conflict (channel_id, day) do update set
          visits = excluded.visits,
          registered_visits = excluded.registered_visits,
          registrations = excluded.registrations,
          downloads = excluded.downloads,
          recharges = excluded.recharges,
          recharge_fen = excluded.recharge_fen,
          updated_at = excluded.updated_at`);
    },

    /** The caller's channels with their numbers over the range (spec point 3). */
    async list(owner: SessionUser, days: number): Promise<ChannelSummary[]> {
      const { from } = range(days);
      const rows = await db
        .select({
          id: promotionChannels.id,
          name: promotionChannels.name,
          visits: sql<number>`coalesce(sum(${channelDaily.visits}), 0)::int`,
          registeredVisits: sql<number>`coalesce(sum(${channelDaily.registeredVisits}), 0)::int`,
          registrations: sql<number>`coalesce(sum(${channelDaily.registrations}), 0)::int`,
          downloads: sql<number>`coalesce(sum(${channelDaily.downloads}), 0)::int`,
          recharges: sql<number>`coalesce(sum(${channelDaily.recharges}), 0)::int`,
          rechargeFen: sql<number>`coalesce(sum(${channelDaily.rechargeFen}), 0)::bigint`,
        })
        .from(promotionChannels)
        .leftJoin(
          channelDaily,
          and(eq(channelDaily.channelId, promotionChannels.id), gte(channelDaily.day, dayOf(from))),
        )
        .where(eq(promotionChannels.ownerId, owner.uid))
        .groupBy(promotionChannels.id, promotionChannels.name)
        .orderBy(asc(promotionChannels.createdAt), asc(promotionChannels.id));
      return rows.map((row) => ({
        ...row,
        rechargeFen: Number(row.rechargeFen),
        link: `/?channel=${row.id}`,
      }));
    },

    /** Day by day over the range, for one of the caller's channels or all of them. */
    async statistics(owner: SessionUser, query: RangeQuery): Promise<ChannelStatistics> {
      const ids = none(await ownChannels(owner, query.channelId));
      const { from } = range(query.days);
      const rows = await db
        .select()
        .from(channelDaily)
        .where(and(inArray(channelDaily.channelId, ids), gte(channelDaily.day, dayOf(from))));
      const series = Array.from({ length: query.days }, (_, i) => {
        const day = dayOf(new Date(from.getTime() + i * DAY_MS));
        return { day, ...rows.filter((row) => row.day === day).reduce(add, EMPTY) };
      });
      return { days: query.days, totals: series.reduce(add, EMPTY), series };
    },

    /** Accounts registered through the caller's channels in the range, newest first. */
    async users(owner: SessionUser, query: RangeQuery & PageQuery): Promise<Page<ChannelUser>> {
      const ids = none(await ownChannels(owner, query.channelId));
      const where = and(inArray(users.promotionChannelId, ids), gte(users.createdAt, range(query.days).from));
      return pageOf(
        query,
        async (limit, offset) => {
          const rows = await db
            .select({
              uid: users.uid,
              username: users.username,
              channelId: users.promotionChannelId,
              registeredAt: users.createdAt,
              rechargeFen: sql<number>`(select coalesce(sum(o.price_fen), 0) from payment_orders o
                where o.user_id = ${users.uid} and o.status = 'paid')::bigint`,
            })
            .from(users)
            .where(where)
            .orderBy(desc(users.createdAt), desc(users.uid))
            .limit(limit)
            .offset(offset);
          return rows.map((row) => ({
            ...row,
            channelId: row.channelId ?? '',
            registeredAt: row.registeredAt.toISOString(),
            rechargeFen: Number(row.rechargeFen),
          }));
        },
        db.select({ n: count() }).from(users).where(where),
      );
    },

    /** Gold: the paid recharges of the caller's channels' users in the range, newest first. */
    async gold(
      owner: SessionUser,
      query: RangeQuery & PageQuery,
    ): Promise<Page<ChannelRecharge> & { totalFen: number }> {
      const ids = none(await ownChannels(owner, query.channelId));
      const where = and(
        inArray(paymentOrders.channel, ids),
        eq(paymentOrders.status, 'paid'),
        gte(paymentOrders.paidAt, range(query.days).from),
      );
      const [page, [sum]] = await Promise.all([
        pageOf(
          query,
          async (limit, offset) => {
            const rows = await db
              .select({ order: paymentOrders, username: users.username })
              .from(paymentOrders)
              .innerJoin(users, eq(users.uid, paymentOrders.userId))
              .where(where)
              .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
              .limit(limit)
              .offset(offset);
            return rows.map(({ order, username }) => ({
              orderNo: order.orderNo,
              uid: order.userId,
              username,
              channelId: order.channel ?? '',
              product: order.product,
              priceFen: order.priceFen,
              coins: order.coins,
              diamonds: order.diamonds,
              paidAt: (order.paidAt ?? order.createdAt).toISOString(),
            }));
          },
          db.select({ n: count() }).from(paymentOrders).where(where),
        ),
        db
          .select({ fen: sql<number>`coalesce(sum(${paymentOrders.priceFen}), 0)::bigint` })
          .from(paymentOrders)
          .where(where),
      ]);
      return { ...page, totalFen: Number(sum?.fen ?? 0) };
    },

    /** Water: every coin and diamond movement of the caller's channels' users in the range. */
    async water(
      owner: SessionUser,
      query: RangeQuery & PageQuery,
    ): Promise<Page<ChannelFlow> & { coinsIn: number; coinsOut: number }> {
      const ids = none(await ownChannels(owner, query.channelId));
      const where = and(
        inArray(coinRecords.channel, ids),
        gte(coinRecords.createdAt, range(query.days).from),
      );
      const [page, [sums]] = await Promise.all([
        pageOf(
          query,
          async (limit, offset) => {
            const rows = await db
              .select({ row: coinRecords, username: users.username })
              .from(coinRecords)
              .innerJoin(users, eq(users.uid, coinRecords.userId))
              .where(where)
              .orderBy(desc(coinRecords.createdAt), desc(coinRecords.id))
              .limit(limit)
              .offset(offset);
            return rows.map(({ row, username }) => ({
              id: row.id,
              uid: row.userId ?? 0,
              username,
              channelId: row.channel ?? '',
              currency: row.currency,
              type: row.type,
              amount: row.amount,
              createdAt: row.createdAt.toISOString(),
            }));
          },
          db.select({ n: count() }).from(coinRecords).where(where),
        ),
        db
          .select({
            coinsIn: sql<number>`coalesce(sum(${coinRecords.amount}) filter (where ${coinRecords.currency} = 'coin' and ${coinRecords.amount} > 0), 0)::bigint`,
            coinsOut: sql<number>`coalesce(-sum(${coinRecords.amount}) filter (where ${coinRecords.currency} = 'coin' and ${coinRecords.amount} < 0), 0)::bigint`,
          })
          .from(coinRecords)
          .where(where),
      ]);
      return { ...page, coinsIn: Number(sums?.coinsIn ?? 0), coinsOut: Number(sums?.coinsOut ?? 0) };
    },

    /** Every channel, for the administrators. */
    async all(): Promise<AdminChannel[]> {
      const rows = await db
        .select({ channel: promotionChannels, owner: users.username })
        .from(promotionChannels)
        .innerJoin(users, eq(users.uid, promotionChannels.ownerId))
        .orderBy(desc(promotionChannels.createdAt));
      return rows.map(({ channel, owner }) => ({
        id: channel.id,
        name: channel.name,
        ownerId: channel.ownerId,
        owner,
        createdAt: channel.createdAt.toISOString(),
      }));
    },

    /** An administrator opens a channel for an account, which becomes a promoter if it is not one. */
    async create(actor: SessionUser | null, input: CreateChannelInput): Promise<AdminChannel> {
      if (await exists(input.id)) throw new AppError('channelIdTaken');
      await admin.setRole(actor, input.ownerId, { role: 'promoter', granted: true });
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(promotionChannels)
          .values({ id: input.id, name: input.name, ownerId: input.ownerId })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('channelIdTaken');
        await audit.record(tx, {
          actorId: actor?.uid ?? null,
          targetId: input.ownerId,
          action: 'create_channel',
          details: { channelId: input.id, name: input.name },
        });
      });
      const made = (await this.all()).find((channel) => channel.id === input.id);
      if (!made) throw new AppError('channelNotFound');
      return made;
    },
  };
}

export type Channels = ReturnType<typeof createChannels>;
