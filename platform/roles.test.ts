import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
import { hasRole, isSvip, isVip, requirePageRole, requireRole } from './roles';
import type { SessionUser } from './sessions';

const fan: SessionUser = { uid: 1, username: 'fan', roles: ['user'] };
const chief: SessionUser = { uid: 2, username: 'chief', roles: ['user', 'admin'] };
const i18n = createTranslator();

/** What a page loader threw: React Router's data() with a status. */
function thrown(run: () => unknown): { status: number; data: unknown } {
  try {
    run();
  } catch (err) {
    const { init, data } = err as { init: { status: number }; data: unknown };
    return { status: init.status, data };
  }
  throw new Error('nothing was thrown');
}

describe('roles', () => {
  it('hasRole: any of the roles; never for a guest', () => {
    expect(hasRole(chief, 'admin')).toBe(true);
    expect(hasRole(fan, 'expert', 'admin')).toBe(false);
    expect(hasRole(fan, 'expert', 'user')).toBe(true);
    expect(hasRole(null, 'user')).toBe(false);
  });

  it('requireRole: 1003 for a guest, 1004 without the role', () => {
    expect(requireRole(chief, 'admin')).toBe(chief);
    expect(() => requireRole(null, 'admin')).toThrow(expect.objectContaining({ code: 1003 }));
    expect(() => requireRole(fan, 'admin')).toThrow(expect.objectContaining({ code: 1004 }));
  });

  it('requirePageRole: 401 with "please log in" for a guest, 403 for a user without the role', () => {
    expect(requirePageRole({ user: chief, locale: 'zh_CN', services: { i18n } }, 'admin')).toBe(chief);
    expect(
      thrown(() => requirePageRole({ user: null, locale: 'en_US', services: { i18n } }, 'admin')),
    ).toEqual({
      status: 401,
      data: 'please log in',
    });
    expect(
      thrown(() => requirePageRole({ user: fan, locale: 'en_US', services: { i18n } }, 'admin')),
    ).toEqual({
      status: 403,
      data: null,
    });
  });

  it('VIP and SVIP come from expiry dates; SVIP includes VIP', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isVip({ vipExpiresAt: '2026-06-02T00:00:00Z' }, now)).toBe(true);
    expect(isVip({ vipExpiresAt: new Date('2026-06-01T12:00:00Z') }, now)).toBe(false);
    expect(isVip({ vipExpiresAt: null, svipExpiresAt: null }, now)).toBe(false);
    expect(isSvip({ svipExpiresAt: new Date('2027-01-01') }, now)).toBe(true);
    expect(isVip({ svipExpiresAt: new Date('2027-01-01') }, now)).toBe(true);
    expect(isSvip({ vipExpiresAt: new Date('2027-01-01') }, now)).toBe(false);
  });
});
