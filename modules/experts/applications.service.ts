import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { expertApplications, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import { type Page, type PageQuery, pageOf } from '../../platform/paging';
import type { SessionUser } from '../../platform/sessions';
import type {
  ApplicationState,
  ExpertApplicationRow,
  ExpertApplicationView,
  ExpertApplyInput,
  ReviewApplicationInput,
} from './experts.contract';
import { iso } from './queries';

type ApplicationRecord = typeof expertApplications.$inferSelect;

const NOT_APPLIED: ExpertApplicationView = {
  state: 'none',
  displayName: null,
  introduction: null,
  gameIds: [],
  credentials: null,
  rejectReason: null,
  submittedAt: null,
  reviewedAt: null,
};

function view(row: ApplicationRecord | undefined): ExpertApplicationView {
  if (!row) return NOT_APPLIED;
  return {
    state: row.state as ApplicationState,
    displayName: row.displayName,
    introduction: row.introduction,
    gameIds: row.gameIds,
    credentials: row.credentials,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
  };
}

/** Adds or removes the expert role on the account, in the caller's transaction. */
async function setRole(tx: Executor, uid: number, granted: boolean) {
  await tx
    .update(users)
    .set({
      roles: granted
        ? sql`array_append(array_remove(${users.roles}, 'expert'), 'expert')`
        : sql`array_remove(${users.roles}, 'expert')`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.uid, uid));
}

/**
 * Expert accounts (spec point 4): apply, be reviewed by an administrator (audited), reapply after a
 * rejection. The expert role on the account follows the application's state.
 */
export function createApplications(db: Db) {
  async function record(uid: number, tx: Executor = db) {
    const [row] = await tx.select().from(expertApplications).where(eq(expertApplications.uid, uid));
    return row;
  }

  async function row(id: number): Promise<ExpertApplicationRow> {
    const [found] = await db
      .select({ application: expertApplications, username: users.username })
      .from(expertApplications)
      .innerJoin(users, eq(users.uid, expertApplications.uid))
      .where(eq(expertApplications.id, id));
    if (!found) throw new AppError('notFound');
    return { id, uid: found.application.uid, username: found.username, ...view(found.application) };
  }

  return {
    async state(uid: number): Promise<ExpertApplicationView> {
      return view(await record(uid));
    },

    /** Whether the account may publish plans: an approved application. */
    async approved(uid: number): Promise<boolean> {
      return (await record(uid))?.state === 'approved';
    },

    async apply(uid: number, input: ExpertApplyInput): Promise<ExpertApplicationView> {
      const fields = {
        displayName: input.displayName,
        introduction: input.introduction,
        gameIds: [...new Set(input.gameIds)],
        credentials: input.credentials ?? null,
        state: 'review',
        rejectReason: null,
        submittedAt: new Date(),
        reviewedAt: null,
        reviewerId: null,
      };
      return db.transaction(async (tx) => {
        const current = await record(uid, tx);
        if (current?.state === 'review') throw new AppError('expertApplicationPending');
        if (current?.state === 'approved') throw new AppError('expertAlreadyApproved');
        const [saved] = current
          ? await tx.update(expertApplications).set(fields).where(eq(expertApplications.uid, uid)).returning()
          : await tx
              .insert(expertApplications)
              .values({ uid, ...fields })
              .returning();
        return view(saved);
      });
    },

    async queue(state: ApplicationState, query: PageQuery): Promise<Page<ExpertApplicationRow>> {
      const where = eq(expertApplications.state, state);
      return pageOf(
        query,
        async (limit, offset) => {
          const rows = await db
            .select({ application: expertApplications, username: users.username })
            .from(expertApplications)
            .innerJoin(users, eq(users.uid, expertApplications.uid))
            .where(where)
            .orderBy(desc(expertApplications.submittedAt))
            .limit(limit)
            .offset(offset);
          return rows.map((r) => ({
            id: r.application.id,
            uid: r.application.uid,
            username: r.username,
            ...view(r.application),
          }));
        },
        db.select({ n: sql<number>`count(*)::int` }).from(expertApplications).where(where),
      );
    },

    /** Approves (the account becomes an expert) or rejects with a reason; one decision per submission. */
    async review(admin: SessionUser, input: ReviewApplicationInput): Promise<ExpertApplicationRow> {
      const decided = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(expertApplications)
          .set({
            state: input.approve ? 'approved' : 'rejected',
            rejectReason: input.approve ? null : input.reason,
            reviewedAt: new Date(),
            reviewerId: admin.uid,
          })
          .where(and(eq(expertApplications.id, input.id), eq(expertApplications.state, 'review')))
          .returning();
        if (!changed) return false;
        if (input.approve) await setRole(tx, changed.uid, true);
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: changed.uid,
          action: input.approve ? 'approve_expert' : 'reject_expert',
          details: { applicationId: changed.id },
          reason: input.reason || null,
        });
        return true;
      });
      if (!decided) {
        await row(input.id);
        throw new AppError('alreadyReviewed');
      }
      return row(input.id);
    },

    /**
     * An administrator's direct grant or revocation of the expert role (the admin console): the
     * application record says approved (made for the account when there was none) or rejected,
     * with the role and the audit row in the same transaction. Null admin: the server itself.
     */
    async setExpertRole(admin: SessionUser | null, uid: number, granted: boolean, reason?: string) {
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ username: users.username, roles: users.roles })
          .from(users)
          .where(eq(users.uid, uid));
        if (!user) throw new AppError('accountNotFound');
        const current = await record(uid, tx);
        if (user.roles.includes('expert') === granted && (current?.state === 'approved') === granted) return;
        const decided = {
          state: granted ? 'approved' : 'rejected',
          rejectReason: granted ? null : reason || null,
          reviewedAt: new Date(),
          reviewerId: admin?.uid ?? null,
        };
        if (current) await tx.update(expertApplications).set(decided).where(eq(expertApplications.uid, uid));
        else if (granted)
          await tx
            .insert(expertApplications)
            .values({ uid, displayName: user.username, introduction: '', ...decided });
        await setRole(tx, uid, granted);
        await audit.record(tx, {
          actorId: admin?.uid ?? null,
          targetId: uid,
          action: granted ? 'grant_role' : 'revoke_role',
          details: { role: 'expert' },
          reason: reason || null,
        });
      });
    },
  };
}

export type Applications = ReturnType<typeof createApplications>;
