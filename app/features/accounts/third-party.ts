import {
  type LoginResult,
  SIGN_IN_SCRIPTS,
  type SignInProvider,
} from '../../../modules/accounts/accounts.contract';
import type { ApiClient } from '../../lib/api-client';
import { withPromotionChannel } from '../channels';
import type { Callback } from './callback';

/** Third-party types of the login calls (spec point 7). */
const GOOGLE = 3;
const APPLE = 4;
const X = 6;
const FACEBOOK = 9;

/**
 * What a third-party login answers: a login result, or for QQ and WeChat (`wxBind: false`) the
 * account that still needs a bound phone.
 */
export type ThirdPartyAnswer = Partial<LoginResult> & {
  wxBind?: boolean;
  accountNumber?: number;
  qqOrWechatName?: string | null;
  headimgurl?: string | null;
};

/** The login in a third-party answer, if it holds one. */
export function asLoginResult(answer: ThirdPartyAnswer | null): LoginResult | undefined {
  if (!answer?.token || !answer.user) return undefined;
  return { token: answer.token, user: answer.user, newUser: answer.newUser ?? false };
}

/**
 * Exchanges the provider's answer for a login; a toast shows a failure, as the dialog is not open
 * yet. Every call that may register carries the channel that brought the browser, as the code
 * login does.
 */
export function completeCallback(api: ApiClient, callback: Callback): Promise<ThirdPartyAnswer> {
  switch (callback.provider) {
    case 'x':
      return api.get('/login/V2/getLoginInfo', {
        query: withPromotionChannel({ type: X, token: callback.token, verifier: callback.verifier }),
      });
    case 'google':
      return api.get('/login/V2/getLoginInfo', {
        query: withPromotionChannel({
          type: GOOGLE,
          code: callback.code,
          state: callback.state,
          iss: callback.iss,
        }),
      });
    case 'line':
      return api.get('/login/lineGetTokenByCode', {
        query: withPromotionChannel({ code: callback.code, state: callback.state, iss: callback.iss }),
      });
    case 'qqOrWechat':
      return api.get('/login/pcLoginByAccount', {
        query: withPromotionChannel({ code: callback.code, state: callback.state, type: callback.type }),
      });
  }
}

/** The providers whose sign-in page the browser goes to, and the call that gives its address. */
const REDIRECT_STARTS = {
  google: ['/login/V2/getLoginUrl', { type: GOOGLE }],
  x: ['/login/V2/getLoginUrl', { type: X }],
  line: ['/login/lineGetUrl', {}],
  qq: ['/login/getPCQQLoginAddress', {}],
  wechat: ['/login/getPCWXLoginAddress', {}],
} as const satisfies Partial<Record<SignInProvider, readonly [string, Record<string, number>]>>;

export type RedirectProvider = keyof typeof REDIRECT_STARTS;

export const isRedirectProvider = (provider: SignInProvider): provider is RedirectProvider =>
  provider in REDIRECT_STARTS;

/**
 * Google, X, Line, QQ and WeChat: the server starts the flow (its state in this browser's flow
 * cookie) and gives the address of the provider's sign-in page; the browser goes there, and comes
 * back with the query `recogniseCallback` reads.
 */
export async function startRedirect(api: ApiClient, provider: RedirectProvider): Promise<void> {
  const [path, query] = REDIRECT_STARTS[provider];
  const address = await api.get<string>(path, { query, quiet: true });
  window.location.assign(address);
}

/**
 * A provider's script, loaded only when someone chooses that provider, never with the page. The
 * page's Content-Security-Policy allows its origin when the provider is configured; it gets no
 * nonce, which would let it in from anywhere.
 */
function loadScript<T>(src: string, global: string): Promise<T> {
  const loaded = (window as unknown as Record<string, T | undefined>)[global];
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const sdk = (window as unknown as Record<string, T | undefined>)[global];
      if (sdk) resolve(sdk);
      else reject(new Error(`${src} did not start`));
    };
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

const FACEBOOK_API_VERSION = 'v21.0';

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(
    callback: (answer: { status: string; authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ): void;
}

/**
 * Facebook: its script signs the visitor in, in a pop-up, and hands back an access token; the
 * server has Graph confirm the token was issued to this app (type 9). Null when the visitor gave up.
 */
export async function startFacebook(api: ApiClient, appId: string): Promise<ThirdPartyAnswer | null> {
  const sdk = await loadScript<FacebookSdk>(SIGN_IN_SCRIPTS.facebook, 'FB');
  sdk.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
  const token = await new Promise<string | null>((resolve) =>
    sdk.login((answer) => resolve(answer.authResponse?.accessToken ?? null), {
      scope: 'public_profile,email',
    }),
  );
  if (!token) return null;
  return api.get('/login/V2/getLoginInfo', {
    query: withPromotionChannel({ type: FACEBOOK, token }),
    quiet: true,
  });
}

/** What Apple's JS SDK takes in `AppleID.auth.init`. */
export interface AppleSignInConfig {
  clientId: string;
  redirectURI: string;
  scope: string;
  state: string;
  nonce: string;
  usePopup: true;
}

interface AppleId {
  auth: {
    init(config: AppleSignInConfig): void;
    signIn(): Promise<{ authorization: { code: string; id_token: string; state: string } }>;
  };
}

/**
 * The SDK's settings from the authorize address getLoginUrl type 4 answers. The state and nonce are
 * the ones the server keeps in this browser's flow cookie, and checks when the code comes back.
 */
export function appleSignInConfig(address: string): AppleSignInConfig {
  const params = new URL(address).searchParams;
  const read = (name: string) => {
    const value = params.get(name);
    if (!value) throw new Error(`Apple sign-in address without ${name}`);
    return value;
  };
  return {
    clientId: read('client_id'),
    redirectURI: read('redirect_uri'),
    scope: read('scope'),
    state: read('state'),
    nonce: read('nonce'),
    usePopup: true,
  };
}

/** The SDK's rejections when the visitor gives up, rather than something failing. */
const APPLE_CANCELLED = new Set(['popup_closed_by_user', 'user_cancelled_authorize']);

/**
 * Apple: the server starts the flow and gives the address of Apple's sign-in page; Apple's script
 * opens it in a pop-up with that address's parameters and hands back the authorization code and
 * state, which the server checks and exchanges (type 4, the code as `token`). Null when the visitor
 * closed the pop-up.
 */
export async function startApple(api: ApiClient): Promise<ThirdPartyAnswer | null> {
  const address = await api.get<string>('/login/V2/getLoginUrl', { query: { type: APPLE }, quiet: true });
  const config = appleSignInConfig(address);
  const sdk = await loadScript<AppleId>(SIGN_IN_SCRIPTS.apple, 'AppleID');
  sdk.auth.init(config);
  const signedIn = await sdk.auth.signIn().catch((err: { error?: string }) => {
    if (err?.error && APPLE_CANCELLED.has(err.error)) return null;
    throw err;
  });
  if (!signedIn) return null;
  const { code, state } = signedIn.authorization;
  return api.get('/login/V2/getLoginInfo', {
    query: withPromotionChannel({ type: APPLE, token: code, state }),
    quiet: true,
  });
}
