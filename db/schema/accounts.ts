import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A person with an account (spec point 3, User). Balances change only through the wallet. */
export const users = pgTable(
  'users',
  {
    uid: bigserial('uid', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    avatar: text('avatar'),
    signature: text('signature').notNull().default(''),
    areaCode: text('area_code'),
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash'),
    coins: bigint('coins', { mode: 'number' }).notNull().default(0),
    diamonds: bigint('diamonds', { mode: 'number' }).notNull().default(0),
    level: integer('level').notNull().default(0),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    svipExpiresAt: timestamp('svip_expires_at', { withTimezone: true }),
    /** How the account was made: email, phone, google, apple, x, facebook, line, qq, wechat, test. */
    registrationSource: text('registration_source').notNull(),
    /** 1 code, 2 password, 3 third party. */
    registrationType: integer('registration_type').notNull(),
    promotionChannelId: text('promotion_channel_id'),
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.areaCode, t.phone),
  ],
);

/** A login: the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** A one-time code sent to an email address or phone number; kept hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** "email:fan@example.com" or "phone:+86 13800000000". */
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_address_idx').on(t.address, t.createdAt)],
);

/** An account at a third-party sign-in provider, linked to a user once it has one. */
export const externalAccounts = pgTable(
  'external_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'cascade' }),
    email: text('email'),
    displayName: text('display_name'),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_accounts_subject_key').on(t.provider, t.subject)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: bigint('follower_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    followeeId: bigint('followee_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
  ],
);

/** Per-user client flags and preferences (`/user/getUserDataStatus`, `saveUserDataStatus`). */
export const userDataStatus = pgTable('user_data_status', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  data: jsonb('data').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
