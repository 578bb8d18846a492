import { createHmac } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../server/bus/bus';
import type { Role, SessionResolver, SessionUser } from '../../server/sessions';
import { newToken, sameHash, sha256 } from './secrets';

/**
 * Published when logins end (logout, logout everywhere, a ban, a password change, a closed
 * account): open sockets of that login, or of every login of the user without `tokenHash`, stop
 * being signed in. `tokenHash` is the SHA-256 hex kept in sessions.token_hash.
 */
export const SESSIONS_REVOKED = 'sessions:revoked';
export interface SessionsRevoked {
  uid: number;
  tokenHash?: string;
}

/** How long a socket ticket may be used to sign a websocket in. */
export const SOCKET_TICKET_SECONDS = 60;
const TICKET_PREFIX = 'ticket.';

/**
 * The login a token stands for, as stored in sessions.token_hash: a socket ticket stands for the
 * login it was issued from.
 */
export function tokenHashOf(token: string): string {
  return token.startsWith(TICKET_PREFIX) ? (token.split('.')[1] ?? '') : sha256(token);
}

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
  const hashOf = (token: string) => (token.startsWith(TICKET_PREFIX) ? ticketHash(token) : sha256(token));

  const resolver: SessionResolver = {
    async resolve(token: string): Promise<SessionUser> {
      const tokenHash = hashOf(token);
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
        .where(eq(sessions.tokenHash, tokenHash));
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
        tokenHash: sha256(token),
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
      const tokenHash = hashOf(token);
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ uid: sessions.userId });
      for (const { uid } of ended) await announce({ uid, tokenHash });
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
