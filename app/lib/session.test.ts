// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, readUserCookie, saveSession, saveUser } from './session';

const user = { uid: 7, username: 'fan7', avatar: null };

afterEach(() => {
  for (const pair of document.cookie.split('; ')) {
    document.cookie = `${pair.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

describe('the session cookies', () => {
  it('keeps the token and the user, and reads the user back', () => {
    saveSession('abc.def', { ...user, signature: 'not kept' } as typeof user);
    expect(document.cookie).toContain('token=abc.def');
    expect(readUserCookie()).toEqual(user);
  });

  it('replaces the user after the registration form', () => {
    saveSession('abc', user);
    saveUser({ ...user, username: 'newname' });
    expect(readUserCookie()?.username).toBe('newname');
  });

  it('clears both on logout and keeps the language', () => {
    document.cookie = 'lang=en_US; path=/';
    saveSession('abc', user);
    clearSession();
    expect(document.cookie).toBe('lang=en_US');
    expect(readUserCookie()).toBeUndefined();
  });
});
