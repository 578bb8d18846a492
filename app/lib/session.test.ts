// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, readUserCookie, saveUser } from './session';

const user = { uid: 7, username: 'fan7', avatar: null };

afterEach(() => {
  for (const pair of document.cookie.split('; ')) {
    document.cookie = `${pair.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

describe('the session cookies', () => {
  it('keeps the user, never the token, and reads the user back', () => {
    saveUser({ ...user, signature: 'not kept', token: 'abc.def' } as typeof user);
    expect(document.cookie).not.toContain('abc.def');
    expect(readUserCookie()).toEqual(user);
  });

  it('replaces the user after the registration form', () => {
    saveUser(user);
    saveUser({ ...user, username: 'newname' });
    expect(readUserCookie()?.username).toBe('newname');
  });

  it('clears the user on logout and keeps the language', () => {
    document.cookie = 'lang=en_US; path=/';
    saveUser(user);
    clearSession();
    expect(document.cookie).toBe('lang=en_US');
    expect(readUserCookie()).toBeUndefined();
  });
});
