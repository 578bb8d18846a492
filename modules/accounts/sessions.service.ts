import { createHmac } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../platform/bus/bus';
import {
  SESSIONS_REVOKED,
  type SessionsRevoked,
  TICKET_PREFIX,
  tokenHash,
} from '../../platform/session-events';
import type { Role, SessionResolver, SessionUser } from '../../platform/sessions';
import { newToken, sameHash } from './secrets';

/** How long a socket ticket may be used to sign a websocket in. */
export const SOCKET_TICKET_SECONDS = 60;

/** Login tokens: issued at login, resolved on every call, revoked at logout or ban. */
export function createSessions(deps: { db: Db; bus: Bus; secret: string; days: number; now?: () => Date }) {
  const { db, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const sign = (payload: string) => createHmac('sha256', deps.secret).update(payload).digest('hex');

  /** `ticket.<token hash>.<expiry ms>.<hmac>`: only this server can make one, and only for a while. */
  function ticketHash(ticket: string): string {
    const [, hash = '', expires = '', signature = ''] = ticket.split('.');
    const valid = sameHash(signature, sign(`${hash}.${expires}`)) && Number(expires) > now().getTime();
    if (!valid) throw new AppError('tokenExpired');
    return hash;
  }

  /** The stored hash a token or a genuine, unexpired ticket stands for. */
  const hashOf = (token: string) => (token.startsWith(TICKET_PREFIX) ? ticketHash(token) : tokenHash(token));

  const resolver: SessionResolver = {
    async resolve(token: string): Promise<SessionUser> {
      const hash = hashOf(token);
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
        .where(eq(sessions.tokenHash, hash));
      if (!row) throw new AppError('tokenInvalid');
      if (row.revokedAt || row.expiresAt <= now() || row.bannedAt || row.closedAt)
        throw new AppError('tokenExpired');
      return { uid: row.uid, username: row.username, roles: row.roles as Role[] };
    },
  };

  const announce = (message: SessionsRevoked) => bus.publish(SESSIONS_REVOKED, message);

  return {
    ...resolver,

    async issue(userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        userId,
        tokenHash: tokenHash(token),
        expiresAt: new Date(now().getTime() + deps.days * 24 * 3600 * 1000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return token;
    },

    /**
     * A short-lived stand-in for a valid token, for a browser that cannot read its token (the
     * cookie is HttpOnly) to sign its websocket in with.
     */
    socketTicket(token: string): string {
      const hash = hashOf(token);
      const expires = String(now().getTime() + SOCKET_TICKET_SECONDS * 1000);
      return `${TICKET_PREFIX}${hash}.${expires}.${sign(`${hash}.${expires}`)}`;
    },

    async revoke(token: string): Promise<void> {
      const hash = hashOf(token);
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
        .returning({ uid: sessions.userId });
      for (const { uid } of ended) await announce({ uid, tokenHash: hash });
    },

    /**
     * Ends every login of the user, but `keep` (the caller's own token, after a password change).
     * Always announced, also when the logins were already ended in the caller's transaction.
     */
    async revokeAll(userId: number, options: { keep?: string } = {}): Promise<void> {
      const kept = options.keep === undefined ? undefined : ne(sessions.tokenHash, hashOf(options.keep));
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), kept));
      await announce({ uid: userId });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
