import { and, eq, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { CodeAddress, Codes, Sessions } from '../accounts';
import { hashPassword, toUserInfo } from '../accounts';
import type { UserInfo } from '../accounts/accounts.contract';
import type { Follows } from './follows.service';
import {
  maskEmail,
  maskPhone,
  type PublicProfile,
  publicFieldsOf,
  type SecuritySummary,
} from './users.contract';

type UserRow = typeof users.$inferSelect;

/** The owner's profile, their bound addresses and password, and what others see of them. */
export function createProfiles(deps: { db: Db; codes: Codes; sessions: Sessions; follows: Follows }) {
  const { db, codes, sessions, follows } = deps;

  async function openAccount(uid: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.uid, uid));
    if (!row || row.closedAt) throw new AppError('accountNotFound');
    return row;
  }

  function isBound(user: UserRow, address: CodeAddress): boolean {
    return address.kind === 'email'
      ? user.email !== null && user.email.toLowerCase() === address.email.toLowerCase()
      : user.phone === address.phone && user.areaCode === address.areaCode;
  }

  return {
    async publicProfile(uid: number, viewer: number | null): Promise<PublicProfile> {
      const user = await openAccount(uid);
      const [counts, followed] = await Promise.all([
        follows.counts(uid),
        viewer === null || viewer === uid ? false : follows.isFollowing(viewer, uid),
      ]);
      return { ...publicFieldsOf(user), ...counts, followed };
    },

    async security(uid: number): Promise<SecuritySummary> {
      const user = await openAccount(uid);
      return {
        email: user.email,
        phone: user.phone,
        areaCode: user.areaCode,
        maskedEmail: user.email && maskEmail(user.email),
        maskedPhone: user.phone && maskPhone(user.phone),
        hasPassword: user.passwordHash !== null,
      };
    },

    /**
     * A new password, proved by a code sent to one of the account's own addresses. The caller's
     * other logins end: whoever knew the old password is signed out.
     */
    async changePassword(
      uid: number,
      input: { address: CodeAddress; code: string; password: string; currentToken: string },
    ): Promise<void> {
      const user = await openAccount(uid);
      if (!user.email && !user.phone) throw new AppError('noPhoneBound');
      if (!isBound(user, input.address)) throw new AppError('accessDenied');
      await codes.consume(input.address, input.code);
      const passwordHash = await hashPassword(input.password);
      await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.uid, uid));
      await sessions.revokeAll(uid, { keep: input.currentToken });
    },

    /** Binds or replaces the email or phone number; the code proves the new address is the caller's. */
    async changeAddress(uid: number, input: { address: CodeAddress; code: string }): Promise<UserInfo> {
      await openAccount(uid);
      // The code first: whether an address is taken is told only to someone who received its code.
      await codes.consume(input.address, input.code);
      const { address } = input;
      const taken = address.kind === 'email' ? 'emailTaken' : 'phoneTaken';
      const [owner] = await db
        .select({ uid: users.uid })
        .from(users)
        .where(
          address.kind === 'email'
            ? sql`lower(${users.email}) = ${address.email.toLowerCase()}`
            : and(eq(users.areaCode, address.areaCode), eq(users.phone, address.phone)),
        );
      if (owner && owner.uid !== uid) throw new AppError(taken);
      try {
        const [updated] = await db
          .update(users)
          .set({
            ...(address.kind === 'email'
              ? { email: address.email.toLowerCase() }
              : { areaCode: address.areaCode, phone: address.phone }),
            updatedAt: sql`now()`,
          })
          .where(eq(users.uid, uid))
          .returning();
        return toUserInfo(updated as UserRow);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(taken);
        throw err;
      }
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
