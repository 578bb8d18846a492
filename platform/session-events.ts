import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * Sessions ended by logout, logout-all, a ban or a password change, on the bus so that every
 * instance hears of them: with `tokenHash`, the one session of that token; without it, every
 * session of the user.
 */
export const SESSIONS_REVOKED = 'sessions:revoked';

export const sessionsRevoked = z.object({
  uid: z.number().int(),
  tokenHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type SessionsRevoked = z.infer<typeof sessionsRevoked>;

/** A socket ticket, `ticket.<token hash>.<expiry ms>.<hmac>`, made by the sessions service. */
export const TICKET_PREFIX = 'ticket.';

/**
 * How a login token is stored (sessions.token_hash) and named in SESSIONS_REVOKED: its SHA-256 in
 * hex. A socket ticket stands for the login it was issued from; only call this on a ticket that
 * the sessions service has already accepted.
 */
export function tokenHash(token: string): string {
  if (token.startsWith(TICKET_PREFIX)) return token.split('.')[1] ?? '';
  return createHash('sha256').update(token).digest('hex');
}
