import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  callJava,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

/** The desktop width the mall's screens are checked at. */
const DESKTOP = { width: 1366, height: 900 };

const running = sharedAppAndBrowser();
let admin: Account;
let scarfId: number;

const api = (method: 'GET' | 'POST', url: string, body?: object, token?: string) =>
  callJava(running.app, method, url, body, token);

beforeAll(async () => {
  const login = await api('POST', '/login/V2/mobileOrNameToLogin', {
    mobileOrEmail: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  admin = { uid: login.result.user.uid, username: login.result.user.username, token: login.result.token };
  const scarf = await api(
    'POST',
    '/admin/mall/goods',
    {
      name: '熊猫围巾',
      description: '<p>冬季针织围巾。</p>',
      images: [],
      category: 'physical',
      priceCoins: 100,
      inventory: 5,
      onShelf: true,
    },
    admin.token,
  );
  scarfId = scarf.result.id;
});

async function signedIn(who: Account, path: string, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(running.browser, running.app, { viewport, account: who });
  return openIn(context, running.app, path);
}

describe('the coin mall in headless Chromium', () => {
  it('a user exchanges a physical item, an admin ships it with a tracking number, the user sees it redeemed', async () => {
    const fan = await registerByEmail(running.app, `mall-${Date.now()}@example.com`);
    const page = await signedIn(fan, `/mall/details/${scarfId}`);
    await page.getByRole('button', { name: '立即兑换' }).click();
    // Without recipient, address and contact the page says what each needs, before any confirmation.
    await page.getByText('请填写收件人').waitFor();
    await page.getByText('请填写联系电话').waitFor();
    await page.getByText('请填写收货地址').waitFor();
    expect(await page.locator('input[name="recipient"][aria-invalid="true"]').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'mall-details-refused');
    const dialog = page.getByRole('dialog');

    await page.getByLabel('收件人').fill('李雷');
    await page.getByLabel('联系电话').fill('13800000000');
    await page.getByLabel('收货地址').fill('成都市熊猫大道 1 号');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await dialog.getByRole('button', { name: '确认兑换' }).click();
    await page.getByRole('status').getByText('兑换成功').waitFor();
    await shot(page, 'mall-details-exchanged');
    const orders = await api('GET', '/user/order/list', undefined, fan.token);
    const orderNo: string = orders.result.list[0].orderNo;

    const desk = await signedIn(admin, '/admin/mall/orders');
    // The shared review queue: each move is confirmed in a dialog; shipping asks for the tracking number.
    const queued = desk.locator(`[data-key="${orderNo}"]`);
    await queued.getByRole('button', { name: '通过审核' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: '通过审核' }).click();
    await queued.waitFor({ state: 'detached' });
    await desk.goto(`${running.app.url}/admin/mall/orders?status=exchanging`, { waitUntil: 'networkidle' });
    const approved = desk.locator(`[data-key="${orderNo}"]`);
    await approved.getByRole('button', { name: '发货' }).click();
    const shipping = desk.getByRole('dialog');
    const ship = shipping.getByRole('button', { name: '发货' });
    await expect(ship.isDisabled()).resolves.toBe(true);
    await shipping.getByRole('textbox', { name: '快递单号' }).fill('SF1234567890');
    await shot(desk, 'mall-admin-fulfilment', false);
    await ship.click();
    await approved.waitFor({ state: 'detached' });

    await page.goto(`${running.app.url}/userInfo/myOrder`, { waitUntil: 'networkidle' });
    const mine = page.locator(`[data-order="${orderNo}"]`);
    await mine.locator('[data-status="redeemed"]').first().waitFor();
    expect(await mine.getByTestId('tracking').textContent()).toBe('SF1234567890');
    await mine.getByText('状态记录').click();
    expect(await mine.locator('ol [data-status]').allTextContents()).toEqual(['审核中', '兑换中', '已兑换']);
    await shot(page, 'mall-my-orders');
    await page.context().close();
    await desk.context().close();
  }, 120_000);

  it('a user opens a blind box and verifies it on the verification page', async () => {
    const fan = await registerByEmail(running.app, `box-${Date.now()}@example.com`);
    const page = await signedIn(fan, '/mall/blindBox');
    const hash = await page.getByTestId('seed-hash').textContent();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // No address before the draw: only a prize that ships asks for one.
    expect(await page.getByLabel('收件人').count()).toBe(0);
    await page.getByRole('button', { name: '开启', exact: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: '开启' }).click();
    const won = page.getByTestId('won');
    await won.waitFor();
    await shot(page, 'mall-blind-box-won');
    await page.getByRole('button', { name: '公开种子' }).click();
    await expect.poll(() => page.getByTestId('seed-hash').textContent()).not.toBe(hash);
    await won.getByRole('link', { name: '验证' }).click();
    const verdict = page.getByTestId('verification');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-state')).toBe('verified');
    await shot(page, 'mall-verify');
    await page.context().close();
  }, 120_000);

  it('shows the mall, a product, the blind box and the user pages at phone and desktop width', async () => {
    const fan = await registerByEmail(running.app, `look-${Date.now()}@example.com`);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const screens: [string, string][] = [
        ['mall', '/mall'],
        ['details', `/mall/details/${scarfId}`],
        ['box', '/mall/blindBox'],
        ['verify', '/mall/blindBox/verify?openingId=1'],
        ['exchange', '/userInfo/exchange'],
        ['orders', '/userInfo/myOrder'],
      ];
      for (const [screen, path] of screens) {
        const page = await signedIn(fan, path, viewport);
        expect(await pageOverflow(page), `${screen} at ${name}`).toBe(0);
        await shot(page, `mall-${screen}-${name}`);
        await page.context().close();
      }
    }
    for (const path of ['/admin/mall/goods', '/admin/mall/orders', '/admin/mall/boxes']) {
      const page = await signedIn(admin, path);
      await shot(page, `mall-admin-${path.split('/').pop()}`);
      await page.context().close();
    }
  }, 180_000);
});
