import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertApplications, expertPlans, follows, matches, planOrders, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type Page, type PageQuery, pageOf } from '../../platform/paging';
import type { SessionUser } from '../../platform/sessions';
import type {
  ExpertCard,
  ExpertProfile,
  ExpertSort,
  ExpertStats,
  MonthlyReturn,
  Outcome,
  RankingPeriod,
  RankingRow,
  ReturnPoint,
  RevenueRange,
  RevenueRow,
  RevenueSummary,
} from './experts.contract';
import { monthlyReturns, recordStats, returnGraph, type SettledPlan, unitsOf } from './experts.rules';
import { expertRef } from './queries';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<RankingPeriod, number> = { daily: 1, weekly: 7 };
const RANKING_SIZE = 20;
const RECOMMENDED = 8;
/**
 * Recommended experts have at least this many counting (settled win or loss) plans: a hit rate
 * over fewer says little, and a just-approved expert has none. Ten is the middle history window.
 */
export const RECOMMENDED_MIN_PLANS = 10;
/** Specialists have at least this many counting plans in the game. */
const SPECIALIST_MIN_PLANS = 5;

interface ExpertSettled extends SettledPlan {
  expertId: number;
  gameId: number;
}

const SORTS: Record<ExpertSort, (a: ExpertStats, b: ExpertStats) => number> = {
  hitRate: (a, b) => b.hitRate - a.hitRate || b.settled - a.settled,
  streak: (a, b) => b.currentStreak - a.currentStreak || b.hitRate - a.hitRate,
  roi: (a, b) => b.roi - a.roi || b.hitRate - a.hitRate,
};

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Experts' records, computed only from settled plans that were published and committed to the
 * chain, in match order; rankings, the experts' lists and the creator centre's revenue.
 */
export function createStats(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function settled(filter: { expertId?: number; since?: Date } = {}): Promise<ExpertSettled[]> {
    const rows = await db
      .select({
        planId: expertPlans.id,
        expertId: expertPlans.expertId,
        gameId: expertPlans.gameId,
        outcome: expertPlans.settlement,
        odds: expertPlans.odds,
        at: matches.startsAt,
      })
      .from(expertPlans)
      .innerJoin(matches, eq(matches.id, expertPlans.matchId))
      .where(
        and(
          ne(expertPlans.settlement, 'pending'),
          isNotNull(expertPlans.publishedAt),
          sql`exists (select 1 from plan_commitments c where c.plan_id = ${expertPlans.id})`,
          filter.expertId === undefined ? undefined : eq(expertPlans.expertId, filter.expertId),
          filter.since ? gte(matches.startsAt, filter.since) : undefined,
        ),
      )
      .orderBy(asc(matches.startsAt), asc(expertPlans.id));
    return rows.map((r) => ({ ...r, outcome: r.outcome as Outcome }));
  }

  async function planCounts(expertIds: number[]) {
    if (expertIds.length === 0) return new Map<number, { plans: number; onSale: number }>();
    const rows = await db
      .select({
        expertId: expertPlans.expertId,
        plans: count(),
        onSale: sql<number>`count(*) filter (where ${expertPlans.state} = 'published'
          and ${matches.status} = 'not_started' and ${matches.startsAt} > ${now()})`.mapWith(Number),
      })
      .from(expertPlans)
      .innerJoin(matches, eq(matches.id, expertPlans.matchId))
      .where(and(inArray(expertPlans.expertId, expertIds), isNotNull(expertPlans.publishedAt)))
      .groupBy(expertPlans.expertId);
    return new Map(rows.map((r) => [r.expertId, r]));
  }

  /** Approved experts as cards, with their records. */
  async function cards(filter: { expertId?: number } = {}): Promise<ExpertCard[]> {
    const experts = await db
      .select({ application: expertApplications, username: users.username, avatar: users.avatar })
      .from(expertApplications)
      .innerJoin(users, eq(users.uid, expertApplications.uid))
      .where(
        and(
          eq(expertApplications.state, 'approved'),
          filter.expertId === undefined ? undefined : eq(expertApplications.uid, filter.expertId),
        ),
      );
    const records = await settled(filter);
    const counts = await planCounts(experts.map((e) => e.application.uid));
    return experts.map(({ application, username, avatar }) => {
      const uid = application.uid;
      return {
        expert: expertRef({ uid, displayName: application.displayName, username, avatar }),
        introduction: application.introduction,
        gameIds: application.gameIds,
        stats: statsOf(uid, records, counts),
      };
    });
  }

  /** An author's record from the settled plans and the plan counts read for several authors. */
  function statsOf(
    uid: number,
    records: Awaited<ReturnType<typeof settled>>,
    counts: Awaited<ReturnType<typeof planCounts>>,
  ): ExpertStats {
    const own = counts.get(uid);
    return {
      ...recordStats(records.filter((r) => r.expertId === uid)),
      plans: own?.plans ?? 0,
      plansOnSale: own?.onSale ?? 0,
    };
  }

  async function card(expertId: number): Promise<ExpertCard> {
    const [found] = await cards({ expertId });
    if (!found) throw new AppError('notFound');
    return found;
  }

  async function rankings(period: RankingPeriod): Promise<RankingRow[]> {
    const since = new Date(now().getTime() - PERIOD_DAYS[period] * DAY_MS);
    const records = (await settled({ since })).filter((r) => r.outcome !== 'push' && r.outcome !== 'void');
    const all = await cards();
    return all
      .map((c) => {
        const own = records.filter((r) => r.expertId === c.expert.uid);
        const hits = own.filter((r) => r.outcome === 'win' || r.outcome === 'half_win').length;
        const units = own.reduce((sum, r) => sum + unitsOf(r.outcome, r.odds), 0);
        return {
          rank: 0,
          expert: c.expert,
          plans: own.length,
          hits,
          hitRate: own.length ? round1((hits / own.length) * 100) : 0,
          units: Math.round(units * 100) / 100,
        };
      })
      .filter((row) => row.plans > 0)
      .sort((a, b) => b.hits - a.hits || b.hitRate - a.hitRate || b.units - a.units)
      .slice(0, RANKING_SIZE)
      .map((row, index) => ({ ...row, rank: index + 1 }));
  }

  return {
    cards,
    rankings,

    async stats(expertId: number): Promise<ExpertStats> {
      return (await card(expertId)).stats;
    },

    /**
     * The record of a creator's own plans, for the creator centre: an administrator writes there
     * too without being an approved expert, and has a record all the same (empty until it sells).
     */
    async ownStats(uid: number): Promise<ExpertStats> {
      const [records, counts] = await Promise.all([settled({ expertId: uid }), planCounts([uid])]);
      return statsOf(uid, records, counts);
    },

    async profile(expertId: number, viewer: SessionUser | null): Promise<ExpertProfile> {
      const found = await card(expertId);
      const [[followers], [followed], [application]] = await Promise.all([
        db.select({ n: count() }).from(follows).where(eq(follows.followeeId, expertId)),
        viewer
          ? db
              .select({ n: count() })
              .from(follows)
              .where(and(eq(follows.followerId, viewer.uid), eq(follows.followeeId, expertId)))
          : Promise.resolve([{ n: 0 }]),
        db
          .select({ reviewedAt: expertApplications.reviewedAt, submittedAt: expertApplications.submittedAt })
          .from(expertApplications)
          .where(eq(expertApplications.uid, expertId)),
      ]);
      return {
        ...found,
        followers: followers?.n ?? 0,
        followed: (followed?.n ?? 0) > 0,
        since: (application?.reviewedAt ?? application?.submittedAt ?? now()).toISOString(),
      };
    },

    async graph(expertId: number): Promise<ReturnPoint[]> {
      return returnGraph(await settled({ expertId }));
    },

    async monthly(expertId: number): Promise<MonthlyReturn[]> {
      return monthlyReturns(await settled({ expertId }));
    },

    async allExperts(
      filter: { gameId?: number; sort: ExpertSort },
      query: PageQuery,
    ): Promise<Page<ExpertCard>> {
      const all = (await cards())
        .filter((c) => filter.gameId === undefined || c.gameIds.includes(filter.gameId))
        .sort((a, b) => SORTS[filter.sort](a.stats, b.stats));
      const start = (query.pageIndex - 1) * query.pageSize;
      return { list: all.slice(start, start + query.pageSize), total: all.length, ...query };
    },

    async recommended(): Promise<ExpertCard[]> {
      return (await cards())
        .filter((c) => c.stats.settled >= RECOMMENDED_MIN_PLANS)
        .sort((a, b) => SORTS.hitRate(a.stats, b.stats))
        .slice(0, RECOMMENDED);
    },

    /** Experts ranked by their record in one game (or overall), with enough plans in it to judge. */
    async specialists(gameId: number | undefined, sort: ExpertSort): Promise<ExpertCard[]> {
      const all = await cards();
      const records = await settled();
      return all
        .map((c) => {
          const own = records.filter(
            (r) => r.expertId === c.expert.uid && (gameId === undefined || r.gameId === gameId),
          );
          return { ...c, stats: { ...c.stats, ...recordStats(own) } };
        })
        .filter((c) => c.stats.settled >= SPECIALIST_MIN_PLANS)
        .sort((a, b) => SORTS[sort](a.stats, b.stats))
        .slice(0, RANKING_SIZE);
    },

    /** The data board: sales and paid revenue over the last `days` days, one point a day. */
    async revenueSummary(user: SessionUser, days: RevenueRange): Promise<RevenueSummary> {
      const since = new Date(now().getTime() - days * DAY_MS);
      const orders = await db
        .select({ order: planOrders })
        .from(planOrders)
        .innerJoin(expertPlans, eq(expertPlans.id, planOrders.planId))
        .where(and(eq(expertPlans.expertId, user.uid), gte(planOrders.createdAt, since)));
      const [published] = await db
        .select({ n: count() })
        .from(expertPlans)
        .where(and(eq(expertPlans.expertId, user.uid), gte(expertPlans.publishedAt, since)));
      const series = Array.from({ length: days }, (_, i) => {
        const day = new Date(now().getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
        const dayOrders = orders.filter(({ order }) => order.createdAt.toISOString().slice(0, 10) === day);
        return {
          day,
          sales: dayOrders.length,
          revenue: dayOrders.reduce((sum, { order }) => sum + order.income, 0),
        };
      });
      return {
        days,
        sales: orders.length,
        revenue: orders.reduce((sum, { order }) => sum + order.income, 0),
        held: orders
          .filter(({ order }) => order.escrow === 'held')
          .reduce((sum, { order }) => sum + order.price, 0),
        plansPublished: published?.n ?? 0,
        series,
      };
    },

    /** Revenue details: every sale of the expert's plans, newest first. */
    async revenueRows(user: SessionUser, query: PageQuery): Promise<Page<RevenueRow>> {
      const where = eq(expertPlans.expertId, user.uid);
      return pageOf(
        query,
        async (limit, offset) => {
          const rows = await db
            .select({ order: planOrders, title: expertPlans.title, buyer: users.username })
            .from(planOrders)
            .innerJoin(expertPlans, eq(expertPlans.id, planOrders.planId))
            .innerJoin(users, eq(users.uid, planOrders.buyerId))
            .where(where)
            .orderBy(desc(planOrders.id))
            .limit(limit)
            .offset(offset);
          return rows.map(({ order, title, buyer }) => ({
            planId: order.planId,
            title,
            buyer,
            price: order.price,
            income: order.income,
            platformShare: order.platformShare,
            escrow: order.escrow as RevenueRow['escrow'],
            purchasedAt: order.createdAt.toISOString(),
            settledAt: order.settledAt?.toISOString() ?? null,
          }));
        },
        db
          .select({ n: count() })
          .from(planOrders)
          .innerJoin(expertPlans, eq(expertPlans.id, planOrders.planId))
          .where(where),
      );
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
