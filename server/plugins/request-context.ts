import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale } from '../../lib/locales';
import type { SessionUser } from '../../platform/sessions';
import { LANG_COOKIE } from '../page-steps';

/** Gives every request its language and a lazy, once-only lookup of its session user. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh_CN');
  app.decorateRequest('sessionUser', async () => null);
  app.addHook('onRequest', async (request) => {
    const lan = request.headers.lan;
    const cookie = request.cookies?.[LANG_COOKIE];
    request.locale = isLocale(lan) ? lan : isLocale(cookie) ? cookie : 'zh_CN';
    let resolved: Promise<SessionUser | null> | undefined;
    // The API trusts only the token header, so another site cannot act with a user's cookie.
    request.sessionUser = () => {
      const token = request.headers.token;
      resolved ??=
        typeof token === 'string' && token ? app.services.sessions.resolve(token) : Promise.resolve(null);
      return resolved;
    };
  });
});
