import type { Locale } from '../lib/locales';
import type { ApiDoc } from '../platform/define-api';
import type { SessionUser } from '../platform/sessions';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    apiDocs: ApiDoc[];
  }
  interface FastifyRequest {
    /** The caller's language: the `lan` header, else the `lang` cookie, else zh_CN. */
    locale: Locale;
    /** The user of the `token` header, resolved once per request; null without a token. */
    sessionUser(): Promise<SessionUser | null>;
  }
}
