import { createHmac, randomBytes } from 'node:crypto';
import { redirectWith, type StandInAnswer, startStandIn } from './http-stand-in';

const newToken = () => randomBytes(16).toString('hex');

export interface FacebookUser {
  id: string;
  name: string;
  email?: string;
}

/** Facebook's Graph API: debug_token with the app token, /me with the user's token and appsecret_proof. */
export async function startFacebookStandIn(
  app: { id: string; secret: string },
  users: Record<string, FacebookUser>,
) {
  const tokens = new Map<string, { appId: string; user: FacebookUser }>();
  const oauthError: StandInAnswer = {
    json: { error: { message: 'Invalid OAuth access token', code: 190 } },
    status: 400,
  };
  const server = await startStandIn({
    'GET /debug_token': (url) => {
      if (url.searchParams.get('access_token') !== `${app.id}|${app.secret}`) return oauthError;
      const found = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!found) return { json: { data: { app_id: app.id, is_valid: false } } };
      return { json: { data: { app_id: found.appId, is_valid: true, user_id: found.user.id } } };
    },
    'GET /me': (url) => {
      const accessToken = url.searchParams.get('access_token') ?? '';
      const found = tokens.get(accessToken);
      const proof = createHmac('sha256', app.secret).update(accessToken).digest('hex');
      if (!found || url.searchParams.get('appsecret_proof') !== proof) return oauthError;
      const { id, name, email } = found.user;
      return {
        json: {
          id,
          name,
          ...(email && { email }),
          picture: { data: { url: `https://fb.example/${id}.jpg` } },
        },
      };
    },
  });
  return {
    ...server,
    /** What the browser SDK hands the page after the user signs in; `appId` of another app to test refusals. */
    issueToken(name: string, appId = app.id): string {
      const token = newToken();
      tokens.set(token, { appId, user: users[name] as FacebookUser });
      return token;
    },
  };
}

export interface QqWechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
}

/** Codes and tokens of an OAuth 2 stand-in: one code per approval, used once. */
function grants<U>() {
  const codes = new Map<string, U>();
  const tokens = new Map<string, U>();
  return {
    code(user: U) {
      const code = newToken();
      codes.set(code, user);
      return code;
    },
    redeem(code: string): { token: string; user: U } | undefined {
      const user = codes.get(code);
      if (!user) return undefined;
      codes.delete(code);
      const token = newToken();
      tokens.set(token, user);
      return { token, user };
    },
    holder: (token: string) => tokens.get(token),
  };
}

/** QQ Connect: authorize, oauth2.0/token, oauth2.0/me and user/get_user_info, answering in JSON (fmt=json). */
export async function startQqStandIn(app: { id: string; key: string }, users: Record<string, QqWechatUser>) {
  const issued = grants<QqWechatUser>();
  let signedIn: QqWechatUser | undefined;
  const server = await startStandIn({
    'GET /oauth2.0/authorize': (url) => {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== app.id || !signedIn)
        return { json: { error: 100001 }, status: 400 };
      return {
        redirect: redirectWith(redirectUri, {
          code: issued.code(signedIn),
          state: url.searchParams.get('state') ?? '',
        }),
      };
    },
    'GET /oauth2.0/token': (url) => {
      const q = url.searchParams;
      const redeemed =
        q.get('client_id') === app.id &&
        q.get('client_secret') === app.key &&
        issued.redeem(q.get('code') ?? '');
      if (!redeemed || q.get('fmt') !== 'json')
        return { json: { error: 100019, error_description: 'code to access token error' } };
      return { json: { access_token: redeemed.token, expires_in: '7776000', refresh_token: newToken() } };
    },
    'GET /oauth2.0/me': (url) => {
      const user = issued.holder(url.searchParams.get('access_token') ?? '');
      if (!user) return { json: { error: 100016, error_description: 'access token check failed' } };
      return { json: { client_id: app.id, openid: user.openid } };
    },
    'GET /user/get_user_info': (url) => {
      const q = url.searchParams;
      const user = issued.holder(q.get('access_token') ?? '');
      if (!user || q.get('oauth_consumer_key') !== app.id || q.get('openid') !== user.openid)
        return { json: { ret: 1002, msg: 'not logged in' } };
      return {
        json: {
          ret: 0,
          msg: '',
          nickname: user.nickname,
          figureurl_qq_1: `https://qq.example/${user.openid}/40`,
          figureurl_qq_2: `https://qq.example/${user.openid}/100`,
        },
      };
    },
  });
  return {
    ...server,
    signInAs(name: string) {
      signedIn = users[name];
    },
  };
}

/** WeChat Open Platform: connect/qrconnect, sns/oauth2/access_token and sns/userinfo. */
export async function startWechatStandIn(
  app: { id: string; secret: string },
  users: Record<string, QqWechatUser>,
) {
  const issued = grants<QqWechatUser>();
  let scannedBy: QqWechatUser | undefined;
  const server = await startStandIn({
    // The page shows a QR code; once the phone confirms, the browser goes back with a code.
    'GET /connect/qrconnect': (url) => {
      const q = url.searchParams;
      if (q.get('appid') !== app.id || q.get('scope') !== 'snsapi_login' || !scannedBy)
        return { json: { errcode: 10003, errmsg: 'redirect_uri domain mismatch' }, status: 400 };
      return {
        redirect: redirectWith(q.get('redirect_uri') ?? '', {
          code: issued.code(scannedBy),
          state: q.get('state') ?? '',
        }),
      };
    },
    'GET /sns/oauth2/access_token': (url) => {
      const q = url.searchParams;
      const redeemed =
        q.get('appid') === app.id &&
        q.get('secret') === app.secret &&
        q.get('grant_type') === 'authorization_code' &&
        issued.redeem(q.get('code') ?? '');
      if (!redeemed) return { json: { errcode: 40029, errmsg: 'invalid code' } };
      const { openid, unionid } = redeemed.user;
      return {
        json: {
          access_token: redeemed.token,
          expires_in: 7200,
          refresh_token: newToken(),
          openid,
          scope: 'snsapi_login',
          unionid,
        },
      };
    },
    'GET /sns/userinfo': (url) => {
      const user = issued.holder(url.searchParams.get('access_token') ?? '');
      if (!user || url.searchParams.get('openid') !== user.openid)
        return { json: { errcode: 40003, errmsg: 'invalid openid' } };
      return {
        json: {
          ...user,
          sex: 1,
          province: '',
          city: '',
          country: 'CN',
          headimgurl: `https://wx.example/${user.openid}`,
          privilege: [],
        },
      };
    },
  });
  return {
    ...server,
    scanAs(name: string) {
      scannedBy = users[name];
    },
  };
}
