import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { SESSIONS_REVOKED, type SessionsRevoked, tokenHash } from '../../platform/session-events';
import type { Bus } from '../../server/bus/bus';
import type { Role, SessionResolver, SessionUser } from '../../server/sessions';
import { newToken } from './secrets';

/**
 * Login tokens: issued at login, resolved on every call, revoked at logout or ban. A revocation
 * is told on the bus (SESSIONS_REVOKED), so that every instance closes the sockets of that login.
 */
export function createSessions(db: Db, bus: Bus, options: { days: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const revoked = (event: SessionsRevoked) => bus.publish(SESSIONS_REVOKED, event);

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
        .where(eq(sessions.tokenHash, tokenHash(token)));
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
        tokenHash: tokenHash(token),
        expiresAt: new Date(now().getTime() + options.days * 24 * 3600 * 1000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return token;
    },

    async revoke(token: string): Promise<void> {
      const hash = tokenHash(token);
      const [session] = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
        .returning({ uid: sessions.userId });
      if (session) await revoked({ uid: session.uid, tokenHash: hash });
    },

    async revokeAll(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await revoked({ uid: userId });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
