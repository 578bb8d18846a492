import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './browser';
import {
  DESKTOP,
  launchBrowser,
  outboxCode,
  PHONE,
  type RunningApp,
  SCREENSHOTS,
  sharedApp,
  shot,
  startApp,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Starts the built app on a channel for the tests of one describe block. */
function appOn(channel: string) {
  const state: { app?: RunningApp } = {};
  beforeAll(async () => {
    // The dialog needs no scores: without a feed no fill shares the machine with the browser.
    state.app = await startApp({ PRODUCT_CHANNEL: channel, SCORE_FEED: 'none' });
  });
  afterAll(async () => {
    await state.app?.stop();
  });
  return () => state.app as RunningApp;
}

const open = (
  app: RunningApp,
  url: string,
  viewport = DESKTOP,
  locale = 'zh-CN',
  colorScheme: 'light' | 'dark' = 'light',
) => openPage(browser, app, url, { viewport, locale, colorScheme });

async function openDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /登录/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

describe('the new layout on fifa48', () => {
  const app = appOn('fifa48');

  it('registers by email code, sets a username and password, logs out and logs in by password', async () => {
    const page = await open(app(), '/', PHONE);
    const dialog = await openDialog(page);
    await expect(dialog.getByRole('heading', { name: '登录或注册' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: '使用 X 继续' }).count()).resolves.toBe(0);
    await expect(dialog.getByRole('button', { name: '使用 Apple 继续' }).count()).resolves.toBe(0);
    expect(await scrollLocked(page)).toBe(true);
    await shot(page, 'login-new-methods-phone', false);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: '手机号、邮箱或用户名' }).click();
    const email = `fan${Date.now()}@example.com`;
    await dialog.getByLabel('邮箱', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('请输入正确的邮箱地址').waitFor();
    await dialog.getByLabel('邮箱', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const countdown = dialog.getByRole('button', { name: /秒后重发/ });
    await countdown.waitFor();
    await expect(countdown.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('验证码').fill(await outboxCode(app(), email));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByText('请同意用户协议和隐私政策').waitFor();
    await shot(page, 'login-new-code-phone', false);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();

    await dialog.getByRole('heading', { name: '完善账号信息' }).waitFor();
    const tokenCookie = async () => (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    const firstToken = await tokenCookie();
    expect(firstToken).toBeTruthy();
    const username = `fan${Date.now() % 1_000_000}x`;
    await dialog.getByLabel('用户名').fill(username);
    await dialog.getByLabel('密码').fill('short');
    await dialog.getByRole('button', { name: '注册' }).click();
    await dialog.getByText('密码至少8位，且须同时包含字母和数字').waitFor();
    await dialog.getByLabel('密码').fill('goal2026win');
    await shot(page, 'login-new-register-phone', false);
    await dialog.getByRole('button', { name: '注册' }).click();

    await page.getByRole('status').getByText('登录成功').waitFor();
    const menu = page.getByRole('button', { name: `账号菜单：${username}` });
    await menu.waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await scrollLocked(page)).toBe(false);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')?.sameSite).toBe('Lax');
    // Set by the server, out of reach of the page's scripts.
    expect(cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )token=/);
    const userCookie = cookies.find((c) => c.name === 'userInfo');
    expect(JSON.parse(decodeURIComponent(userCookie?.value ?? '{}'))).toMatchObject({ username });
    // The login with the chosen password replaced the first one, by code, which has ended.
    expect(await tokenCookie()).not.toBe(firstToken);
    const withFirstToken = await page.evaluate(
      async (token) => (await fetch('/java/user/info', { headers: { token } })).json(),
      firstToken ?? '',
    );
    expect(withFirstToken).toMatchObject({ status: 'fail', errorCode: 3001 });
    await shot(page, 'login-signed-in-phone', false);

    await page.evaluate(() => {
      document.cookie = 'lang=zh_CN; path=/';
    });
    await menu.click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('banner').getByRole('button', { name: '登录' }).waitFor();
    const after = await page.context().cookies();
    expect(after.map((c) => c.name)).not.toContain('token');
    expect(after.map((c) => c.name)).not.toContain('userInfo');
    expect(after.map((c) => c.name)).toContain('lang');

    await openDialog(page);
    await dialog.getByRole('button', { name: '手机号、邮箱或用户名' }).click();
    await dialog.getByRole('button', { name: '密码登录' }).click();
    await dialog.getByLabel('邮箱或用户名').fill(username);
    await dialog.getByLabel('密码').fill('goal2026win');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await menu.waitFor();
    await page.context().close();
  });

  it('resets panels, message and countdown when closed, and closes on Escape', async () => {
    const page = await open(app(), '/about', DESKTOP);
    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: '手机号、邮箱或用户名' }).click();
    await dialog.getByRole('button', { name: '手机号', exact: true }).click();
    await expect(dialog.getByLabel('国家或地区区号').inputValue()).resolves.toBe('CN');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('请输入手机号').waitFor();
    await shot(page, 'login-new-phone-desktop', false);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDialog(page);
    await expect(dialog.getByRole('button', { name: '手机号、邮箱或用户名' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(dialog.getByText('请输入手机号').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: '以游客身份继续' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('works in Arabic, right to left', async () => {
    const page = await open(app(), '/ar/', PHONE, 'ar');
    await page.getByRole('banner').getByRole('button', { name: 'تسجيل الدخول' }).click();
    const dialog = page.getByRole('dialog', { name: 'سجّل الدخول أو أنشئ حسابًا' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await shot(page, 'login-new-methods-ar-phone', false);
    await page.context().close();
  });
});

describe('the new layout on baxi', () => {
  const app = appOn('baxi');

  it('offers no third party that is not set up, in dark mode', async () => {
    const page = await open(app(), '/en_US/', DESKTOP, 'en-US', 'dark');
    await page.getByRole('banner').getByRole('button', { name: 'Log in / Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: /^Continue with/ }).allTextContents()).resolves.toEqual(
      [],
    );
    await shot(page, 'login-new-methods-dark-desktop', false);
    expect(await axeViolations(page, '[role=dialog]')).toEqual([]);
    await page.context().close();
  });
});

describe('the old layout on the default channel', () => {
  // The shared app runs on the default channel.
  const app = sharedApp;

  it('logs in by code with a China mobile number', async () => {
    const page = await open(app(), '/', PHONE);
    const dialog = await openDialog(page);
    await expect(dialog.getByRole('tab', { name: '验证码登录' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('tab', { name: '密码登录' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: '手机号、邮箱或用户名' }).count()).resolves.toBe(0);
    await shot(page, 'login-old-phone', false);
    expect(await axeViolations(page)).toEqual([]);

    const phone = dialog.getByLabel('手机号');
    await phone.fill('123456789012345');
    await expect(phone.inputValue()).resolves.toBe('12345678901');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('请输入正确的手机号').waitFor();
    const number = `139${String(Date.now()).slice(-8)}`;
    await phone.fill(number);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: '60 秒后重发' }).waitFor();
    await dialog.getByLabel('验证码', { exact: true }).fill(await outboxCode(app(), number));
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByRole('button', { name: '跳过' }).click();
    await page.getByRole('button', { name: /账号菜单/ }).waitFor();
    await page.context().close();
  });

  it('checks each field of the change-password form with its own message', async () => {
    const page = await open(app(), '/', DESKTOP);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByRole('button', { name: '忘记密码？' }).click();
    await dialog.getByRole('heading', { name: '修改密码' }).waitFor();
    const submit = dialog.getByRole('button', { name: '确认' });
    await submit.click();
    await dialog.getByText('请输入手机号').waitFor();
    await dialog.getByLabel('手机号').fill('13800138000');
    await submit.click();
    await dialog.getByText('请输入验证码').waitFor();
    await dialog.getByLabel('验证码', { exact: true }).fill('123456');
    await submit.click();
    await dialog.getByText('密码不能为空').waitFor();
    await dialog.getByLabel('新密码').fill('onlyletters');
    await submit.click();
    await dialog.getByText('密码至少8位，且须同时包含字母和数字').waitFor();
    await shot(page, 'login-old-change-password-desktop', false);
    await page.context().close();
  });

  it('recognises a provider callback on page load and strips the query', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    const exchanged = page.waitForRequest((request) =>
      request.url().includes('/java/login/lineGetTokenByCode'),
    );
    await page.goto(`${app().url}/about?code=abc`);
    expect(new URL((await exchanged).url()).searchParams.get('code')).toBe('abc');
    await page.waitForURL(`${app().url}/about`);
    await context.close();
  });
});
