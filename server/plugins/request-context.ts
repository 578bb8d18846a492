import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale, type Locale } from '../../lib/locales';
import { requestToken } from '../../platform/session-cookie';
import type { SessionUser } from '../../platform/sessions';
import { LANG_COOKIE } from '../page-steps';

/** The caller's language: the `lan` header, else the `lang` cookie, else zh_CN. */
export function localeOf(request: FastifyRequest): Locale {
  const lan = request.headers.lan;
  const cookie = request.cookies?.[LANG_COOKIE];
  return isLocale(lan) ? lan : isLocale(cookie) ? cookie : 'zh_CN';
}

/** Gives every request its language and a lazy, once-only lookup of its session user. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh_CN');
  app.decorateRequest('sessionUser', async () => null);
  app.addHook('onRequest', async (request) => {
    request.locale = localeOf(request);
    let resolved: Promise<SessionUser | null> | undefined;
    request.sessionUser = () => {
      const token = requestToken(request);
      resolved ??= token ? app.services.sessions.resolve(token) : Promise.resolve(null);
      return resolved;
    };
  });
});
