import { z } from 'zod';
import { endpoint, fetchJson, ProviderError, parseAnswer } from './http';
import { newState, type RedirectProvider } from './provider';

export interface WechatSettings {
  /** open.weixin.qq.com: the QR-code sign-in page. */
  openUrl: string;
  /** api.weixin.qq.com: token and user info. */
  apiUrl: string;
  appId: string;
  appSecret: string;
  callbackUrl: string;
}

/** WeChat answers failures with HTTP 200 and an error code. */
const wechatError = z.object({ errcode: z.number().refine((code) => code !== 0) });
const token = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1),
  unionid: z.string().optional(),
});
const userInfo = z.object({ nickname: z.string().optional(), headimgurl: z.string().optional() });

/** WeChat Open Platform website sign-in: qrconnect, sns/oauth2/access_token, sns/userinfo. */
export function wechatProvider(settings: WechatSettings): RedirectProvider {
  const { appId } = settings;

  async function call<S extends z.ZodType>(
    schema: S,
    path: string,
    query: Record<string, string>,
    what: string,
  ) {
    const answer = await fetchJson(endpoint(settings.apiUrl, path, query));
    const failed = wechatError.safeParse(answer);
    if (failed.success) throw new ProviderError(`WeChat ${what} failed with errcode ${failed.data.errcode}`);
    return parseAnswer(schema, answer, `WeChat ${what}`);
  }

  return {
    async start() {
      const state = newState('wechat');
      // WeChat wants these parameters in this order and the #wechat_redirect fragment.
      const url = endpoint(settings.openUrl, '/connect/qrconnect', {
        appid: appId,
        redirect_uri: settings.callbackUrl,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return { url: `${url}#wechat_redirect`, checks: { state } };
    },

    async finish(callback) {
      const granted = await call(
        token,
        '/sns/oauth2/access_token',
        { appid: appId, secret: settings.appSecret, code: callback.code, grant_type: 'authorization_code' },
        'token',
      );
      const info = await call(
        userInfo,
        '/sns/userinfo',
        { access_token: granted.access_token, openid: granted.openid },
        'user info',
      );
      return {
        provider: 'wechat',
        // The unionid is the same for this site and the publisher's apps; the openid is per app.
        subject: granted.unionid ?? granted.openid,
        email: null,
        displayName: info.nickname || null,
        avatar: info.headimgurl || null,
      };
    },
  };
}
