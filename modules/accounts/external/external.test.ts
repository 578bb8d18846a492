import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { buildTestApp } from '../../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../../test/databases';
import { javaClient, outboxCode } from '../../../test/java';
import { CHANNEL_COOKIE } from '../../channels/channels-constants.contract';
import { FLOW_COOKIE, FLOW_PURPOSE } from './login-cookies';
import { sealer } from './sealed';
import { signInAtProvider } from './testing/browser';
import { STAND_IN_APPS, startProviderStandIns } from './testing/providers';

const CALLBACK = 'https://fans.example/';
const providers = await startProviderStandIns(CALLBACK, {
  oidc: {
    ana: { name: 'Ana', email: 'Ana@Example.com', email_verified: true },
    bea: { name: 'Bea', email: 'bea@example.com', email_verified: true },
    cai: { name: 'Cai', email: 'cai@example.com', email_verified: true },
    dan: { name: 'Dan', email: 'dan@example.com', email_verified: true },
    eva: { name: 'Eva', email: 'eva@example.com', email_verified: true },
    // Like Line: an address without email_verified, which proves nothing.
    lina: { name: 'Lina', email: 'lina@example.com' },
    lena: { name: 'Lena', email: 'lena@example.com' },
    unverified: { name: 'Uma', email: 'uma@example.com', email_verified: false },
  },
  x: {
    xavier: { id_str: '1001', name: 'Xavier', screen_name: 'xavier' },
    xena: { id_str: '1002', name: 'Xena', screen_name: 'xena', email: 'xena@example.com' },
  },
  facebook: { fiona: { id: '2001', name: 'Fiona', email: 'fiona@example.com' } },
  qq: { qiu: { openid: 'QQOPENID1', nickname: 'QQ Fan' } },
  wechat: { wei: { openid: 'WXOPENID1', unionid: 'WXUNION1', nickname: '微信球迷' } },
});
cleanUpAfterFile(providers.close);
const { op, x, facebook, qq, wechat, env: PROVIDER_ENV } = providers;
const { x: X_CONSUMER, facebook: FACEBOOK_APP, qq: QQ_APP } = STAND_IN_APPS;

/** One browser on our site: keeps the cookies the API sets, as a browser would for /java calls. */
const browser = (app: FastifyInstance) => javaClient(app, { keepCookies: true });

const query = (params: Record<string, string | null | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString();

describe.each(embeddedOnly)('third-party sign-in on $name', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      database: await target.create(),
      env: { DEV_ADAPTERS: 'true', ...PROVIDER_ENV },
    });
    cleanUpAfterFile(() => app.close());
  });

  /** getLoginUrl type 3, Google's login and consent, then getLoginInfo with the callback's values. */
  async function googleSignIn(login: string, page = browser(app)) {
    const start = await page.get('/login/V2/getLoginUrl?type=3&isFrom=pc');
    expect(start.status).toBe('success');
    const callback = await signInAtProvider(start.result, CALLBACK, login);
    return page.get(
      `/login/V2/getLoginInfo?${query({ isFrom: 'pc', type: '3', code: callback.get('code'), state: callback.get('state'), iss: callback.get('iss') })}`,
    );
  }

  async function registrationRows(uid: number) {
    const records = await app.services.wallet.records(uid, { page: 1, size: 10 });
    return records.filter((r: { type: string }) => r.type === 'registration_bonus');
  }

  it("tells the browser every configured provider and Facebook's public app id, and no secret", () => {
    const options = app.services.signInOptions;
    expect(options).toEqual({
      providers: ['google', 'apple', 'x', 'facebook', 'line', 'qq', 'wechat'],
      facebookAppId: FACEBOOK_APP.id,
    });
    const sent = JSON.stringify(options);
    for (const secret of [
      'google-secret',
      'apple-secret',
      X_CONSUMER.secret,
      FACEBOOK_APP.secret,
      QQ_APP.key,
    ])
      expect(sent).not.toContain(secret);
  });

  it('Google: redirect, login and consent, code for tokens; our token works; the second time is no new user', async () => {
    const page = browser(app);
    const start = await page.get('/login/V2/getLoginUrl?type=3');
    expect(start.result.startsWith(`${op.issuer}/auth?`)).toBe(true);
    const authorize = new URL(start.result).searchParams;
    expect(authorize.get('state')).toMatch(/^google[0-9a-f]{32}$/);
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('nonce')).toBeTruthy();
    const flowCookie = start.setCookies.find((c) => c.name === FLOW_COOKIE);
    expect(flowCookie).toMatchObject({ httpOnly: true, path: '/java/login', sameSite: 'Lax' });
    expect(flowCookie?.value).not.toContain(authorize.get('state'));

    const callback = await signInAtProvider(start.result, CALLBACK, 'ana');
    expect(callback.get('state')).toBe(authorize.get('state'));
    const login = await page.get(
      `/login/V2/getLoginInfo?${query({ type: '3', code: callback.get('code'), state: callback.get('state'), iss: callback.get('iss') })}`,
    );
    expect(login).toMatchObject({
      status: 'success',
      result: { newUser: true, user: { email: 'ana@example.com', coins: 200, registrationSource: 'google' } },
    });
    const { token, user } = login.result;
    expect(login.setCookies).toContainEqual(
      expect.objectContaining({ name: 'token', value: token, httpOnly: true, sameSite: 'Lax' }),
    );
    const info = await page.get('/user/info', { token });
    expect(info.result).toMatchObject({ uid: user.uid, email: 'ana@example.com' });

    const again = await googleSignIn('ana');
    expect(again.result).toMatchObject({ newUser: false, user: { uid: user.uid, coins: 200 } });
    expect(await registrationRows(user.uid)).toHaveLength(1);
  });

  it('Google links to the account that already has the verified email', async () => {
    const page = browser(app);
    await page.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: 'bea@example.com' });
    const registered = await page.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: 'bea@example.com',
      checkCode: await outboxCode(app, 'bea@example.com'),
    });
    const uid = registered.result.user.uid;
    const login = await googleSignIn('bea');
    expect(login.result).toMatchObject({ newUser: false, user: { uid, registrationSource: 'email' } });
    expect(await registrationRows(uid)).toHaveLength(1);
  });

  it('an unverified email links nothing: the account binds an email first', async () => {
    const login = await googleSignIn('unverified');
    expect(login).toMatchObject({
      status: 'fail',
      errorCode: 2010,
      result: { thirdPartyId: expect.any(Number) },
    });
  });

  it('refuses a forged, foreign, tampered, expired or replayed state', async () => {
    const page = browser(app);
    const start = await page.get('/login/V2/getLoginUrl?type=3');
    const callback = await signInAtProvider(start.result, CALLBACK, 'cai');
    const code = callback.get('code') ?? '';
    const state = callback.get('state') ?? '';
    const iss = callback.get('iss') ?? '';
    const info = (p: ReturnType<typeof browser>, s: string) =>
      p.get(`/login/V2/getLoginInfo?${query({ type: '3', code, state: s, iss })}`, { lan: 'en_US' });
    const expired = { errorCode: 2019, errorMsg: 'This sign-in has expired, please start again' };

    expect(await info(page, `google${'0'.repeat(32)}`)).toMatchObject(expired);
    expect(await info(browser(app), state)).toMatchObject(expired);
    const flow = page.cookies.get(FLOW_COOKIE) ?? '';

    const tampered = browser(app);
    tampered.cookies.set(FLOW_COOKIE, `${flow.slice(0, -4)}AAAA`);
    expect(await info(tampered, state)).toMatchObject(expired);

    const late = browser(app);
    const seal = sealer(app.services.secret, FLOW_PURPOSE);
    late.cookies.set(FLOW_COOKIE, seal.seal({ provider: 'google', state }, -1));
    expect(await info(late, state)).toMatchObject(expired);

    const lineFlow = browser(app);
    lineFlow.cookies.set(FLOW_COOKIE, seal.seal({ provider: 'line', state }, 60));
    expect(await info(lineFlow, state)).toMatchObject(expired);

    expect((await info(page, state)).status).toBe('success');
    expect(await info(page, state)).toMatchObject(expired);
  });

  /** getLoginUrl type 4, then what Apple's JS SDK does in its pop-up with that address's parameters. */
  async function appleAuthorize(login: string, page = browser(app)) {
    const start = await page.get('/login/V2/getLoginUrl?type=4');
    expect(start.status).toBe('success');
    return { start, callback: await signInAtProvider(start.result, CALLBACK, login) };
  }

  it("Apple: our address's state and nonce through the SDK, the code signs in; another state is refused", async () => {
    const page = browser(app);
    const { start, callback } = await appleAuthorize('dan', page);
    expect(start.result.startsWith(`${op.issuer}/auth?`)).toBe(true);
    const authorize = new URL(start.result).searchParams;
    expect(Object.fromEntries(authorize)).toMatchObject({
      client_id: 'apple-client',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email name',
    });
    expect(authorize.get('state')).toMatch(/^apple[0-9a-f]{32}$/);
    expect(authorize.get('nonce')).toBeTruthy();
    expect(authorize.has('code_challenge')).toBe(false);
    expect(start.setCookies.find((c) => c.name === FLOW_COOKIE)).toMatchObject({ httpOnly: true });

    const code = callback.get('code');
    const state = callback.get('state');
    expect(state).toBe(authorize.get('state'));
    const info = (p: ReturnType<typeof browser>, s: string | null) =>
      p.get(
        `/login/V2/getLoginInfo?${query({ type: '4', token: code, state: s, iss: callback.get('iss') })}`,
        {
          lan: 'en_US',
        },
      );
    expect(await info(page, `apple${'0'.repeat(32)}`)).toMatchObject({ status: 'fail', errorCode: 2019 });
    expect(await info(browser(app), state)).toMatchObject({ status: 'fail', errorCode: 2019 });
    expect(await info(page, null)).toMatchObject({ errorCode: 1002, errorMsg: 'state: is required' });
    const flow = page.cookies.get(FLOW_COOKIE) ?? '';

    const login = await info(page, state);
    expect(login).toMatchObject({
      status: 'success',
      result: { newUser: true, user: { email: 'dan@example.com', registrationSource: 'apple' } },
    });
    const { token, user } = login.result;
    expect((await page.get('/user/info', { token })).result).toMatchObject({
      uid: user.uid,
      email: 'dan@example.com',
    });
    expect(await info(page, state)).toMatchObject({ status: 'fail', errorCode: 2019 });
    // Even with the flow cookie replayed, Apple takes a code only once.
    const reused = browser(app);
    reused.cookies.set(FLOW_COOKIE, flow);
    expect(await info(reused, state)).toMatchObject({ status: 'fail', errorCode: 1006 });

    const again = browser(app);
    const second = await appleAuthorize('dan', again);
    const next = await again.get(
      `/login/V2/getLoginInfo?${query({ type: '4', token: second.callback.get('code'), state: second.callback.get('state'), iss: second.callback.get('iss') })}`,
    );
    expect(next.result).toMatchObject({ newUser: false, user: { uid: user.uid } });
  });

  it("Apple: an ID token without this flow's nonce is refused", async () => {
    const { callback } = await appleAuthorize('dan');
    const state = callback.get('state') ?? '';
    const other = browser(app);
    other.cookies.set(
      FLOW_COOKIE,
      sealer(app.services.secret, FLOW_PURPOSE).seal(
        { provider: 'apple', state, nonce: 'another-nonce' },
        60,
      ),
    );
    const login = await other.get(
      `/login/V2/getLoginInfo?${query({ type: '4', token: callback.get('code'), state, iss: callback.get('iss') })}`,
    );
    expect(login).toMatchObject({ status: 'fail', errorCode: 1006 });
  });

  it('Line without a verified email: 2010, then an email code binds it; next time straight in', async () => {
    const page = browser(app);
    const start = await page.get('/login/lineGetUrl');
    const callback = await signInAtProvider(start.result, CALLBACK, 'lina');
    expect(callback.get('state')).toMatch(/^line[0-9a-f]{32}$/);
    const login = await page.get(
      `/login/lineGetTokenByCode?${query({ isFrom: 'pc', code: callback.get('code'), state: callback.get('state'), iss: callback.get('iss') })}`,
      { lan: 'en_US' },
    );
    expect(login).toMatchObject({ status: 'fail', errorCode: 2010, errorMsg: 'please sign in' });
    const thirdPartyId = login.result.thirdPartyId;
    expect(thirdPartyId).toEqual(expect.any(Number));

    const email = 'lina.new@example.com';
    await page.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const checkCode = await outboxCode(app, email);
    const elsewhere = await browser(app).post('/login/V2/bindEmail', {
      email,
      checkCode,
      twitterId: thirdPartyId,
    });
    expect(elsewhere).toMatchObject({ status: 'fail', errorCode: 2019 });
    const wrong = await page.post('/login/V2/bindEmail', {
      email,
      checkCode: checkCode === '000000' ? '111111' : '000000',
      twitterId: thirdPartyId,
    });
    expect(wrong).toMatchObject({ status: 'fail', errorCode: 2001 });

    const bound = await page.post('/login/V2/bindEmail', { email, checkCode, twitterId: thirdPartyId });
    expect(bound).toMatchObject({
      status: 'success',
      result: { newUser: true, user: { email, coins: 200, registrationSource: 'line' } },
    });
    expect((await page.get('/user/info', { token: bound.result.token })).result.uid).toBe(
      bound.result.user.uid,
    );
    expect(bound.setCookies).toContainEqual(
      expect.objectContaining({ name: 'token', value: bound.result.token, httpOnly: true }),
    );

    const next = browser(app);
    const again = await signInAtProvider((await next.get('/login/lineGetUrl')).result, CALLBACK, 'lina');
    const second = await next.get(
      `/login/lineGetTokenByCode?${query({ code: again.get('code'), state: again.get('state'), iss: again.get('iss') })}`,
    );
    expect(second.result).toMatchObject({ newUser: false, user: { uid: bound.result.user.uid } });
    expect(await registrationRows(bound.result.user.uid)).toHaveLength(1);
  });

  it('a registration through a channel link belongs to that channel, whether the sign-in or its binding makes it', async () => {
    const promoter = await app.services.accounts.register({
      email: 'promoter@example.com',
      source: 'email',
      type: 1,
    });
    await app.services.channels.create(null, { ownerId: promoter.uid, id: 'summer', name: 'Summer' });
    /** A browser that came through the channel's link: the page sends the kept channel on the callback. */
    const cameThroughLink = async () => {
      const page = browser(app);
      await page.post('/channel/visit', { channel: 'summer' });
      return { page, channel: page.cookies.get(CHANNEL_COOKIE) };
    };

    const google = await cameThroughLink();
    expect(google.channel).toBe('summer');
    const start = await google.page.get('/login/V2/getLoginUrl?type=3');
    const back = await signInAtProvider(start.result, CALLBACK, 'eva');
    const login = await google.page.get(
      `/login/V2/getLoginInfo?${query({ type: '3', code: back.get('code'), state: back.get('state'), iss: back.get('iss'), promotionChannelId: google.channel })}`,
    );
    expect(login.result).toMatchObject({ newUser: true, user: { registrationSource: 'google' } });

    // Line brings no verified email: the channel waits in the pending cookie until the binding.
    const line = await cameThroughLink();
    const lineBack = await signInAtProvider(
      (await line.page.get('/login/lineGetUrl')).result,
      CALLBACK,
      'lena',
    );
    const pending = await line.page.get(
      `/login/lineGetTokenByCode?${query({ code: lineBack.get('code'), state: lineBack.get('state'), iss: lineBack.get('iss'), promotionChannelId: line.channel })}`,
    );
    expect(pending).toMatchObject({ status: 'fail', errorCode: 2010 });
    const email = 'lena.new@example.com';
    await line.page.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const bound = await line.page.post('/login/V2/bindEmail', {
      email,
      checkCode: await outboxCode(app, email),
      twitterId: pending.result.thirdPartyId,
    });
    expect(bound.result).toMatchObject({ newUser: true, user: { registrationSource: 'line' } });

    const attributed = await app.services.database.db
      .select({ uid: users.uid })
      .from(users)
      .where(eq(users.promotionChannelId, 'summer'));
    expect(attributed.map((row) => row.uid).sort()).toEqual(
      [login.result.user.uid, bound.result.user.uid].sort(),
    );
  });

  /** getLoginUrl type 6, approval at X, getLoginInfo with oauth_token and oauth_verifier. */
  async function xSignIn(name: string, page = browser(app)) {
    x.signInAs(name);
    const start = await page.get('/login/V2/getLoginUrl?type=6');
    expect(start.result.startsWith(`${x.url}/oauth/authenticate?oauth_token=`)).toBe(true);
    const callback = await signInAtProvider(start.result, CALLBACK);
    return page.get(
      `/login/V2/getLoginInfo?${query({ type: '6', token: callback.get('oauth_token'), verifier: callback.get('oauth_verifier') })}`,
    );
  }

  it('X: every OAuth 1.0a step signed; with an email straight in, without one 2010 and bind', async () => {
    const rejectedBefore = x.stats.rejected;
    const withEmail = await xSignIn('xena');
    expect(withEmail.result).toMatchObject({
      newUser: true,
      user: { email: 'xena@example.com', registrationSource: 'x' },
    });

    const page = browser(app);
    const without = await xSignIn('xavier', page);
    expect(without).toMatchObject({ status: 'fail', errorCode: 2010 });
    const email = 'xavier@example.com';
    await page.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const bound = await page.post('/login/V2/bindEmail', {
      email,
      checkCode: await outboxCode(app, email),
      twitterId: without.result.thirdPartyId,
    });
    expect(bound.result).toMatchObject({ newUser: true, user: { email, registrationSource: 'x' } });
    expect((await xSignIn('xavier')).result).toMatchObject({
      newUser: false,
      user: { uid: bound.result.user.uid },
    });
    expect(x.stats.rejected).toBe(rejectedBefore);
    expect(x.stats.verified).toBeGreaterThanOrEqual(9);
  });

  it('X: a callback token this browser did not start is refused', async () => {
    x.signInAs('xena');
    const start = await browser(app).get('/login/V2/getLoginUrl?type=6');
    const callback = await signInAtProvider(start.result, CALLBACK);
    const stolen = await browser(app).get(
      `/login/V2/getLoginInfo?${query({ type: '6', token: callback.get('oauth_token'), verifier: callback.get('oauth_verifier') })}`,
    );
    expect(stolen).toMatchObject({ status: 'fail', errorCode: 2019 });
  });

  it('Facebook: the SDK access token is checked with debug_token and /me', async () => {
    const login = await browser(app).get(
      `/login/V2/getLoginInfo?type=9&token=${facebook.issueToken('fiona')}`,
    );
    expect(login.result).toMatchObject({
      newUser: true,
      user: { email: 'fiona@example.com', registrationSource: 'facebook' },
    });
    const otherApp = await browser(app).get(
      `/login/V2/getLoginInfo?type=9&token=${facebook.issueToken('fiona', 'another-app')}`,
    );
    expect(otherApp).toMatchObject({ status: 'fail', errorCode: 1006 });
    const madeUp = await browser(app).get('/login/V2/getLoginInfo?type=9&token=made-up');
    expect(madeUp).toMatchObject({ status: 'fail', errorCode: 1006 });
    const missing = await browser(app).get('/login/V2/getLoginInfo?type=9', { lan: 'en_US' });
    expect(missing).toMatchObject({ status: 'fail', errorCode: 1002, errorMsg: 'token: is required' });
  });

  /** The address call, the provider's redirect, then pcLoginByAccount with the callback's values. */
  async function qqOrWechatSignIn(
    type: 1 | 2,
    page: ReturnType<typeof browser>,
    promotionChannelId?: string,
  ) {
    const start = await page.get(type === 1 ? '/login/getPCQQLoginAddress' : '/login/getPCWXLoginAddress');
    const callback = await signInAtProvider(start.result, CALLBACK);
    expect(callback.get('state')).toMatch(type === 1 ? /^qq[0-9a-f]{32}$/ : /^wechat[0-9a-f]{32}$/);
    return page.get(
      `/login/pcLoginByAccount?${query({ code: callback.get('code'), state: callback.get('state'), type: String(type), promotionChannelId })}`,
    );
  }

  it('QQ: no phone bound, bindAccount with an SMS code, then straight in', async () => {
    qq.signInAs('qiu');
    const page = browser(app);
    const first = await qqOrWechatSignIn(1, page, 'channel-7');
    expect(first.result).toEqual({
      wxBind: false,
      accountNumber: expect.any(Number),
      qqOrWechatName: 'QQ Fan',
      headimgurl: 'https://qq.example/QQOPENID1/100',
    });
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await page.post('/login/sendVerificationCode', { mobile });
    const bound = await page.post('/login/bindAccount', {
      mobile,
      checkCode: await outboxCode(app, mobile),
      accountNumber: first.result.accountNumber,
      qqOrWechatName: first.result.qqOrWechatName,
      type: 1,
      headimgurl: first.result.headimgurl,
    });
    expect(bound.result).toMatchObject({
      wxBind: true,
      newUser: true,
      user: { phone: mobile, areaCode: '+86', coins: 200, registrationSource: 'qq' },
    });
    const uid = bound.result.user.uid;
    expect(bound.setCookies).toContainEqual(
      expect.objectContaining({ name: 'token', value: bound.result.token, httpOnly: true }),
    );
    const [row] = await app.services.database.db
      .select({ channel: users.promotionChannelId })
      .from(users)
      .where(eq(users.uid, uid));
    expect(row?.channel).toBe('channel-7');

    const again = await qqOrWechatSignIn(1, browser(app));
    expect(again.result).toMatchObject({
      wxBind: true,
      newUser: false,
      token: expect.any(String),
      user: { uid },
    });
    expect(await registrationRows(uid)).toHaveLength(1);
  });

  it('WeChat: binding a phone that already has an account links to that account', async () => {
    const mobile = `138${String(Date.now()).slice(-8)}`;
    const page = browser(app);
    await page.post('/login/sendVerificationCode', { mobile });
    const existing = await page.post('/login/checkCode', {
      mobile,
      checkCode: await outboxCode(app, mobile),
    });
    const uid = existing.result.user.uid;

    wechat.scanAs('wei');
    const start = await page.get('/login/getPCWXLoginAddress');
    expect(start.result).toMatch(/#wechat_redirect$/);
    const first = await qqOrWechatSignIn(2, page);
    expect(first.result).toMatchObject({ wxBind: false, qqOrWechatName: '微信球迷' });

    await app.services.limiter.reset(`code-resend:phone:+86 ${mobile}`);
    await page.post('/login/sendVerificationCode', { mobile });
    const checkCode = await outboxCode(app, mobile);
    const asQq = await page.post('/login/bindAccount', {
      mobile,
      checkCode,
      accountNumber: first.result.accountNumber,
      type: 1,
    });
    expect(asQq).toMatchObject({ status: 'fail', errorCode: 2019 });
    const bound = await page.post('/login/bindAccount', {
      mobile,
      checkCode,
      accountNumber: first.result.accountNumber,
      type: 2,
    });
    expect(bound.result).toMatchObject({ wxBind: true, newUser: false, user: { uid } });
    expect((await qqOrWechatSignIn(2, browser(app))).result).toMatchObject({ wxBind: true, user: { uid } });
    expect(await registrationRows(uid)).toHaveLength(1);
  });

  it('a banned user is refused like in password login', async () => {
    const login = await googleSignIn('cai');
    expect(login.status).toBe('success');
    await app.services.database.db
      .update(users)
      .set({ bannedAt: sql`now()` })
      .where(eq(users.uid, login.result.user.uid));
    expect(await googleSignIn('cai')).toMatchObject({ status: 'fail', errorCode: 2002 });
  });
});

describe('providers without settings, or with wrong ones', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      env: {
        LOGIN_CALLBACK_URL: CALLBACK,
        X_CONSUMER_KEY: X_CONSUMER.key,
        X_CONSUMER_SECRET: 'not-the-secret',
        X_API_URL: x.url,
      },
    });
    cleanUpAfterFile(() => app.close());
  });

  it('tells the browser only the provider it has settings for', () => {
    expect(app.services.signInOptions).toEqual({ providers: ['x'], facebookAppId: null });
  });

  it('answer "not supported" for every unconfigured provider', async () => {
    const page = browser(app);
    for (const url of [
      '/login/V2/getLoginUrl?type=3',
      '/login/V2/getLoginUrl?type=4',
      '/login/V2/getLoginInfo?type=4&token=abc',
      '/login/V2/getLoginInfo?type=9&token=abc',
      '/login/lineGetUrl',
      '/login/getPCQQLoginAddress',
      '/login/getPCWXLoginAddress',
      '/login/pcLoginByAccount?code=abc&state=qq1&type=1',
    ])
      expect(await page.get(url, { lan: 'en_US' }), url).toMatchObject({
        errorCode: 1012,
        errorMsg: 'not supported',
      });
  });

  it('X refuses a request signed with the wrong secret: "Request failed"', async () => {
    const rejectedBefore = x.stats.rejected;
    expect(await browser(app).get('/login/V2/getLoginUrl?type=6')).toMatchObject({
      status: 'fail',
      errorCode: 1006,
    });
    expect(x.stats.rejected).toBe(rejectedBefore + 1);
  });
});
