import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { externalAccounts, users } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';
import type { LoginResult } from '../accounts.contract';
import type { Accounts, RequestMeta } from '../accounts.service';
import type { CodeAddress, Codes } from '../codes.service';
import type { ExternalProfile } from './provider';

type UserRow = typeof users.$inferSelect;
export type ExternalAccount = typeof externalAccounts.$inferSelect;

export type SignInOutcome =
  | { kind: 'loggedIn'; result: LoginResult }
  /** No user yet and no verified email: the caller must prove an email or phone first. */
  | { kind: 'needsBinding'; account: ExternalAccount };

/** Links provider accounts to users and logs them in (docs/decisions/005-third-party-sign-in.md). */
export function createThirdPartySignIn(deps: { db: Db; accounts: Accounts; codes: Codes }) {
  const { db, accounts, codes } = deps;

  /** The row of this provider account, made on its first sign-in; the profile is refreshed each time. */
  async function remember(profile: ExternalProfile): Promise<ExternalAccount> {
    const details = { email: profile.email, displayName: profile.displayName, avatar: profile.avatar };
    const [row] = await db
      .insert(externalAccounts)
      .values({ provider: profile.provider, subject: profile.subject, ...details })
      .onConflictDoUpdate({ target: [externalAccounts.provider, externalAccounts.subject], set: details })
      .returning();
    return row as ExternalAccount;
  }

  async function findOrRegister(
    address: CodeAddress,
    source: string,
    ip: string,
    promotionChannelId?: string,
  ): Promise<{ user: UserRow; newUser: boolean }> {
    const existing = await accounts.findByAddress(address);
    if (existing) return { user: existing, newUser: false };
    const user = await accounts.register({
      ...(address.kind === 'email'
        ? { email: address.email.toLowerCase() }
        : { areaCode: address.areaCode, phone: address.phone }),
      source,
      type: 3,
      promotionChannelId,
      ip,
    });
    return { user, newUser: true };
  }

  /** Links the account unless a concurrent sign-in already did; answers the user it is linked to. */
  async function link(accountId: number, uid: number): Promise<UserRow> {
    await db
      .update(externalAccounts)
      .set({ userId: uid })
      .where(and(eq(externalAccounts.id, accountId), isNull(externalAccounts.userId)));
    const [row] = await db
      .select({ user: users })
      .from(externalAccounts)
      .innerJoin(users, eq(users.uid, externalAccounts.userId))
      .where(eq(externalAccounts.id, accountId));
    if (!row) throw new Error(`external account ${accountId} not linked`);
    return row.user;
  }

  return {
    /**
     * A linked account logs its user in. An unlinked one with a verified email links to the user of
     * that email, or to a new user registered with it (attributed to the promotion channel that
     * brought the browser, as a code registration is); without one it needs binding.
     */
    async signIn(
      profile: ExternalProfile,
      meta: RequestMeta,
      promotionChannelId?: string,
    ): Promise<SignInOutcome> {
      const account = await remember(profile);
      if (account.userId) {
        const [user] = await db.select().from(users).where(eq(users.uid, account.userId));
        if (!user) throw new AppError('accountNotFound');
        return { kind: 'loggedIn', result: await accounts.loggedIn(user, false, meta) };
      }
      if (!profile.email) return { kind: 'needsBinding', account };
      const { user, newUser } = await findOrRegister(
        { kind: 'email', email: profile.email },
        profile.provider,
        meta.ip,
        promotionChannelId,
      );
      return {
        kind: 'loggedIn',
        result: await accounts.loggedIn(await link(account.id, user.uid), newUser, meta),
      };
    },

    /**
     * Binding: a code proves the email or phone, whose user (found or registered now) gets the
     * still unlinked provider account.
     */
    async completeBinding(input: {
      externalAccountId: number;
      address: CodeAddress;
      code: string;
      promotionChannelId?: string;
      meta: RequestMeta;
    }): Promise<LoginResult> {
      const [account] = await db
        .select()
        .from(externalAccounts)
        .where(and(eq(externalAccounts.id, input.externalAccountId), isNull(externalAccounts.userId)));
      if (!account) throw new AppError('thirdPartyLoginExpired');
      await codes.consume(input.address, input.code);
      const { user, newUser } = await findOrRegister(
        input.address,
        account.provider,
        input.meta.ip,
        input.promotionChannelId,
      );
      return accounts.loggedIn(await link(account.id, user.uid), newUser, input.meta);
    },
  };
}
