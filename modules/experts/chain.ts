import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { expertPlans, planCommitments } from '../../db/schema/index';
import type { ChainVerification, Commitment, Market } from './experts.contract';
import { commitmentHash, GENESIS_HASH } from './experts.rules';

type CommitmentRow = typeof planCommitments.$inferSelect;

export const commitmentView = (row: CommitmentRow): Commitment => ({
  seq: row.seq,
  hash: row.hash,
  prevHash: row.prevHash,
  committedAt: row.committedAt.toISOString(),
});

/**
 * Commits a plan's prediction at `at`: the next link of the expert's chain. The expert's account
 * row is locked first, so two submissions at once take consecutive places.
 */
export async function commitPrediction(
  tx: Executor,
  plan: { id: number; expertId: number; matchId: number; market: string; line: number | null; pick: string },
  at: Date,
): Promise<CommitmentRow> {
  await tx.execute(sql`select uid from users where uid = ${plan.expertId} for update`);
  const [last] = await tx
    .select({ seq: planCommitments.seq, hash: planCommitments.hash })
    .from(planCommitments)
    .where(eq(planCommitments.expertId, plan.expertId))
    .orderBy(desc(planCommitments.seq))
    .limit(1);
  const link = {
    planId: plan.id,
    expertId: plan.expertId,
    matchId: plan.matchId,
    market: plan.market,
    line: plan.line,
    pick: plan.pick,
    committedAt: at,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const [row] = await tx
    .insert(planCommitments)
    .values({ ...link, seq: (last?.seq ?? 0) + 1, hash: commitmentHash(link) })
    .returning();
  if (!row) throw new Error('commitment not written');
  return row;
}

/** A plan's latest commitment (a revision commits again). */
export async function latestCommitment(db: Executor, planId: number): Promise<CommitmentRow | undefined> {
  const [row] = await db
    .select()
    .from(planCommitments)
    .where(eq(planCommitments.planId, planId))
    .orderBy(desc(planCommitments.seq))
    .limit(1);
  return row;
}

/**
 * Re-checks an expert's whole chain: every hash from its fields and the previous hash, every link,
 * and each plan's stored prediction against its latest commitment.
 */
export async function verifyChain(db: Db, expertId: number): Promise<ChainVerification> {
  const rows = await db
    .select({
      link: planCommitments,
      plan: { market: expertPlans.market, line: expertPlans.line, pick: expertPlans.pick },
    })
    .from(planCommitments)
    .innerJoin(expertPlans, eq(expertPlans.id, planCommitments.planId))
    .where(eq(planCommitments.expertId, expertId))
    .orderBy(asc(planCommitments.seq));
  const latestSeq = new Map(rows.map(({ link }) => [link.planId, link.seq]));
  let previous = GENESIS_HASH;
  let brokenAt: number | null = null;
  let reason: ChainVerification['reason'] = null;
  const entries = rows.map(({ link, plan }, index) => {
    // The latest commitment of a plan is checked with what the plan holds now.
    const fields = latestSeq.get(link.planId) === link.seq ? plan : link;
    const linked = link.prevHash === previous && link.seq === index + 1;
    const hashed = commitmentHash({ ...link, ...fields }) === link.hash;
    previous = link.hash;
    const ok = linked && hashed;
    if (!ok && brokenAt === null) {
      brokenAt = link.seq;
      reason = hashed ? 'link' : 'hash';
    }
    return {
      seq: link.seq,
      planId: link.planId,
      matchId: link.matchId,
      market: link.market as Market,
      line: link.line,
      pick: link.pick,
      committedAt: link.committedAt.toISOString(),
      prevHash: link.prevHash,
      hash: link.hash,
      ok,
    };
  });
  return { expertId, valid: brokenAt === null, length: rows.length, brokenAt, reason, entries };
}
