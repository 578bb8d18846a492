import { describe, expect, it, onTestFinished } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  callJava,
  DESKTOP,
  javaResult,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

describe('the wallet in headless Chromium', () => {
  it('recharges 200 RMB through the sandbox checkout, shows the pushed balance, then buys VIP with coins', async () => {
    const fan = await registerByEmail(running.app, `wallet-${Date.now()}@example.com`);
    const context = await newContext(running.browser, running.app, { viewport: DESKTOP, account: fan });
    const page = await openIn(context, running.app, '/userInfo/water');
    const coins = page.getByTestId('coin-balance');
    expect(await coins.textContent()).toBe('200');

    await page.getByRole('button', { name: '充值', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /2,000 金币/ }).check();
    await dialog.getByRole('radio', { name: '支付宝' }).check();
    await shot(page, 'wallet-recharge-dialog');
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: /^支付/ }).click(),
    ]);
    await dialog.getByText('等待支付确认…').waitFor();
    await checkout.waitForLoadState('networkidle');
    await checkout.getByText('¥200.00').waitFor();
    await shot(checkout, 'wallet-sandbox-checkout');
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.getByRole('status').getByText('已确认支付').waitFor();

    // The open page learns the result over payWs: no reload, no navigation.
    await expect.poll(() => coins.textContent(), { timeout: 10_000 }).toBe('2,200');
    await dialog.getByText('支付成功，余额已更新。').waitFor();
    await shot(page, 'wallet-recharge-paid');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await page.getByRole('combobox', { name: '类型' }).selectOption('recharge');
    await page.getByRole('button', { name: '筛选' }).click();
    await page.getByText('+2,000').waitFor();

    await page.goto(`${running.app.url}/userInfo/vip`, { waitUntil: 'networkidle' });
    await page.getByTestId('membership-state').getByText('您还不是会员').waitFor();
    await page.getByRole('button', { name: '开通VIP' }).click();
    const vip = page.getByRole('dialog');
    await vip.getByText('300 金币').waitFor();
    await shot(page, 'wallet-vip-dialog');
    await vip.getByRole('button', { name: '使用金币支付' }).click();
    await page.getByTestId('membership-badge').getByText('VIP').waitFor();
    await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('1,900');
    await page
      .getByTestId('membership-state')
      .getByText(/VIP 有效期至/)
      .waitFor();
    await shot(page, 'wallet-vip-bought');
    await context.close();
  }, 120_000);

  it('fits a phone screen: details and my VIP', async () => {
    const fan = await registerByEmail(running.app, `phone-wallet-${Date.now()}@example.com`);
    const context = await newContext(running.browser, running.app, { viewport: PHONE, account: fan });
    for (const [pathname, name] of [
      ['/userInfo/water', 'wallet-water-phone'],
      ['/userInfo/vip', 'wallet-vip-phone'],
    ]) {
      const page = await openIn(context, running.app, pathname as string);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, name as string);
    }
    const page = await openIn(context, running.app, '/userInfo/water');
    await page.getByRole('button', { name: '充值', exact: true }).click();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'wallet-recharge-dialog-phone');
    await context.close();
  }, 60_000);

  it('lets the administrator change a package price in the console', async () => {
    const login = await callJava(running.app, 'POST', '/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const { user, token } = login.result as { user: { uid: number; username: string }; token: string };
    // The app is every file's: the prices are set back once this test has seen them change.
    const before = await javaResult(running.app, 'GET', '/admin/memberships/prices', undefined, token);
    onTestFinished(async () => {
      await javaResult(running.app, 'POST', '/admin/memberships/prices', before, token);
    });
    const context = await newContext(running.browser, running.app, {
      viewport: DESKTOP,
      account: { uid: user.uid, username: user.username, token },
    });
    const page = await openIn(context, running.app, '/admin/memberships');
    await page.getByRole('spinbutton', { name: 'VIP 1', exact: true }).fill('250');
    await page.getByRole('button', { name: '保存价格' }).click();
    await page.getByRole('status').getByText('价格已保存').waitFor();
    await shot(page, 'wallet-admin-prices');
    const list = await javaResult<{ tier: string; months: number; coins: number }[]>(
      running.app,
      'GET',
      '/orderpay/vip/list',
    );
    expect(list[0]).toMatchObject({ tier: 'vip', months: 1, coins: 250 });
    await context.close();
  }, 60_000);
});
