import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Role, SessionResolver, SessionUser } from '../../platform/sessions';
import { newToken, sha256 } from './secrets';

/** Login tokens: issued at login, resolved on every call, revoked at logout or ban. */
export function createSessions(db: Db, options: { days: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  const resolver: SessionResolver = {
    async resolve(token: string): Promise<SessionUser> {
      const [row] = await db
        .select({
          uid: users.uid,
          username: users.username,
          roles: users.roles,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          bannedAt: users.bannedAt,
          closedAt: users.closedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.uid, sessions.userId))
        .where(eq(sessions.tokenHash, sha256(token)));
      if (!row) throw new AppError('tokenInvalid');
      if (row.revokedAt || row.expiresAt <= now() || row.bannedAt || row.closedAt)
        throw new AppError('tokenExpired');
      return { uid: row.uid, username: row.username, roles: row.roles as Role[] };
    },
  };

  return {
    ...resolver,

    async issue(userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(now().getTime() + options.days * 24 * 3600 * 1000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return token;
    },

    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
    },

    async revokeAll(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
