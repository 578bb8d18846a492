import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { REGISTRATION_BONUS_COINS, type Wallet } from '../wallet';
import type { LoginIdentifier, LoginResult, UserInfo } from './accounts.contract';
import type { CodeAddress, Codes } from './codes.service';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './secrets';
import type { Sessions } from './sessions.service';

type UserRow = typeof users.$inferSelect;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const TEST_ACCOUNT_EMAIL = 'tester@sandbox.invalid';

/**
 * Password tries in a window of LOGIN_LOCK_MINUTES, each counted before its hash is checked and
 * given back when the password was right: per account and address, per account from any address
 * (a botnet on one account), per address across accounts (one address trying many accounts).
 */
export const LOGIN_FAILURES = 10;
export const LOGIN_FAILURES_PER_ACCOUNT = 30;
export const LOGIN_FAILURES_PER_IP = 100;
const LOGIN_LOCK_MINUTES = 15;

/** New accounts one address may open in an hour, by code or third-party sign-in. */
export const REGISTRATIONS_PER_IP_HOUR = 20;

function assertCanLogIn(user: UserRow) {
  if (user.bannedAt) throw new AppError('accountBanned');
  if (user.closedAt) throw new AppError('accountNotFound');
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    uid: row.uid,
    username: row.username,
    avatar: row.avatar,
    signature: row.signature,
    areaCode: row.areaCode,
    phone: row.phone,
    email: row.email,
    coins: row.coins,
    diamonds: row.diamonds,
    level: row.level,
    vipExpiresAt: row.vipExpiresAt?.toISOString() ?? null,
    svipExpiresAt: row.svipExpiresAt?.toISOString() ?? null,
    roles: row.roles,
    hasPassword: row.passwordHash !== null,
    registrationSource: row.registrationSource,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sign-up and login in every first-party mode, and the account's own settings. */
export function createAccounts(deps: {
  db: Db;
  wallet: Wallet;
  sessions: Sessions;
  codes: Codes;
  limiter: RateLimiter;
}) {
  const { db, wallet, sessions, codes, limiter } = deps;

  async function findByAddress(address: CodeAddress): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(
        address.kind === 'email'
          ? sql`lower(${users.email}) = ${address.email.toLowerCase()}`
          : and(eq(users.areaCode, address.areaCode), eq(users.phone, address.phone)),
      );
    return row;
  }

  async function findByIdentifier(
    identifier: LoginIdentifier,
    areaCode: string,
  ): Promise<UserRow | undefined> {
    if (identifier.kind === 'email') return findByAddress({ kind: 'email', email: identifier.email });
    // Usernames always contain a letter, so an all-digit value can only be a phone number.
    if (identifier.kind === 'phone')
      return findByAddress({ kind: 'phone', areaCode, phone: identifier.phone });
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${identifier.username.toLowerCase()}`);
    return row;
  }

  /** A new account with the 200-coin welcome, in one transaction: no account without its bonus. */
  async function register(fields: {
    email?: string;
    areaCode?: string;
    phone?: string;
    source: string;
    type: 1 | 2 | 3;
    promotionChannelId?: string;
    /** The address signing up, limited to REGISTRATIONS_PER_IP_HOUR; none for accounts made by the site. */
    ip?: string;
  }): Promise<UserRow> {
    if (fields.ip) {
      const perIp = await limiter.hit(`register-ip:${fields.ip}`, REGISTRATIONS_PER_IP_HOUR, 3600);
      if (!perIp.allowed) throw new AppError('tooManyRequests');
    }
    const username = await freeUsername();
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username,
          email: fields.email ?? null,
          areaCode: fields.areaCode ?? null,
          phone: fields.phone ?? null,
          registrationSource: fields.source,
          registrationType: fields.type,
          promotionChannelId: fields.promotionChannelId ?? null,
        })
        .returning();
      if (!created) throw new Error('user not created');
      await wallet.transfer(
        {
          from: { account: 'issuance' },
          to: { userId: created.uid },
          currency: 'coin',
          amount: REGISTRATION_BONUS_COINS,
          type: 'registration_bonus',
          idempotencyKey: 'registration_bonus',
        },
        tx,
      );
      const [withBonus] = await tx.select().from(users).where(eq(users.uid, created.uid));
      return withBonus as UserRow;
    });
  }

  /** "fan" and 8 digits until one is free; the owner renames it after registering. */
  async function freeUsername(): Promise<string> {
    for (;;) {
      const name = `fan${randomInt(10_000_000, 100_000_000)}`;
      const [taken] = await db
        .select({ uid: users.uid })
        .from(users)
        .where(sql`lower(${users.username}) = ${name}`);
      if (!taken) return name;
    }
  }

  /** The current password, checked under the same per-account pause as a password login. */
  async function rightPassword(user: UserRow, password: string | undefined): Promise<boolean> {
    if (!password || !user.passwordHash) return false;
    const key = `password-check:${user.uid}`;
    const counted = await limiter.hit(key, LOGIN_FAILURES, LOGIN_LOCK_MINUTES * 60);
    if (!counted.allowed)
      throw new AppError('loginLocked', { params: { minutes: Math.ceil(counted.retryAfterSeconds / 60) } });
    const right = await verifyPassword(user.passwordHash, password);
    if (right) await limiter.reset(key);
    return right;
  }

  /** Every way of logging in ends here: banned and closed accounts are refused. */
  async function loggedIn(user: UserRow, newUser: boolean, meta: RequestMeta): Promise<LoginResult> {
    assertCanLogIn(user);
    const token = await sessions.issue(user.uid, meta);
    return { token, user: toUserInfo(user), newUser };
  }

  return {
    register,
    loggedIn,
    findByAddress,

    /**
     * Login or sign-up with a code sent to an email or phone. With a password it is the reset
     * mode: the code proves the owner, the new password replaces the old and ends every other
     * login. A reset never signs up: an address without an account is refused.
     */
    async loginByCode(input: {
      address: CodeAddress;
      code: string;
      password?: string;
      promotionChannelId?: string;
      meta: RequestMeta;
    }): Promise<LoginResult> {
      await codes.consume(input.address, input.code);
      let user = await findByAddress(input.address);
      const newUser = !user;
      if (!user) {
        if (input.password) throw new AppError('resetUnknownAccount');
        user = await register({
          ...(input.address.kind === 'email'
            ? { email: input.address.email.toLowerCase(), source: 'email' }
            : { areaCode: input.address.areaCode, phone: input.address.phone, source: 'phone' }),
          type: 1,
          promotionChannelId: input.promotionChannelId,
          ip: input.meta.ip,
        });
      }
      assertCanLogIn(user);
      if (input.password) {
        const [updated] = await db
          .update(users)
          .set({ passwordHash: await hashPassword(input.password), updatedAt: sql`now()` })
          .where(eq(users.uid, user.uid))
          .returning();
        user = updated as UserRow;
        await sessions.revokeAll(user.uid);
      }
      return loggedIn(user, newUser, input.meta);
    },

    /** Password login with an email, a phone number or a username. */
    async loginByPassword(input: {
      identifier: LoginIdentifier;
      areaCode: string;
      password: string;
      meta: RequestMeta;
    }): Promise<LoginResult> {
      const account = JSON.stringify(input.identifier);
      const here = `login-fail:${account}:${input.meta.ip}`;
      const tries = [
        { key: here, limit: LOGIN_FAILURES },
        { key: `login-fail-account:${account}`, limit: LOGIN_FAILURES_PER_ACCOUNT },
        { key: `login-fail-ip:${input.meta.ip}`, limit: LOGIN_FAILURES_PER_IP },
      ];
      // Counted before the slow hash, each in one atomic step: concurrent tries cannot all pass.
      const counted = await Promise.all(
        tries.map((t) => limiter.hit(t.key, t.limit, LOGIN_LOCK_MINUTES * 60)),
      );
      const refused = counted.filter((c) => !c.allowed);
      if (refused.length) {
        const seconds = Math.max(...refused.map((c) => c.retryAfterSeconds));
        throw new AppError('loginLocked', { params: { minutes: Math.ceil(seconds / 60) } });
      }
      /** Not a wrong guess: the try is given back (and a right password here forgives earlier ones). */
      const notAFailure = () =>
        Promise.all(tries.map((t) => (t.key === here ? limiter.reset(t.key) : limiter.release(t.key))));
      const user = await findByIdentifier(input.identifier, input.areaCode);
      if (!user || user.closedAt) {
        await verifyPassword(await DUMMY_PASSWORD_HASH, input.password);
        throw new AppError('accountNotFound');
      }
      if (!user.passwordHash) {
        await notAFailure();
        throw new AppError('noPasswordSet');
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError('passwordWrong');
      await notAFailure();
      return loggedIn(user, false, input.meta);
    },

    /**
     * The account's own settings: username, signature and password. A session alone sets only the
     * first password; replacing one needs the current password and ends the other logins
     * (`currentToken` stays).
     */
    async updateAccount(
      uid: number,
      input: {
        username?: string;
        signature?: string;
        password?: string;
        currentPassword?: string;
        currentToken?: string;
      },
    ): Promise<UserInfo> {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.username !== undefined) {
        const [taken] = await db
          .select({ uid: users.uid })
          .from(users)
          .where(
            and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, sql`${users.uid} <> ${uid}`),
          );
        if (taken) throw new AppError('usernameTaken');
        changes.username = input.username;
      }
      if (input.signature !== undefined) changes.signature = input.signature;
      const [current] = await db.select().from(users).where(eq(users.uid, uid));
      const replacing = Boolean(input.password && current?.passwordHash);
      if (input.password) {
        if (current?.passwordHash && !(await rightPassword(current, input.currentPassword)))
          throw new AppError('passwordChangeNeedsProof');
        changes.passwordHash = await hashPassword(input.password);
      }
      try {
        const [updated] = await db
          .update(users)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(and(eq(users.uid, uid), isNull(users.closedAt)))
          .returning();
        if (!updated) throw new AppError('accountNotFound');
        if (replacing) await sessions.revokeAll(uid, { keep: input.currentToken });
        return toUserInfo(updated);
      } catch (err) {
        // Two people taking the same free name at once: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError('usernameTaken');
        throw err;
      }
    },

    /** The sandbox's one-click account; its routes exist only while the dev adapters are on. */
    async testLogin(meta: RequestMeta): Promise<LoginResult> {
      const address: CodeAddress = { kind: 'email', email: TEST_ACCOUNT_EMAIL };
      const existing = await findByAddress(address);
      const user = existing ?? (await register({ email: TEST_ACCOUNT_EMAIL, source: 'test', type: 1 }));
      return loggedIn(user, !existing, meta);
    },

    async userInfo(uid: number): Promise<UserInfo> {
      const [row] = await db.select().from(users).where(eq(users.uid, uid));
      if (!row || row.closedAt) throw new AppError('accountNotFound');
      return toUserInfo(row);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
