import {
  type FacebookUser,
  type QqWechatUser,
  startFacebookStandIn,
  startQqStandIn,
  startWechatStandIn,
} from './graph-stand-ins';
import { type OidcPerson, startOidcStandIn } from './oidc-stand-in';
import { startXStandIn, type XUser } from './x-stand-in';

/** The apps this deployment is registered as with each provider's stand-in. */
export const STAND_IN_APPS = {
  google: { id: 'google-client', secret: 'google-secret' },
  apple: { id: 'apple-client', secret: 'apple-secret' },
  line: { id: 'line-client', secret: 'line-secret' },
  x: { key: 'x-consumer-key', secret: 'x-consumer-secret' },
  facebook: { id: 'fb-app', secret: 'fb-secret' },
  qq: { id: 'qq-app', key: 'qq-key' },
  wechat: { id: 'wx-app', secret: 'wx-secret' },
} as const;

/** Who can sign in at each stand-in, by the name a test signs in as. */
export interface StandInPeople {
  /** Google, Apple and Line. */
  oidc: Record<string, OidcPerson>;
  x: Record<string, XUser>;
  facebook: Record<string, FacebookUser>;
  qq: Record<string, QqWechatUser>;
  wechat: Record<string, QqWechatUser>;
}

/**
 * Every provider on this machine: one OpenID provider as Google, Apple and Line, and the stand-ins
 * of X, Facebook, QQ and WeChat, sending browsers back to `callbackUrl`; with the settings that
 * point an app at them (`env`) and one `close` for all.
 */
export async function startProviderStandIns(callbackUrl: string, people: StandInPeople) {
  const apps = STAND_IN_APPS;
  const [op, x, facebook, qq, wechat] = await Promise.all([
    startOidcStandIn({
      redirectUri: callbackUrl,
      clients: [apps.google, apps.apple, apps.line].map(({ id, secret }) => ({
        client_id: id,
        client_secret: secret,
      })),
      people: people.oidc,
    }),
    startXStandIn(apps.x, people.x),
    startFacebookStandIn(apps.facebook, people.facebook),
    startQqStandIn(apps.qq, people.qq),
    startWechatStandIn(apps.wechat, people.wechat),
  ]);
  const env = {
    LOGIN_CALLBACK_URL: callbackUrl,
    GOOGLE_CLIENT_ID: apps.google.id,
    GOOGLE_CLIENT_SECRET: apps.google.secret,
    GOOGLE_ISSUER: op.issuer,
    APPLE_CLIENT_ID: apps.apple.id,
    APPLE_CLIENT_SECRET: apps.apple.secret,
    APPLE_ISSUER: op.issuer,
    LINE_CHANNEL_ID: apps.line.id,
    LINE_CHANNEL_SECRET: apps.line.secret,
    LINE_ISSUER: op.issuer,
    X_CONSUMER_KEY: apps.x.key,
    X_CONSUMER_SECRET: apps.x.secret,
    X_API_URL: x.url,
    FACEBOOK_APP_ID: apps.facebook.id,
    FACEBOOK_APP_SECRET: apps.facebook.secret,
    FACEBOOK_GRAPH_URL: facebook.url,
    QQ_APP_ID: apps.qq.id,
    QQ_APP_KEY: apps.qq.key,
    QQ_API_URL: qq.url,
    WECHAT_APP_ID: apps.wechat.id,
    WECHAT_APP_SECRET: apps.wechat.secret,
    WECHAT_OPEN_URL: wechat.url,
    WECHAT_API_URL: wechat.url,
  };
  return {
    op,
    x,
    facebook,
    qq,
    wechat,
    env,
    close: async () => {
      await Promise.all([op, x, facebook, qq, wechat].map((standIn) => standIn.close()));
    },
  };
}
