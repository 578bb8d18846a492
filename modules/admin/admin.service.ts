import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  adminActions,
  anchors,
  articles,
  coinRecords,
  contentReports,
  expertApplications,
  expertPlans,
  liveRooms,
  mallOrders,
  paymentOrders,
  sessions,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import { type GrantableRole, isSvip, isVip } from '../../platform/roles';
import type { SessionUser } from '../../platform/sessions';
import type { Sessions } from '../accounts';
import type { Experts } from '../experts';
import type { Wallet } from '../wallet';

type UserRow = typeof users.$inferSelect;

/** One line of the user list. */
export interface UserSummary {
  uid: number;
  username: string;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  roles: string[];
  bannedAt: string | null;
  closedAt: string | null;
  createdAt: string;
}

/** Everything an administrator sees about one account. */
export interface UserDetails extends UserSummary {
  avatar: string | null;
  level: number;
  coins: number;
  diamonds: number;
  vip: boolean;
  svip: boolean;
  vipExpiresAt: string | null;
  svipExpiresAt: string | null;
  registrationSource: string;
  promotionChannelId: string | null;
  hasPassword: boolean;
  banReason: string | null;
  /** Logins that are neither revoked nor expired. */
  activeSessions: number;
}

export interface AdminAction {
  id: number;
  action: string;
  actor: { uid: number; username: string } | null;
  target: { uid: number; username: string } | null;
  details: Record<string, unknown>;
  reason: string | null;
  createdAt: string;
}

/** What the audit log is searched by; every part is optional. */
export interface ActionSearch {
  /** The account acted on. */
  uid?: number;
  actor?: number;
  action?: string;
  /** The first and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** The review queues the dashboard counts, each with the rows still waiting for a decision. */
const OPEN_QUEUES = {
  anchors: () => eq(anchors.state, 'review'),
  expertApplications: () => eq(expertApplications.state, 'review'),
  expertPlans: () => eq(expertPlans.state, 'review'),
  articles: () => eq(articles.status, 'review'),
  mallOrders: () => eq(mallOrders.status, 'review'),
  reports: () => isNull(contentReports.resolvedAt),
} as const;

export type QueueKey = keyof typeof OPEN_QUEUES;

/** The console's front page: accounts, recharges, rooms live now and what waits in each queue. */
export interface Dashboard {
  users: { total: number; newToday: number };
  /** Paid recharge orders (coins and diamonds), in RMB fen, and how many. */
  recharges: { today: { fen: number; orders: number }; week: { fen: number; orders: number } };
  liveRooms: number;
  queues: Record<QueueKey, number>;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}

const DAY_MS = 24 * 3600 * 1000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toSummary(row: UserRow): UserSummary {
  return {
    uid: row.uid,
    username: row.username,
    email: row.email,
    areaCode: row.areaCode,
    phone: row.phone,
    roles: row.roles,
    bannedAt: iso(row.bannedAt),
    closedAt: iso(row.closedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Escapes LIKE's wildcards so a search for "a_b" finds exactly that. */
function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * User management for administrators: find accounts, read their records, ban and unban, grant
 * and revoke roles. Every change is written to the audit log in the same transaction.
 */
export function createAdmin(deps: { db: Db; wallet: Wallet; sessions: Sessions; experts: Experts }) {
  const { db, wallet } = deps;

  async function findUser(uid: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.uid, uid));
    if (!row) throw new AppError('accountNotFound');
    return row;
  }

  async function details(uid: number): Promise<UserDetails> {
    const row = await findUser(uid);
    const [active] = await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, uid), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    return {
      ...toSummary(row),
      avatar: row.avatar,
      level: row.level,
      coins: row.coins,
      diamonds: row.diamonds,
      vip: isVip(row),
      svip: isSvip(row),
      vipExpiresAt: iso(row.vipExpiresAt),
      svipExpiresAt: iso(row.svipExpiresAt),
      registrationSource: row.registrationSource,
      promotionChannelId: row.promotionChannelId,
      hasPassword: row.passwordHash !== null,
      banReason: row.banReason,
      activeSessions: active?.n ?? 0,
    };
  }

  return {
    details,

    /**
     * Accounts matching a uid, or part of a username, an email address or a phone number;
     * newest first. An empty query lists every account.
     */
    async searchUsers(options: { query: string; page: number; size: number }): Promise<Page<UserSummary>> {
      const term = options.query.trim().toLowerCase();
      const matches: SQL[] = [];
      if (term) {
        const pattern = likeContaining(term);
        matches.push(
          sql`lower(${users.username}) like ${pattern}`,
          sql`lower(${users.email}) like ${pattern}`,
          sql`${users.phone} like ${pattern}`,
        );
        if (/^\d{1,15}$/.test(term)) matches.push(eq(users.uid, Number(term)));
      }
      const where = term ? or(...matches) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.uid))
          .limit(options.size)
          .offset((options.page - 1) * options.size),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows: rows.map(toSummary), total: total?.n ?? 0, page: options.page, size: options.size };
    },

    /** The account's ledger rows, newest first. */
    async records(uid: number, options: { page: number; size: number }) {
      await findUser(uid);
      const rows = await wallet.records(uid, options);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The audit log, newest first, narrowed by whom it was done to, who did it, what and when. */
    async actions(search: ActionSearch): Promise<Page<AdminAction>> {
      const actor = alias(users, 'actor');
      const target = alias(users, 'target');
      const where = and(
        search.uid === undefined ? undefined : eq(adminActions.targetId, search.uid),
        search.actor === undefined ? undefined : eq(adminActions.actorId, search.actor),
        search.action ? eq(adminActions.action, search.action) : undefined,
        search.from ? gte(adminActions.createdAt, new Date(`${search.from}T00:00:00Z`)) : undefined,
        search.to
          ? lt(adminActions.createdAt, new Date(Date.parse(`${search.to}T00:00:00Z`) + DAY_MS))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: adminActions.id,
            action: adminActions.action,
            details: adminActions.details,
            reason: adminActions.reason,
            createdAt: adminActions.createdAt,
            actorUid: actor.uid,
            actorName: actor.username,
            targetUid: target.uid,
            targetName: target.username,
          })
          .from(adminActions)
          .leftJoin(target, eq(target.uid, adminActions.targetId))
          .leftJoin(actor, eq(actor.uid, adminActions.actorId))
          .where(where)
          .orderBy(desc(adminActions.id))
          .limit(search.size)
          .offset((search.page - 1) * search.size),
        db.select({ n: count() }).from(adminActions).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          action: row.action,
          actor: row.actorUid === null ? null : { uid: row.actorUid, username: row.actorName ?? '' },
          target: row.targetUid === null ? null : { uid: row.targetUid, username: row.targetName ?? '' },
          details: row.details as Record<string, unknown>,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page: search.page,
        size: search.size,
      };
    },

    /** The distinct actions the log holds, for the search form's choice. */
    async actionNames(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ action: adminActions.action })
        .from(adminActions)
        .orderBy(adminActions.action);
      return rows.map((row) => row.action);
    },

    async dashboard(): Promise<Dashboard> {
      const today = sql`date_trunc('day', now())`;
      const paidRecharges = (since: SQL) =>
        db
          .select({ fen: sql<number>`coalesce(sum(${paymentOrders.priceFen}), 0)::bigint`, orders: count() })
          .from(paymentOrders)
          .where(
            and(
              sql`${paymentOrders.product} in ('coins', 'diamonds')`,
              isNotNull(paymentOrders.paidAt),
              gte(paymentOrders.paidAt, since),
            ),
          );
      const [[people], [newToday], [day], [week], [live], queueCounts] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(users).where(gte(users.createdAt, today)),
        paidRecharges(today),
        paidRecharges(sql`${today} - interval '6 days'`),
        db.select({ n: count() }).from(liveRooms).where(eq(liveRooms.live, true)),
        Promise.all([
          db.select({ n: count() }).from(anchors).where(OPEN_QUEUES.anchors()),
          db.select({ n: count() }).from(expertApplications).where(OPEN_QUEUES.expertApplications()),
          db.select({ n: count() }).from(expertPlans).where(OPEN_QUEUES.expertPlans()),
          db.select({ n: count() }).from(articles).where(OPEN_QUEUES.articles()),
          db.select({ n: count() }).from(mallOrders).where(OPEN_QUEUES.mallOrders()),
          // A reported thing is one line of the queue however many reports it has.
          db
            .select({
              n: sql<number>`count(distinct (${contentReports.targetType}, ${contentReports.targetId}))::int`,
            })
            .from(contentReports)
            .where(OPEN_QUEUES.reports()),
        ]),
      ]);
      const [anchorQueue, applicationQueue, planQueue, articleQueue, orderQueue, reportQueue] =
        queueCounts.map(([row]) => Number(row?.n ?? 0));
      return {
        users: { total: people?.n ?? 0, newToday: newToday?.n ?? 0 },
        recharges: {
          today: { fen: Number(day?.fen ?? 0), orders: day?.orders ?? 0 },
          week: { fen: Number(week?.fen ?? 0), orders: week?.orders ?? 0 },
        },
        liveRooms: live?.n ?? 0,
        queues: {
          anchors: anchorQueue ?? 0,
          expertApplications: applicationQueue ?? 0,
          expertPlans: planQueue ?? 0,
          articles: articleQueue ?? 0,
          mallOrders: orderQueue ?? 0,
          reports: reportQueue ?? 0,
        },
      };
    },

    /**
     * Adds or takes coins with a reason, as one ledger transaction (the user's row against the
     * issuance account's) and one audit row. The key comes from the form, so a resubmitted form
     * moves the coins once and logs once.
     */
    async adjustCoins(
      admin: SessionUser,
      uid: number,
      change: { amount: number; reason: string; key: string },
    ): Promise<UserDetails> {
      await findUser(uid);
      const idempotencyKey = `admin:${change.key}`;
      await db.transaction(async (tx) => {
        // The account is locked first, so the same form sent twice at once finds the first's row.
        await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('no key update');
        const [done] = await tx
          .select({ id: coinRecords.id })
          .from(coinRecords)
          .where(and(eq(coinRecords.userId, uid), eq(coinRecords.idempotencyKey, idempotencyKey)));
        if (done) return;
        // Coins an administrator grants come from the issuance account, and go back to it when taken.
        const user = { userId: uid };
        const issuance = { account: 'issuance' } as const;
        const row = await wallet.transfer(
          {
            from: change.amount > 0 ? issuance : user,
            to: change.amount > 0 ? user : issuance,
            currency: 'coin',
            amount: Math.abs(change.amount),
            type: 'admin_adjustment',
            idempotencyKey,
            details: { reason: change.reason, by: admin.uid },
          },
          tx,
        );
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: uid,
          action: 'adjust_coins',
          details: { amount: change.amount, balanceAfter: row.balanceAfter },
          reason: change.reason,
        });
      });
      return details(uid);
    },

    /**
     * Bans an account: it can no longer log in and every login it holds ends now. Banning again
     * replaces the reason and keeps the first date.
     */
    async ban(admin: SessionUser, uid: number, reason: string): Promise<UserDetails> {
      // An administrator who banned themselves would be locked out of undoing it.
      if (uid === admin.uid) throw new AppError('accessDenied');
      await db.transaction(async (tx) => {
        const [banned] = await tx
          .update(users)
          .set({
            bannedAt: sql`coalesce(${users.bannedAt}, now())`,
            banReason: reason,
            updatedAt: sql`now()`,
          })
          .where(eq(users.uid, uid))
          .returning({ uid: users.uid });
        if (!banned) throw new AppError('accountNotFound');
        await audit.record(tx, { actorId: admin.uid, targetId: uid, action: 'ban', reason });
      });
      // After the commit: a ban that rolled back must not have logged anyone out.
      await deps.sessions.revokeAll(uid);
      return details(uid);
    },

    async unban(admin: SessionUser, uid: number, reason: string): Promise<UserDetails> {
      await findUser(uid);
      await db.transaction(async (tx) => {
        const [unbanned] = await tx
          .update(users)
          .set({ bannedAt: null, banReason: null, updatedAt: sql`now()` })
          .where(and(eq(users.uid, uid), isNotNull(users.bannedAt)))
          .returning({ uid: users.uid });
        if (unbanned) await audit.record(tx, { actorId: admin.uid, targetId: uid, action: 'unban', reason });
      });
      return details(uid);
    },

    /**
     * Grants or revokes a platform role; a change that changes nothing is not logged. The admin
     * is null when the server itself grants the role (the first administrator from configuration).
     */
    async setRole(
      admin: SessionUser | null,
      uid: number,
      change: { role: GrantableRole; granted: boolean; reason?: string },
    ): Promise<UserDetails> {
      const { role, granted } = change;
      // Keeps at least one administrator: the one making the change.
      if (!granted && role === 'admin' && uid === admin?.uid) throw new AppError('accessDenied');
      await findUser(uid);
      // The expert role follows the account's expert application: the grant goes through it.
      if (role === 'expert') {
        await deps.experts.applications.setExpertRole(admin, uid, granted, change.reason);
        return details(uid);
      }
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({
            roles: granted
              ? sql`array_append(${users.roles}, ${role}::text)`
              : sql`array_remove(${users.roles}, ${role}::text)`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(users.uid, uid),
              granted
                ? sql`not (${role}::text = any(${users.roles}))`
                : sql`${role}::text = any(${users.roles})`,
            ),
          )
          .returning({ uid: users.uid });
        if (changed)
          await audit.record(tx, {
            actorId: admin?.uid ?? null,
            targetId: uid,
            action: granted ? 'grant_role' : 'revoke_role',
            details: { role },
            reason: change.reason || null,
          });
      });
      return details(uid);
    },
  };
}

export type Admin = ReturnType<typeof createAdmin>;
