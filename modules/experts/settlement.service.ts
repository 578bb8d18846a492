import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client';
import { expertPlans, matches, planOrders } from '../../db/schema/index';
import type { Bus } from '../../platform/bus/bus';
import type { Jobs } from '../../platform/jobs/index';
import { MATCHES_CHANGED, type MatchChanged } from '../matches';
import type { MatchState } from '../sports';
import type { Wallet } from '../wallet';
import type { Market, Outcome } from './experts.contract';
import { escrowGoesTo, settlePrediction, split } from './experts.rules';
import type { ExpertSettingsStore } from './settings';

const SETTLE_JOB = 'experts:settle-match';
/** Matches whose plans are settled: played to the end, or called off (every buyer refunded). */
const ENDED = ['finished', 'cancelled', 'postponed'];
const SWEEP_MS = 60_000;

type PlanToSettle = Pick<
  typeof expertPlans.$inferSelect,
  'id' | 'expertId' | 'market' | 'line' | 'pick' | 'refundOnMiss'
>;

/**
 * Settles the plans of ended matches by a durable job (platform/jobs): each plan in one
 * transaction with its escrow movements, so a run cut short (a restart) is taken up again and
 * settles only what is still pending; every movement has its own idempotency key besides.
 */
export function createSettlement(deps: {
  db: Db;
  wallet: Wallet;
  settings: ExpertSettingsStore;
  now: () => Date;
}) {
  const { db, wallet, settings, now } = deps;

  async function payOut(tx: Executor, plan: PlanToSettle, outcome: Outcome, sharePercent: number) {
    const orders = await tx
      .select()
      .from(planOrders)
      .where(and(eq(planOrders.planId, plan.id), eq(planOrders.escrow, 'held')));
    const to = escrowGoesTo(outcome, plan.refundOnMiss);
    for (const order of orders) {
      const common = {
        currency: 'coin' as const,
        reference: `plan:${plan.id}`,
        details: { planId: plan.id, orderId: order.id, outcome },
      };
      if (to === 'buyer') {
        await wallet.transfer(
          {
            ...common,
            from: { account: 'escrow' },
            to: { userId: order.buyerId },
            amount: order.price,
            type: 'plan_refund',
            idempotencyKey: `plan_refund:${order.id}`,
          },
          tx,
        );
        await tx
          .update(planOrders)
          .set({ escrow: 'refunded', settledAt: now() })
          .where(eq(planOrders.id, order.id));
        continue;
      }
      const { income, platformShare } = split(order.price, sharePercent);
      if (income > 0)
        await wallet.transfer(
          {
            ...common,
            from: { account: 'escrow' },
            to: { userId: plan.expertId },
            amount: income,
            type: 'escrow_release',
            idempotencyKey: `escrow_release:${order.id}`,
          },
          tx,
        );
      if (platformShare > 0)
        await wallet.transfer(
          {
            ...common,
            from: { account: 'escrow' },
            to: { account: 'platform' },
            amount: platformShare,
            type: 'platform_share',
            idempotencyKey: `platform_share:${order.id}`,
          },
          tx,
        );
      await tx
        .update(planOrders)
        .set({ escrow: 'paid', income, platformShare, settledAt: now() })
        .where(eq(planOrders.id, order.id));
    }
  }

  /** Settles every pending plan of the match, once it has ended; a second run finds nothing left. */
  async function settleMatch(matchId: number): Promise<void> {
    const [match] = await db
      .select({ status: matches.status, state: matches.state })
      .from(matches)
      .where(eq(matches.id, matchId));
    if (!match || !ENDED.includes(match.status)) return;
    const pending = await db
      .select({
        id: expertPlans.id,
        expertId: expertPlans.expertId,
        market: expertPlans.market,
        line: expertPlans.line,
        pick: expertPlans.pick,
        refundOnMiss: expertPlans.refundOnMiss,
      })
      .from(expertPlans)
      .where(and(eq(expertPlans.matchId, matchId), eq(expertPlans.settlement, 'pending')))
      .orderBy(expertPlans.id);
    const { platformSharePercent } = await settings.get();
    for (const plan of pending) {
      const outcome: Outcome =
        match.status === 'finished'
          ? settlePrediction({ ...plan, market: plan.market as Market }, match.state as MatchState)
          : 'void';
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(expertPlans)
          .set({ settlement: outcome, settledAt: now() })
          .where(and(eq(expertPlans.id, plan.id), eq(expertPlans.settlement, 'pending')))
          .returning({ id: expertPlans.id });
        if (claimed) await payOut(tx, plan, outcome, platformSharePercent);
      });
    }
  }

  /** Enqueues the settlement of a match once (the job's key), if it has plans waiting. */
  async function enqueueIfPending(jobs: Jobs, matchId: number) {
    await jobs.enqueue(SETTLE_JOB, now(), { matchId }, `${SETTLE_JOB}:${matchId}`);
  }

  /** Ended matches that still have pending plans: what the bus may have missed (a restart). */
  async function endedWithPending(): Promise<number[]> {
    const rows = await db
      .selectDistinct({ matchId: expertPlans.matchId })
      .from(expertPlans)
      .innerJoin(matches, eq(matches.id, expertPlans.matchId))
      .where(and(eq(expertPlans.settlement, 'pending'), inArray(matches.status, ENDED)))
      .limit(200);
    return rows.map((r) => r.matchId);
  }

  /** Enqueues the settlement of every ended match that still has pending plans. */
  async function settleEnded(jobs: Jobs) {
    for (const matchId of await endedWithPending()) await enqueueIfPending(jobs, matchId);
  }

  return {
    settleMatch,
    settleEnded,

    /**
     * Registers the job, listens to the feed's match changes (every instance enqueues; the key
     * keeps one job per match) and sweeps every minute for anything missed. Answers the unsubscribe.
     */
    async start({ jobs, bus, log }: { jobs: Jobs; bus: Bus; log: Logger }) {
      jobs.handle<{ matchId: number }>(SETTLE_JOB, ({ matchId }) => settleMatch(matchId));
      jobs.every('experts:settle-sweep', SWEEP_MS, () => settleEnded(jobs));
      return bus.subscribe(MATCHES_CHANGED, (message) => {
        const { summary } = message as MatchChanged;
        if (!ENDED.includes(summary.status)) return;
        void db
          .select({ id: expertPlans.id })
          .from(expertPlans)
          .where(and(eq(expertPlans.matchId, summary.id), eq(expertPlans.settlement, 'pending')))
          .limit(1)
          .then(([plan]) => plan && enqueueIfPending(jobs, summary.id))
          .catch((err) => log.warn({ err, matchId: summary.id }, 'could not enqueue a settlement'));
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
