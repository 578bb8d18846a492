import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { AppError } from '../lib/errors';
import {
  DEFAULT_LOCALE,
  DETECTION_FALLBACK,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localizePath,
  splitLocalePath,
} from '../lib/locales';
import { localeForCountry } from '../platform/geoip/geoip';
import type { SessionUser } from '../platform/sessions';

/** What the steps work out for a page request, handed on to the React Router loaders. */
export interface PageState {
  locale: Locale;
  user: SessionUser | null;
  /** Set when a step answered the request itself (a redirect). */
  handled: boolean;
}

export type PageStep = (request: FastifyRequest, reply: FastifyReply, state: PageState) => Promise<void>;

export const LANG_COOKIE = 'lang';
export const TOKEN_COOKIE = 'token';
export const USER_COOKIE = 'userInfo';
const YEAR_SECONDS = 365 * 24 * 3600;

/** Session step: with a user cookie carrying a uid and a token cookie, fetch the user. */
const session: PageStep = async (request, _reply, state) => {
  const token = request.cookies[TOKEN_COOKIE];
  if (!token || !uidFromUserCookie(request.cookies[USER_COOKIE])) return;
  try {
    state.user = await request.server.services.sessions.resolve(token);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    state.user = null;
  }
};

function uidFromUserCookie(value: string | undefined): number | undefined {
  if (!value) return undefined;
  try {
    const uid = Number(JSON.parse(value)?.uid);
    return Number.isSafeInteger(uid) && uid > 0 ? uid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Language step: the URL prefix decides. On an unprefixed page a visitor is sent to the
 * language of the `lang` cookie, else of Accept-Language, else of their country, else English.
 * Crawlers are never redirected. A failed country lookup is logged and the page stays zh_CN.
 */
const language: PageStep = async (request, reply, state) => {
  const url = new URL(request.url, 'http://localhost');
  const { locale, prefixed } = splitLocalePath(url.pathname);
  state.locale = locale;
  const isDocument = request.method === 'GET' && !url.pathname.endsWith('.data');
  if (prefixed || !isDocument || isbot(request.headers['user-agent'] ?? '')) return;

  const cookie = request.cookies[LANG_COOKIE];
  let wanted: Locale | undefined = isLocale(cookie) ? cookie : undefined;
  wanted ??= localeFromAcceptLanguage(request.headers['accept-language']);
  if (!wanted) {
    try {
      const country = await request.server.services.geoip.country(request.ip);
      wanted = country ? (localeForCountry(country) ?? DETECTION_FALLBACK) : DETECTION_FALLBACK;
    } catch (err) {
      request.log.warn({ err, ip: request.ip }, 'geo-ip lookup failed; staying on the default locale');
      return;
    }
  }
  if (!cookie) {
    // Set as a plain header: a page response is written by React Router, past Fastify's cookie hook.
    const serialized = request.server.serializeCookie(LANG_COOKIE, wanted, {
      path: '/',
      maxAge: YEAR_SECONDS,
      sameSite: 'lax',
    });
    reply.header('set-cookie', serialized);
  }
  if (wanted === DEFAULT_LOCALE) return;
  state.handled = true;
  reply.redirect(localizePath(url.pathname, wanted) + url.search, 302);
};

const STEPS: Record<string, PageStep> = { session, language };

/** Every page runs the authentication step, then the language step. */
export const PAGE_STEPS = ['session', 'language'];

export async function runPageSteps(
  request: FastifyRequest,
  reply: FastifyReply,
  names: readonly string[] = PAGE_STEPS,
): Promise<PageState> {
  const state: PageState = { locale: DEFAULT_LOCALE, user: null, handled: false };
  for (const name of names) {
    const step = STEPS[name];
    if (!step) throw new AppError('unknownMiddleware', { params: { name } });
    await step(request, reply, state);
    if (state.handled) break;
  }
  return state;
}
