import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  externalAccounts,
  feedback,
  follows,
  sessions,
  userDataStatus,
  users,
  verificationCodes,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Sessions } from '../accounts';
import { addressKey } from '../accounts';
import { closedUsername } from '../accounts/accounts.contract';
import type { Wallet } from '../wallet';
import type { Avatars } from './avatar.service';

/**
 * Account cancellation. One transaction ends every login, removes or anonymises the personal
 * data and forfeits the balances through the wallet; the user row stays (as "deleted<uid>") so
 * the ledger and others' records keep a valid reference. Login refuses closed accounts.
 */
export function createClosure(deps: { db: Db; wallet: Wallet; avatars: Avatars; sessions: Sessions }) {
  const { db, wallet, avatars } = deps;

  return {
    /** `confirmUsername` must be the account's name: typed by hand, so nobody closes it by accident. */
    async close(uid: number, confirmUsername: string): Promise<void> {
      const avatar = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.uid, uid)).for('update');
        if (!user || user.closedAt) throw new AppError('accountNotFound');
        if (user.username.toLowerCase() !== confirmUsername.trim().toLowerCase())
          throw new AppError('formatError', { issues: [{ field: 'body.username', reason: 'invalidValue' }] });

        for (const [currency, balance] of [
          ['coin', user.coins],
          ['diamond', user.diamonds],
        ] as const) {
          if (balance > 0)
            await wallet.transfer(
              {
                from: { userId: uid },
                to: { account: 'platform' },
                currency,
                amount: balance,
                type: 'account_closure_forfeit',
                idempotencyKey: `account_closure_forfeit:${uid}:${currency}`,
              },
              tx,
            );
        }

        await tx
          .update(users)
          .set({
            username: closedUsername(uid),
            email: null,
            areaCode: null,
            phone: null,
            avatar: null,
            signature: '',
            passwordHash: null,
            closedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.uid, uid));
        await tx
          .update(sessions)
          .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())`, ip: null, userAgent: null })
          .where(eq(sessions.userId, uid));
        await tx.delete(externalAccounts).where(eq(externalAccounts.userId, uid));
        await tx.delete(follows).where(or(eq(follows.followerId, uid), eq(follows.followeeId, uid)));
        await tx.delete(userDataStatus).where(eq(userDataStatus.userId, uid));
        await tx.update(feedback).set({ userId: null, contact: null }).where(eq(feedback.userId, uid));
        const addresses = [
          user.email && addressKey({ kind: 'email', email: user.email }),
          user.phone &&
            user.areaCode &&
            addressKey({ kind: 'phone', areaCode: user.areaCode, phone: user.phone }),
        ].filter((a): a is string => Boolean(a));
        if (addresses.length)
          await tx.delete(verificationCodes).where(inArray(verificationCodes.address, addresses));
        return user.avatar;
      });
      // After the commit: open sockets of the closed account hear that its logins ended.
      await deps.sessions.revokeAll(uid);
      if (avatar) await avatars.removeQuietly(avatar);
    },
  };
}

export type Closure = ReturnType<typeof createClosure>;
