import { data } from 'react-router';
import { AppError } from '../lib/errors';
import type { Locale } from '../lib/locales';
import type { Translator } from './i18n';
import type { Role, SessionUser } from './sessions';

/**
 * Who may do what (spec point 6), checked on the server here and nowhere else.
 *
 * - guest: no session user; browses only.
 * - user: every signed-in account ('user' is in every account's roles).
 * - expert, anchor, promoter, admin: role strings on the account, granted by an administrator
 *   (after an application where the spec asks for one).
 * - room moderator: appointed by an anchor for one room, so it belongs to the live rooms and is
 *   checked there against the room; it is never granted as a global role.
 * - VIP and SVIP: bought for a period, so they come from the account's expiry dates
 *   (`isVip`, `isSvip`), not from role strings.
 */

/** The roles an administrator grants and revokes across the whole platform. */
export const GRANTABLE_ROLES = ['expert', 'anchor', 'promoter', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** True when the user holds at least one of the roles. */
export function hasRole(user: SessionUser | null | undefined, ...roles: Role[]): user is SessionUser {
  return !!user && roles.some((role) => user.roles.includes(role));
}

/** For /java handlers: a guest is asked to log in (1003), anyone else without the role is refused (1004). */
export function requireRole(user: SessionUser | null | undefined, ...roles: Role[]): SessionUser {
  if (!user) throw new AppError('pleaseLogIn');
  if (!hasRole(user, ...roles)) throw new AppError('accessDenied');
  return user;
}

/** What a page loader knows about its caller (its load context). */
export interface PageCaller {
  user: SessionUser | null;
  locale: Locale;
  services: { i18n: Translator };
}

/**
 * For page loaders: a guest gets a 401 carrying 'please log in' (the route shows the login
 * prompt), a user without the role a 403 (the no-permission page).
 */
export function requirePageRole(caller: PageCaller, ...roles: Role[]): SessionUser {
  if (!caller.user) throw data(caller.services.i18n.t(caller.locale, 'pleaseLogIn'), { status: 401 });
  if (!hasRole(caller.user, ...roles)) throw data(null, { status: 403 });
  return caller.user;
}

/** The membership dates of an account, as rows (Date) or API answers (ISO strings) carry them. */
export interface Membership {
  vipExpiresAt?: Date | string | null;
  svipExpiresAt?: Date | string | null;
}

function activeUntil(expiry: Date | string | null | undefined, now: Date): boolean {
  return expiry != null && new Date(expiry).getTime() > now.getTime();
}

export function isSvip(member: Membership, now = new Date()): boolean {
  return activeUntil(member.svipExpiresAt, now);
}

/** SVIP is the higher tier and includes everything VIP opens. */
export function isVip(member: Membership, now = new Date()): boolean {
  return activeUntil(member.vipExpiresAt, now) || isSvip(member, now);
}
