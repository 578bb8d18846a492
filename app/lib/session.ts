/**
 * The login session in the browser (spec point 3): the token is in the `token` cookie, which the
 * server sets at login as HttpOnly (no script here can read it) and clears at logout; the user is
 * in the `userInfo` cookie, which the server's session step needs (it reads the uid) and which
 * sites on the same parent domain share.
 */
export const USER_COOKIE = 'userInfo';
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Set by the channel page before a login that leaves the site: open /channel again afterwards. */
export const LOGIN_FROM_CHANNEL_KEY = 'loginFromChannel';

export interface SessionUser {
  uid: number;
  username: string;
  avatar: string | null;
}

/** "; domain=.example.com" on a real domain, nothing on localhost or an IP address. */
function parentDomain(): string {
  const host = window.location.hostname;
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return '';
  return `; domain=.${host.split('.').slice(-2).join('.')}`;
}

function secure(): string {
  return window.location.protocol === 'https:' ? '; secure' : '';
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever this page saves or clears the user; returns the unsubscribe. */
export function subscribeToSavedUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps only what the header and other sites need, never the whole user. */
export function saveUser(user: SessionUser) {
  const value = JSON.stringify({ uid: user.uid, username: user.username, avatar: user.avatar });
  document.cookie = `${USER_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax${parentDomain()}${secure()}`;
  for (const listener of listeners) listener();
}

/**
 * Logout, after the server has ended the login and cleared the token cookie: the user cookie
 * goes, on this host and on the parent domain; `lang` and the theme stay.
 */
export function clearSession() {
  for (const domain of ['', parentDomain()])
    document.cookie = `${USER_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}`;
  for (const listener of listeners) listener();
}

let lastRead: { raw: string | undefined; user: SessionUser | undefined } = {
  raw: undefined,
  user: undefined,
};

/** The saved user; the same object while the cookie stays the same. */
export function readUserCookie(): SessionUser | undefined {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${USER_COOKIE}=`))
    ?.slice(USER_COOKIE.length + 1);
  if (raw !== lastRead.raw) lastRead = { raw, user: raw ? parseUser(raw) : undefined };
  return lastRead.user;
}

function parseUser(raw: string): SessionUser | undefined {
  try {
    const user = JSON.parse(decodeURIComponent(raw));
    return typeof user?.uid === 'number' ? user : undefined;
  } catch {
    return undefined;
  }
}
