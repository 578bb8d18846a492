import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  javaResult,
  outboxCode,
  PHONE,
  type RunningApp,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

// The shared app rolls up every second, so the pages show a visit a moment after it happens.
const running = sharedAppAndBrowser();

type LoginAnswer = { token: string; user: { uid: number; username: string } };

async function signInAdmin(): Promise<Account> {
  const login = await javaResult<LoginAnswer>(running.app, 'POST', '/login/V2/mobileOrNameToLogin', {
    mobileOrEmail: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  return { uid: login.user.uid, username: login.user.username, token: login.token };
}

let serial = 0;
const newMobile = () => `137${String(Date.now() + serial++).slice(-8)}`;

/** An account made by the old layout's mobile code login, as the dialog on this channel does. */
async function registerByMobile(app: RunningApp, mobile: string): Promise<Account> {
  await javaResult(app, 'POST', '/login/sendVerificationCode', { mobile });
  const login = await javaResult<LoginAnswer>(app, 'POST', '/login/checkCode', {
    mobile,
    checkCode: await outboxCode(app, mobile),
  });
  return { uid: login.user.uid, username: login.user.username, token: login.token };
}

/** Logs in by mobile code in the open login dialog (the default channel's old layout). */
async function logInInDialog(page: Page, app: RunningApp, mobile: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('手机号').fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByRole('button', { name: /秒后重发/ }).waitFor();
  await dialog.getByLabel('验证码', { exact: true }).fill(await outboxCode(app, mobile));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
}

/** The administrator opens a promotion channel for its owner. */
const createChannel = (admin: Account, owner: Account, id: string, name: string) =>
  javaResult(running.app, 'POST', '/channel/admin/create', { ownerId: owner.uid, id, name }, admin.token);

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

describe('promotion channels in headless Chromium', () => {
  it('a visitor through a channel link signs up and recharges; its promoter sees it on every channel page, another promoter does not', async () => {
    const app = running.app;
    const admin = await signInAdmin();
    const promoterMobile = newMobile();
    const promoter = await registerByMobile(app, promoterMobile);
    const rival = await registerByEmail(app, `rival-${Date.now()}@example.com`);
    for (const [owner, id, name] of [
      [promoter, 'e2e-spring', 'Spring campaign'],
      [rival, 'e2e-rival', 'Rival campaign'],
    ] as const)
      await createChannel(admin, owner, id, name);

    // The visitor arrives through the link, signs up in the login dialog and recharges 10 RMB.
    const visitor = await newContext(running.browser, app, { viewport: PHONE });
    const landing = await openIn(visitor, app, '/?channel=e2e-spring');
    await expect.poll(() => cookie(visitor, 'promotionChannelId'), { timeout: 15_000 }).toBe('e2e-spring');
    await landing.getByRole('banner').getByRole('button', { name: /登录/ }).click();
    await logInInDialog(landing, app, newMobile());
    await landing.getByRole('dialog').getByRole('button', { name: '跳过' }).click();
    await landing.getByRole('button', { name: /账号菜单/ }).waitFor();
    const fan = JSON.parse(decodeURIComponent((await cookie(visitor, 'userInfo')) ?? '{}')) as {
      username: string;
    };
    const token = (await cookie(visitor, 'token')) ?? '';
    const { order } = await javaResult<{ order: { orderNo: string } }>(
      app,
      'POST',
      '/orderpay/payByAlipay',
      { product: 'coins', rmb: 10 },
      token,
    );
    const checkout = await openIn(visitor, app, `/pay/sandbox/${order.orderNo}`);
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.getByRole('status').getByText('已确认支付').waitFor();
    await visitor.close();

    // The roll-up counts it.
    await expect
      .poll(
        async () =>
          (
            await javaResult<{ registrations: number; recharges: number }[]>(
              app,
              'GET',
              '/channel/list?days=7',
              undefined,
              promoter.token,
            )
          )[0],
        { timeout: 15_000 },
      )
      .toMatchObject({ visits: 1, registrations: 1, recharges: 1 });

    const desk = await newContext(running.browser, app, { account: promoter, viewport: DESKTOP });
    const overview = await openIn(desk, app, '/channel');
    const row = overview.getByTestId('channel-list').getByRole('row', { name: /Spring campaign/ });
    await row.getByText('¥10.00').waitFor();
    await row.getByText('/?channel=e2e-spring').waitFor();
    expect(await axeViolations(overview, 'main')).toEqual([]);
    await shot(overview, 'channels-overview-desktop');

    const statistics = await openIn(desk, app, '/channel/statistical?days=14');
    await statistics.locator('canvas').first().waitFor();
    await statistics.getByTestId('channel-tiles').getByText('¥10.00').waitFor();
    expect(await statistics.getByTestId('channel-days').locator('tbody tr').count()).toBe(14);
    expect(await axeViolations(statistics, 'main')).toEqual([]);
    await shot(statistics, 'channels-statistical-desktop');

    const users = await openIn(desk, app, '/channel/user');
    await users.getByTestId('channel-users').getByText(fan.username).waitFor();
    expect(await axeViolations(users, 'main')).toEqual([]);
    const gold = await openIn(desk, app, '/channel/gold?days=30');
    await gold.getByTestId('channel-gold').getByText(fan.username).waitFor();
    expect(await axeViolations(gold, 'main')).toEqual([]);
    const water = await openIn(desk, app, '/channel/water');
    await water.getByTestId('channel-water').getByText('注册奖励').first().waitFor();
    expect(await axeViolations(water, 'main')).toEqual([]);
    await shot(water, 'channels-water-desktop');
    const download = await Promise.all([
      water.waitForEvent('download'),
      water.getByRole('link', { name: '导出CSV' }).click(),
    ]);
    expect(download[0].suggestedFilename()).toBe('channel-water-7d.csv');
    await desk.close();

    // Another promoter sees only their own channel, and not the first one even by its name.
    const other = await newContext(running.browser, app, { account: rival, viewport: PHONE });
    const theirs = await openIn(other, app, '/channel');
    const list = theirs.getByTestId('channel-list');
    await list.getByText('Rival campaign').waitFor();
    expect(await list.getByText('Spring campaign').count()).toBe(0);
    await shot(theirs, 'channels-overview-phone');
    expect(await pageOverflow(theirs)).toBe(0);
    const asked = await openIn(other, app, '/channel/user?channelId=e2e-spring');
    await asked.getByText('404', { exact: true }).waitFor();
    expect(await asked.getByText(fan.username).count()).toBe(0);
    await other.close();
  });

  it('a visitor through a channel link installs the app from /download; its promoter sees the download', async () => {
    const app = running.app;
    const admin = await signInAdmin();
    const promoter = await registerByMobile(app, newMobile());
    await createChannel(admin, promoter, 'e2e-install', 'Install campaign');

    const visitor = await newContext(running.browser, app, { viewport: PHONE });
    await openIn(visitor, app, '/?channel=e2e-install');
    await expect.poll(() => cookie(visitor, 'promotionChannelId'), { timeout: 15_000 }).toBe('e2e-install');
    const download = await openIn(visitor, app, '/download');
    // Headless Chromium never offers an install (its contexts are incognito), so the test plays
    // the browser: it hands the page an install prompt that the visitor accepts, and then says
    // the app is installed, as Chromium does with `beforeinstallprompt` and `appinstalled`.
    await download.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        async prompt() {
          window.dispatchEvent(new Event('appinstalled'));
          return { outcome: 'accepted' };
        },
      });
      window.dispatchEvent(offer);
    });
    await download.getByRole('button', { name: '安装App' }).click();
    await download.getByText('本设备已安装App。').waitFor();
    await visitor.close();

    // The promoter's overview: one visit, no registration, one download.
    await expect
      .poll(
        async () =>
          (
            await javaResult<{ downloads: number }[]>(
              app,
              'GET',
              '/channel/list?days=7',
              undefined,
              promoter.token,
            )
          )[0]?.downloads,
        { timeout: 15_000 },
      )
      .toBe(1);
    const desk = await newContext(running.browser, app, { account: promoter, viewport: DESKTOP });
    const overview = await openIn(desk, app, '/channel');
    const row = overview.getByTestId('channel-list').getByRole('row', { name: /Install campaign/ });
    // Visits, registered visits, registrations, downloads.
    expect((await row.getByRole('cell').allTextContents()).slice(0, 4)).toEqual(['1', '0', '0', '1']);
    await desk.close();
  });

  it('shows the demo promoter’s month with charts at phone width, and refuses a user who is not a promoter', async () => {
    const app = running.app;
    // The demo is seeded by a leader job just after the start.
    const demoLogin = () =>
      javaResult<LoginAnswer>(app, 'POST', '/login/V2/mobileOrNameToLogin', {
        name: 'DemoPromoter',
        password: 'promoter2026',
      });
    await expect
      .poll(
        () =>
          demoLogin().then(
            () => true,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const demo = await demoLogin();
    const context = await newContext(running.browser, app, {
      account: { uid: demo.user.uid, username: demo.user.username, token: demo.token },
      viewport: PHONE,
    });
    const page = await openIn(context, app, '/channel/statistical?days=30');
    await page.locator('canvas').first().waitFor();
    expect(await pageOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'channels-statistical-phone');
    await context.close();

    const fan = await registerByEmail(app, `plain-${Date.now()}@example.com`);
    const plain = await newContext(running.browser, app, { account: fan });
    const refused = await openIn(plain, app, '/channel/gold');
    await refused.getByText('403', { exact: true }).waitFor();
    await plain.close();
  });

  it('a guest who logs in from the channel page gets /channel in a new tab, opened by the login click', async () => {
    const app = running.app;
    const admin = await signInAdmin();
    const mobile = newMobile();
    // The owner was made by a code just now, so this login is by the password they then chose:
    // a second code to the same number within the minute would be refused.
    const owner = await registerByMobile(app, mobile);
    await javaResult(app, 'POST', '/user/V2/modifyUser', { password: 'promote2026' }, owner.token);
    await createChannel(admin, owner, 'e2e-tab', 'Tab');
    const guest = await newContext(running.browser, app);
    const page = await openIn(guest, app, '/channel');
    await page.getByRole('main').getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByLabel('手机号、邮箱或用户名').fill(mobile);
    await dialog.getByRole('checkbox').check();

    // A wrong password: the tab the click opened closes again, and the dialog says why.
    await dialog.getByLabel('密码', { exact: true }).fill('wrong2026');
    const [blank] = await Promise.all([
      guest.waitForEvent('page'),
      dialog.getByRole('button', { name: '登录', exact: true }).click(),
    ]);
    await dialog.getByText('密码错误').waitFor();
    // It may have closed before this line runs, so the state is asked for, not the event.
    await expect.poll(() => blank.isClosed()).toBe(true);

    const [tab] = await Promise.all([
      guest.waitForEvent('page'),
      (async () => {
        await dialog.getByLabel('密码', { exact: true }).fill('promote2026');
        await dialog.getByRole('button', { name: '登录', exact: true }).click();
      })(),
    ]);
    await tab.waitForURL(`${app.url}/channel`);
    // Signed in there too: the promoter's own channel is listed.
    await tab
      .getByTestId('channel-list')
      .getByRole('row', { name: /Tab/ })
      .waitFor()
      .catch(async (error: Error) => {
        await shot(tab, 'channel-login-new-tab-failed');
        const shown = (await tab.locator('main').textContent()) ?? '';
        const cookies = (await guest.cookies()).map((c) => c.name).join(', ');
        throw new Error(
          `${error.message.split('\n')[0]}; ${tab.url()} showed: ${shown.slice(0, 400)}; cookies: ${cookies}`,
        );
      });
    await shot(tab, 'channel-login-new-tab');
    expect(guest.pages()).toHaveLength(2);
    await guest.close();
  });
});
