import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import type { Db, Executor } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, expertPlans, matches, planOrders, teams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { audit } from '../../platform/audit';
import type { FileStorage } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import { type Page, type PageQuery, pageOf } from '../../platform/paging';
import type { RateLimiter } from '../../platform/rate-limit';
import { hasRole } from '../../platform/roles';
import type { SessionUser } from '../../platform/sessions';
import { sanitizeArticleHtml } from '../content';
import type { SportFamily } from '../sports';
import type { Applications } from './applications.service';
import { commitmentView, commitPrediction, latestCommitment } from './chain';
import {
  type FocusEvent,
  LINE_MARKETS,
  MARKETS_BY_FAMILY,
  type OwnPlan,
  PICKS,
  PLAN_IMAGES_MAX,
  PLANS_PER_MATCH,
  type PlanDetail,
  type PlanFields,
  type PlanMatchOption,
  type PlanOptions,
  type PlanState,
  type PlanSummary,
  type planListQuery,
  TITLE_MAX,
  TITLE_MIN,
} from './experts.contract';
import {
  ownPlan,
  type PlanRow,
  planMatch,
  planSummary,
  plansWhere,
  predictionOf,
  selectPlans,
} from './queries';
import type { ExpertSettingsStore } from './settings';

/** Plan pictures: square, re-encoded as WebP of at most this side, under this folder of the uploads. */
const IMAGE_SIDE = 1080;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_FOLDER = 'plans/';
/** What the server's square-checked upload answers; plan images must be such files. */
const SQUARE_IMAGE = /^\/uploads\/plans\/sq-[0-9a-f]{32}\.webp$/;
const UPLOADS_PER_HOUR = 60;
/** Matches a plan may be on: not started, within this many days. */
const PLAN_MATCH_DAYS = 7;

type PlanListQuery = ReturnType<typeof planListQuery.parse>;

const notStarted = (match: { status: string; startsAt: Date }, now: Date) =>
  match.status === 'not_started' && match.startsAt.getTime() > now.getTime();

/**
 * Plans: the composer's rules on the server (spec point 5 and issue 17), revisions, removal and
 * deletion, the review queue, and what readers may see of them.
 */
export function createPlans(deps: {
  db: Db;
  applications: Applications;
  settings: ExpertSettingsStore;
  storage: FileStorage;
  limiter: RateLimiter;
  now: () => Date;
}) {
  const { db, applications, settings, storage, limiter, now } = deps;

  async function planRow(id: number, tx: Executor = db, locale?: Locale): Promise<PlanRow> {
    const [row] = await plansWhere(tx, eq(expertPlans.id, id), { limit: 1, locale });
    if (!row) throw new AppError('notFound');
    return row;
  }

  async function revenueOf(planIds: number[]): Promise<Map<number, number>> {
    if (planIds.length === 0) return new Map();
    const rows = await db
      .select({ planId: planOrders.planId, income: sum(planOrders.income).mapWith(Number) })
      .from(planOrders)
      .where(and(inArray(planOrders.planId, planIds), eq(planOrders.escrow, 'paid')))
      .groupBy(planOrders.planId);
    return new Map(rows.map((r) => [r.planId, r.income]));
  }

  async function ownPlans(rows: PlanRow[]): Promise<OwnPlan[]> {
    const revenue = await revenueOf(rows.map((r) => r.plan.id));
    return rows.map((row) => ownPlan(row, revenue.get(row.plan.id) ?? 0));
  }

  /** The rules that need the database, in the order the composer shows them. */
  async function checkRules(
    tx: Executor,
    expertId: number,
    input: PlanFields,
    revising: number | null,
    prices: number[],
  ) {
    if (!prices.includes(input.price)) throw new AppError('planPriceRule');
    const [match] = await tx
      .select({
        id: matches.id,
        gameId: matches.gameId,
        status: matches.status,
        startsAt: matches.startsAt,
        bestOf: matches.bestOf,
        family: sql<SportFamily>`${matches.state}->>'family'`,
      })
      .from(matches)
      .where(eq(matches.id, input.matchId));
    if (!match) throw new AppError('notFound');
    if (!notStarted(match, now())) throw new AppError('planMatchStarted');
    const { market, line } = input.prediction;
    const offered = MARKETS_BY_FAMILY[match.family] ?? [];
    if (!offered.includes(market)) throw new AppError('planMarketRule');
    if (market === 'map_winner' && (line ?? 0) > (match.bestOf ?? 1)) throw new AppError('planMarketRule');
    if (input.images.length > PLAN_IMAGES_MAX || !input.images.every((url) => SQUARE_IMAGE.test(url)))
      throw new AppError('planImagesRule');
    const [taken] = await tx
      .select({ n: count() })
      .from(expertPlans)
      .where(
        and(
          eq(expertPlans.expertId, expertId),
          eq(expertPlans.matchId, input.matchId),
          ne(expertPlans.state, 'deleted'),
          revising ? ne(expertPlans.id, revising) : undefined,
        ),
      );
    if ((taken?.n ?? 0) >= PLANS_PER_MATCH) throw new AppError('plansPerMatchLimit');
    return match;
  }

  function canRead(row: PlanRow, viewer: SessionUser | null, purchased: boolean): PlanDetail['access'] {
    if (viewer && (viewer.uid === row.plan.expertId || hasRole(viewer, 'admin'))) return 'granted';
    if (purchased) return 'granted';
    if (row.plan.price > 0) return 'buy';
    return row.plan.viewMode === 'login' && !viewer ? 'login' : 'granted';
  }

  function purchasable(row: PlanRow, viewer: SessionUser | null, purchased: boolean): boolean {
    return (
      row.plan.state === 'published' &&
      row.plan.price > 0 &&
      notStarted(row.match, now()) &&
      !purchased &&
      viewer?.uid !== row.plan.expertId
    );
  }

  async function bought(planId: number, viewer: SessionUser | null): Promise<boolean> {
    if (!viewer) return false;
    const [order] = await db
      .select({ id: planOrders.id })
      .from(planOrders)
      .where(and(eq(planOrders.planId, planId), eq(planOrders.buyerId, viewer.uid)));
    return Boolean(order);
  }

  const listOrder = {
    latest: [desc(expertPlans.publishedAt), desc(expertPlans.id)],
    hot: [desc(expertPlans.sales), desc(expertPlans.publishedAt)],
    kickoff: [asc(matches.startsAt), desc(expertPlans.id)],
  } as const;

  return {
    planRow,
    purchasable,

    async options(user: SessionUser): Promise<PlanOptions> {
      return {
        prices: (await settings.get()).prices,
        marketsByFamily: MARKETS_BY_FAMILY,
        picks: PICKS,
        titleMin: TITLE_MIN,
        titleMax: TITLE_MAX,
        plansPerMatch: PLANS_PER_MATCH,
        imagesMax: PLAN_IMAGES_MAX,
        approved: await applications.approved(user.uid),
      };
    },

    /** Matches not yet started (within a week) of a game that plans may be on, with the caller's plans on each. */
    async matchOptions(user: SessionUser, gameId?: number, locale?: Locale): Promise<PlanMatchOption[]> {
      const home = alias(teams, 'home_team');
      const away = alias(teams, 'away_team');
      const at = now();
      const rows = await db
        .select({
          match: matches,
          league: competitions.shortName,
          home: nameIn(locale, 'team', home.id, home.name),
          away: nameIn(locale, 'team', away.id, away.name),
          ownPlans: sql<number>`(select count(*)::int from expert_plans p where p.match_id = ${matches.id}
            and p.expert_id = ${user.uid} and p.state <> 'deleted')`,
        })
        .from(matches)
        .innerJoin(competitions, eq(competitions.id, matches.competitionId))
        .leftJoin(home, eq(home.id, matches.homeTeamId))
        .leftJoin(away, eq(away.id, matches.awayTeamId))
        .where(
          and(
            eq(matches.status, 'not_started'),
            gt(matches.startsAt, at),
            lt(matches.startsAt, new Date(at.getTime() + PLAN_MATCH_DAYS * 86_400_000)),
            gameId === undefined ? undefined : eq(matches.gameId, gameId),
          ),
        )
        .orderBy(asc(matches.startsAt))
        .limit(200);
      return rows.flatMap((row) => {
        const family = (row.match.state as { family: SportFamily }).family;
        const markets = MARKETS_BY_FAMILY[family];
        if (!markets) return [];
        return [
          {
            ...planMatch(row),
            family,
            markets,
            bestOf: row.match.bestOf,
            ownPlans: row.ownPlans,
          },
        ];
      });
    },

    /**
     * Submits a new plan or a revision (id): every rule checked, the content sanitised, the
     * prediction committed to the expert's chain; it waits for review.
     */
    async save(user: SessionUser, input: PlanFields): Promise<OwnPlan> {
      if (!(await applications.approved(user.uid))) throw new AppError('applyCreatorFirst');
      const revising = input.id ?? null;
      const { prices } = await settings.get();
      const id = await db.transaction(async (tx) => {
        // One submission at a time per expert: the count of plans per match and the chain stay exact.
        await tx.execute(sql`select uid from users where uid = ${user.uid} for update`);
        if (revising) {
          const current = await planRow(revising, tx);
          if (current.plan.expertId !== user.uid) throw new AppError('notFound');
          if (current.plan.state === 'deleted' || current.plan.sales > 0)
            throw new AppError('planNotEditable');
        }
        const match = await checkRules(tx, user.uid, input, revising, prices);
        const fields = {
          matchId: match.id,
          gameId: match.gameId,
          playLevel: input.playLevel,
          market: input.prediction.market,
          line: LINE_MARKETS.includes(input.prediction.market) ? input.prediction.line : null,
          pick: input.prediction.pick,
          odds: input.prediction.odds,
          title: input.title,
          summary: input.summary,
          content: sanitizeArticleHtml(input.content),
          price: input.price,
          label: input.label,
          refundOnMiss: input.refundOnMiss,
          viewMode: input.viewMode,
          images: input.images,
          cover: input.cover,
          state: 'review',
          rejectReason: null,
          publishedAt: null,
          updatedAt: new Date(),
        };
        const [saved] = revising
          ? await tx.update(expertPlans).set(fields).where(eq(expertPlans.id, revising)).returning()
          : await tx
              .insert(expertPlans)
              .values({ expertId: user.uid, ...fields })
              .returning();
        if (!saved) throw new Error('plan not written');
        await commitPrediction(tx, saved, now());
        return saved.id;
      });
      return (await ownPlans([await planRow(id)]))[0] as OwnPlan;
    },

    /** Takes a published plan off the shelves: no new buyers, buyers keep access. */
    async remove(user: SessionUser, planId: number): Promise<OwnPlan> {
      const [changed] = await db
        .update(expertPlans)
        .set({ state: 'removed', updatedAt: new Date() })
        .where(
          and(
            eq(expertPlans.id, planId),
            eq(expertPlans.expertId, user.uid),
            eq(expertPlans.state, 'published'),
          ),
        )
        .returning({ id: expertPlans.id });
      if (!changed)
        throw new AppError(
          (await planRow(planId)).plan.expertId === user.uid ? 'planNotEditable' : 'notFound',
        );
      return (await ownPlans([await planRow(planId)]))[0] as OwnPlan;
    },

    /** Deletes a plan for good: only one nobody bought. Its commitment stays in the chain. */
    async delete(user: SessionUser, planId: number): Promise<{ planId: number }> {
      const row = await planRow(planId);
      if (row.plan.expertId !== user.uid || row.plan.state === 'deleted') throw new AppError('notFound');
      const [changed] = await db
        .update(expertPlans)
        .set({ state: 'deleted', updatedAt: new Date() })
        .where(and(eq(expertPlans.id, planId), eq(expertPlans.sales, 0)))
        .returning({ id: expertPlans.id });
      if (!changed) throw new AppError('planHasBuyers');
      return { planId };
    },

    async own(
      user: SessionUser,
      state: PlanState | undefined,
      query: PageQuery,
      locale?: Locale,
    ): Promise<Page<OwnPlan>> {
      const where = and(
        eq(expertPlans.expertId, user.uid),
        state ? eq(expertPlans.state, state) : ne(expertPlans.state, 'deleted'),
      );
      return pageOf(
        query,
        async (limit, offset) =>
          ownPlans(
            await selectPlans(db, locale)
              .where(where)
              .orderBy(desc(expertPlans.id))
              .limit(limit)
              .offset(offset),
          ),
        db.select({ n: count() }).from(expertPlans).where(where),
      );
    },

    async queue(state: PlanState, query: PageQuery, locale?: Locale): Promise<Page<OwnPlan>> {
      const where = eq(expertPlans.state, state);
      return pageOf(
        query,
        async (limit, offset) =>
          ownPlans(
            await selectPlans(db, locale)
              .where(where)
              .orderBy(asc(expertPlans.id))
              .limit(limit)
              .offset(offset),
          ),
        db.select({ n: count() }).from(expertPlans).where(where),
      );
    },

    /** Publishes or rejects (with a reason) a plan under review; audited. */
    async review(
      admin: SessionUser,
      input: { planId: number; approve: boolean; reason: string },
    ): Promise<OwnPlan> {
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(expertPlans)
          .set(
            input.approve
              ? { state: 'published', publishedAt: now(), rejectReason: null }
              : { state: 'rejected', rejectReason: input.reason },
          )
          .where(and(eq(expertPlans.id, input.planId), eq(expertPlans.state, 'review')))
          .returning({ expertId: expertPlans.expertId });
        if (!changed) {
          await planRow(input.planId, tx);
          throw new AppError('alreadyReviewed');
        }
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: changed.expertId,
          action: input.approve ? 'publish_plan' : 'reject_plan',
          details: { planId: input.planId },
          reason: input.reason || null,
        });
      });
      return (await ownPlans([await planRow(input.planId)]))[0] as OwnPlan;
    },

    /**
     * A plan as the viewer may see it, in the viewer's language: the summary for all, the content
     * for those it is granted to.
     */
    async detail(planId: number, viewer: SessionUser | null, locale?: Locale): Promise<PlanDetail> {
      const row = await planRow(planId, db, locale);
      const author = viewer?.uid === row.plan.expertId || hasRole(viewer, 'admin');
      if (row.plan.state === 'deleted' || (!author && ['review', 'rejected'].includes(row.plan.state)))
        throw new AppError('notFound');
      const purchased = await bought(planId, viewer);
      const access = canRead(row, viewer, purchased);
      const granted = access === 'granted';
      const commitment = await latestCommitment(db, planId);
      return {
        ...planSummary(row),
        access,
        prediction: granted ? predictionOf(row.plan) : null,
        content: granted ? row.plan.content : null,
        images: granted ? row.plan.images : [],
        commitment: commitment ? commitmentView(commitment) : null,
        rejectReason: author ? row.plan.rejectReason : null,
        purchased,
        purchasable: purchasable(row, viewer, purchased),
      };
    },

    /** Published plans, filtered and sorted, their matches named in `locale`. */
    async list(query: PlanListQuery, page: PageQuery, locale?: Locale): Promise<Page<PlanSummary>> {
      const filters: (SQL | undefined)[] = [
        eq(expertPlans.state, 'published'),
        query.gameId === undefined ? undefined : eq(expertPlans.gameId, query.gameId),
        query.matchId === undefined ? undefined : eq(expertPlans.matchId, query.matchId),
        query.expertId === undefined ? undefined : eq(expertPlans.expertId, query.expertId),
        query.onSale ? and(eq(matches.status, 'not_started'), gt(matches.startsAt, now())) : undefined,
      ];
      const where = and(...filters);
      return pageOf(
        page,
        async (limit, offset) =>
          (
            await selectPlans(db, locale)
              .where(where)
              .orderBy(...listOrder[query.sort])
              .limit(limit)
              .offset(offset)
          ).map(planSummary),
        db
          .select({ n: count() })
          .from(expertPlans)
          .innerJoin(matches, eq(matches.id, expertPlans.matchId))
          .where(where),
      );
    },

    /** Upcoming matches with published plans, soonest first, named in `locale`. */
    async focusEvents(locale?: Locale): Promise<FocusEvent[]> {
      const rows = await selectPlans(db, locale)
        .where(
          and(
            eq(expertPlans.state, 'published'),
            eq(matches.status, 'not_started'),
            gt(matches.startsAt, now()),
          ),
        )
        .orderBy(asc(matches.startsAt))
        .limit(300);
      const events = new Map<number, FocusEvent>();
      for (const row of rows) {
        const event = events.get(row.match.id) ?? { match: planMatch(row), plans: 0 };
        event.plans += 1;
        events.set(row.match.id, event);
      }
      return [...events.values()].slice(0, 20);
    },

    /** A plan picture: checked like any upload, and square (1:1), stored as WebP. */
    async uploadImage(uid: number, data: Buffer): Promise<string> {
      const limit = await limiter.hit(`plan-image:${uid}`, UPLOADS_PER_HOUR, 3600);
      if (!limit.allowed) throw new AppError('tooManyRequests');
      const picture = await reencodeImage(
        data,
        { maxBytes: IMAGE_MAX_BYTES, formats: ['jpeg', 'png', 'webp'], rule: 'planImagesRule' },
        (image) =>
          image
            .resize(IMAGE_SIDE, IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82 }),
      );
      const { width, height } = await sharp(picture).metadata();
      if (!width || width !== height) throw new AppError('planImagesRule');
      return storage.put(`${IMAGE_FOLDER}sq-${randomBytes(16).toString('hex')}.webp`, picture);
    },
  };
}

export type Plans = ReturnType<typeof createPlans>;
