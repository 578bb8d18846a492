import { z } from 'zod';
import { endpoint, fetchJson, ProviderError, parseAnswer } from './http';
import { newState, type RedirectProvider } from './provider';

export interface QqSettings {
  apiUrl: string;
  appId: string;
  appKey: string;
  callbackUrl: string;
}

/** QQ Connect answers failures with HTTP 200 and an error number. */
const qqError = z.object({ error: z.union([z.number(), z.string()]) });
const token = z.object({ access_token: z.string().min(1) });
const me = z.object({ client_id: z.string(), openid: z.string().min(1) });
const userInfo = z.object({
  ret: z.number(),
  nickname: z.string().optional(),
  figureurl_qq_1: z.string().optional(),
  figureurl_qq_2: z.string().optional(),
});

/** QQ Connect web sign-in: authorize, token, oauth2.0/me for the openid, user/get_user_info. */
export function qqProvider(settings: QqSettings): RedirectProvider {
  const { apiUrl, appId } = settings;

  async function call<S extends z.ZodType>(
    schema: S,
    path: string,
    query: Record<string, string>,
    what: string,
  ) {
    // fmt=json asks for JSON instead of the default form encoding and JSONP.
    const answer = await fetchJson(endpoint(apiUrl, path, { ...query, fmt: 'json' }));
    const failed = qqError.safeParse(answer);
    if (failed.success) throw new ProviderError(`QQ ${what} failed with error ${failed.data.error}`);
    return parseAnswer(schema, answer, `QQ ${what}`);
  }

  return {
    async start() {
      const state = newState('qq');
      const url = endpoint(apiUrl, '/oauth2.0/authorize', {
        response_type: 'code',
        client_id: appId,
        redirect_uri: settings.callbackUrl,
        state,
        scope: 'get_user_info',
      });
      return { url, checks: { state } };
    },

    async finish(callback) {
      const { access_token } = await call(
        token,
        '/oauth2.0/token',
        {
          grant_type: 'authorization_code',
          client_id: appId,
          client_secret: settings.appKey,
          code: callback.code,
          redirect_uri: settings.callbackUrl,
        },
        'token',
      );
      const owner = await call(me, '/oauth2.0/me', { access_token }, 'me');
      if (owner.client_id !== appId) throw new ProviderError('QQ token belongs to another app');
      const info = await call(
        userInfo,
        '/user/get_user_info',
        { access_token, oauth_consumer_key: appId, openid: owner.openid },
        'user info',
      );
      if (info.ret !== 0) throw new ProviderError(`QQ user info failed with ret ${info.ret}`);
      return {
        provider: 'qq',
        subject: owner.openid,
        email: null,
        displayName: info.nickname || null,
        avatar: info.figureurl_qq_2 || info.figureurl_qq_1 || null,
      };
    },
  };
}
