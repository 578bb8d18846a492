import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_APPS, startProviderStandIns } from '../modules/accounts/external/testing/providers';
import { axeViolations, openPage } from './browser';
import {
  DESKTOP,
  freePort,
  launchBrowser,
  outboxCode,
  PHONE,
  type RunningApp,
  SCREENSHOTS,
  shot,
  startApp,
} from './harness';

// Each provider's stand-in on this machine; the app of each channel sends browsers back to itself.
const newLayoutPort = await freePort();
const oldLayoutPort = await freePort();
const newLayoutCallback = `http://127.0.0.1:${newLayoutPort}/`;
const providers = await startProviderStandIns(newLayoutCallback, {
  oidc: {
    ana: { name: 'Ana', email: 'ana.e2e@example.com', email_verified: true },
    lin: { name: 'Lin', email: 'lin.e2e@example.com', email_verified: true },
  },
  x: { xena: { id_str: '1002', name: 'Xena', screen_name: 'xena', email: 'xena.e2e@example.com' } },
  facebook: { fiona: { id: '2001', name: 'Fiona', email: 'fiona.e2e@example.com' } },
  qq: { qiu: { openid: 'QQOPENIDE2E', nickname: 'QQ Fan' } },
  wechat: { wei: { openid: 'WXOPENIDE2E', unionid: 'WXUNIONE2E', nickname: '微信球迷' } },
});
const { op, x, facebook, qq, wechat } = providers;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await providers.close();
});

/** As long as `startApp` itself may wait. */
const START_MS = 180_000;

/** The built app on a channel and port, with every provider configured. */
function appOn(channel: string, port: number) {
  const state: { app?: RunningApp } = {};
  beforeAll(async () => {
    state.app = await startApp(
      // Signing in needs no scores: without a feed no fill shares the machine with the browser.
      {
        ...providers.env,
        PRODUCT_CHANNEL: channel,
        LOGIN_CALLBACK_URL: `http://127.0.0.1:${port}/`,
        SCORE_FEED: 'none',
      },
      undefined,
      port,
      START_MS,
    );
  }, START_MS);
  afterAll(async () => {
    await state.app?.stop();
  });
  return () => state.app as RunningApp;
}

async function openDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /登录/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('checkbox').check();
  return dialog;
}

/** The address the browser is sent to when the button is pressed, before it loads. */
async function pressAndFollow(page: Page, dialog: ReturnType<Page['getByRole']>, name: string, host: string) {
  const sent = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url().startsWith(host),
  );
  await dialog.getByRole('button', { name }).click();
  return new URL((await sent).url());
}

/** The OpenID provider's login and consent pages (Google's and LINE's stand-in), as a person fills them in. */
async function signInAtOpenIdProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(op.issuer));
  const name = page.locator('input[name=login]');
  await name.waitFor();
  await name.fill(login);
  await page.locator('input[name=password]').fill('any');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]', { hasText: /continue/i }).click();
}

/** The login token the browser keeps in its HttpOnly cookie. */
const tokenCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;

/** Back on the site, a new account is offered the registration; skipping it keeps the login. */
async function skipRegistration(page: Page) {
  const registration = page.getByRole('dialog');
  await registration.getByRole('heading', { name: '完善账号信息' }).waitFor();
  await registration.getByRole('button', { name: '跳过' }).click();
  await page.getByRole('button', { name: /账号菜单/ }).waitFor();
}

describe('the new layout (baxi) with every provider set up', () => {
  const app = appOn('baxi', newLayoutPort);

  it('shows Google, Apple, X, Facebook and LINE, each with its mark, at phone and desktop width', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openPage(browser, app(), '/', { viewport });
      const dialog = await openDialog(page);
      const buttons = dialog.getByRole('button', { name: /^使用 .+ 继续$/ });
      expect(await buttons.allTextContents()).toEqual([
        '使用 Google 继续',
        '使用 Apple 继续',
        '使用 X 继续',
        '使用 Facebook 继续',
        '使用 LINE 继续',
      ]);
      expect(await buttons.locator('svg[aria-hidden=true]').count()).toBe(5);
      await shot(page, `login-providers-new-${name}`, false);
      expect(await axeViolations(page, '[role=dialog]')).toEqual([]);
      await page.context().close();
    }
  });

  it('Google: to the provider with a Google state, back with a code, then the new account registers and logs in again', async () => {
    const page = await openPage(browser, app(), '/', { viewport: PHONE });
    const dialog = await openDialog(page);
    const authorize = await pressAndFollow(page, dialog, '使用 Google 继续', op.issuer);
    expect(authorize.pathname).toBe('/auth');
    expect(authorize.searchParams.get('client_id')).toBe('google-client');
    expect(authorize.searchParams.get('state')).toMatch(/^google[0-9a-f]{32}$/);
    await signInAtOpenIdProvider(page, 'ana');

    // Back on the site: the new account chooses its name and password, then is logged in.
    const registration = page.getByRole('dialog');
    await registration.getByRole('heading', { name: '完善账号信息' }).waitFor();
    const firstToken = await tokenCookie(page);
    expect(firstToken).toBeTruthy();
    const username = `ana${Date.now() % 1_000_000}`;
    await registration.getByLabel('用户名').fill(username);
    await registration.getByLabel('密码').fill('goal2026win');
    await registration.getByRole('button', { name: '注册' }).click();
    await page.getByRole('button', { name: `账号菜单：${username}` }).waitFor();
    // Once logged in, the provider's query leaves the address.
    await page.waitForURL((url) => url.search === '');
    // Spec point 4: the registration logs in again with the chosen name and password, and the
    // browser keeps the token that login returned.
    const secondToken = await tokenCookie(page);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    const me = await page.evaluate(async () =>
      (await fetch('/java/user/info', { headers: { sysType: 'PC' } })).json(),
    );
    expect(me).toMatchObject({ status: 'success', result: { username, hasPassword: true } });
    await page.context().close();
  });

  it('X: to X with the request token the server obtained, back with a verifier, and the new account is in', async () => {
    x.signInAs('xena');
    const page = await openPage(browser, app(), '/');
    const dialog = await openDialog(page);
    const authorize = await pressAndFollow(page, dialog, '使用 X 继续', x.url);
    expect(authorize.pathname).toBe('/oauth/authenticate');
    expect(authorize.searchParams.get('oauth_token')).toBeTruthy();
    await skipRegistration(page);
    await page.context().close();
  });

  it('LINE: to the provider with a LINE state and the site as the way back, then the new account is in', async () => {
    const page = await openPage(browser, app(), '/');
    const dialog = await openDialog(page);
    const authorize = await pressAndFollow(page, dialog, '使用 LINE 继续', op.issuer);
    expect(authorize.searchParams.get('client_id')).toBe('line-client');
    expect(authorize.searchParams.get('state')).toMatch(/^line[0-9a-f]{32}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(newLayoutCallback);
    await signInAtOpenIdProvider(page, 'lin');
    await skipRegistration(page);
    await page.context().close();
  });

  it("Apple: its script is loaded only when pressed, and started with the server's state and nonce", async () => {
    const page = await openPage(browser, app(), '/');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // Apple's script, standing in: it keeps its settings and the visitor closes the pop-up.
    await page.route('https://appleid.cdn-apple.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.AppleID = { auth: {
          init(config) { window.appleConfig = config; },
          signIn() { return Promise.reject({ error: 'popup_closed_by_user' }); },
        } };`,
      }),
    );
    const dialog = await openDialog(page);
    expect(requested.some((url) => url.includes('appleid'))).toBe(false);
    await dialog.getByRole('button', { name: '使用 Apple 继续' }).click();
    await page.waitForFunction(() => 'appleConfig' in window);
    const config = await page.evaluate(
      () => (window as unknown as { appleConfig: Record<string, string> }).appleConfig,
    );
    expect(config).toMatchObject({
      clientId: 'apple-client',
      redirectURI: newLayoutCallback,
      usePopup: true,
    });
    expect(config.state).toMatch(/^apple[0-9a-f]{32}$/);
    expect(config.nonce).toBeTruthy();
    // Closing the pop-up leaves the dialog as it was.
    await dialog.getByRole('button', { name: '使用 Apple 继续' }).waitFor();
    await page.context().close();
  });

  it('Facebook: its script is loaded only when pressed, and the token it hands back logs in', async () => {
    const page = await openPage(browser, app(), '/');
    const token = facebook.issueToken('fiona');
    let loaded = 0;
    await page.route('https://connect.facebook.net/**', (route) => {
      loaded++;
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.FB = {
          init(options) { window.facebookOptions = options; },
          login(callback) { callback({ status: 'connected', authResponse: { accessToken: '${token}' } }); },
        };`,
      });
    });
    const dialog = await openDialog(page);
    expect(loaded).toBe(0);
    await dialog.getByRole('button', { name: '使用 Facebook 继续' }).click();
    await dialog.getByRole('heading', { name: '完善账号信息' }).waitFor();
    expect(loaded).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { facebookOptions: object }).facebookOptions),
    ).toMatchObject({
      appId: STAND_IN_APPS.facebook.id,
    });
    await dialog.getByRole('button', { name: '跳过' }).click();
    await page.getByRole('button', { name: /账号菜单/ }).waitFor();
    await page.context().close();
  });
});

describe('the old layout (default channel) with every provider set up', () => {
  const app = appOn('xiongmao', oldLayoutPort);

  it('offers only QQ and WeChat, as marks named for screen readers, at phone and desktop width', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openPage(browser, app(), '/', { viewport });
      const dialog = await openDialog(page);
      const others = dialog.getByRole('region', { name: '其他登录方式' });
      expect(
        await others.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.textContent)),
      ).toEqual(['使用 QQ 继续', '使用 微信 继续']);
      await expect(dialog.getByRole('button', { name: '使用 Google 继续' }).count()).resolves.toBe(0);
      await shot(page, `login-providers-old-${name}`, false);
      expect(await axeViolations(page, '[role=dialog]')).toEqual([]);
      await page.context().close();
    }
  });

  it('QQ: to QQ with a QQ state, back with a code, then the account binds a phone (state 3) and is in', async () => {
    qq.signInAs('qiu');
    const page = await openPage(browser, app(), '/', { viewport: PHONE });
    const dialog = await openDialog(page);
    const authorize = await pressAndFollow(page, dialog, '使用 QQ 继续', qq.url);
    expect(authorize.pathname).toBe('/oauth2.0/authorize');
    expect(authorize.searchParams.get('state')).toMatch(/^qq[0-9a-f]{32}$/);

    const bind = page.getByRole('dialog');
    await bind.getByRole('heading', { name: '绑定手机号' }).waitFor();
    await bind.getByText('QQ Fan，请绑定手机号以完成登录。').waitFor();
    await shot(page, 'login-bind-phone-qq-phone', false);
    expect(await axeViolations(page, '[role=dialog]')).toEqual([]);
    const number = `137${String(Date.now()).slice(-8)}`;
    await bind.getByLabel('手机号').fill(number);
    await bind.getByRole('button', { name: '获取验证码' }).click();
    // The countdown starts once the code is sent; before that the outbox may not hold it yet.
    await bind.getByRole('button', { name: /秒后重发/ }).waitFor();
    await bind.getByLabel('验证码', { exact: true }).fill(await outboxCode(app(), number));
    await bind.getByRole('checkbox').check();
    await bind.getByRole('button', { name: '绑定并登录' }).click();
    // The number was new: the account it made is offered the registration, as any new account is.
    await skipRegistration(page);
    await page.context().close();
  });

  it('WeChat: to WeChat with a WeChat state, back with a code, then the bind-phone state', async () => {
    wechat.scanAs('wei');
    const page = await openPage(browser, app(), '/');
    const dialog = await openDialog(page);
    const authorize = await pressAndFollow(page, dialog, '使用 微信 继续', wechat.url);
    expect(authorize.pathname).toBe('/connect/qrconnect');
    expect(authorize.searchParams.get('state')).toMatch(/^wechat[0-9a-f]{32}$/);
    await page.getByRole('dialog').getByRole('heading', { name: '绑定手机号' }).waitFor();
    await page.context().close();
  });
});
