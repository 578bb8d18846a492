import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  DESKTOP,
  javaResult,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

/** A browser context, signed in when given an account; a phone unless told. */
const signedIn = (account: Account | null, viewport = PHONE, locale = 'zh-CN') =>
  newContext(running.browser, running.app, { viewport, locale, account });

const open = (context: BrowserContext, pathname: string) => openIn(context, running.app, pathname);

describe('the user centre in headless Chromium', () => {
  let fan: Account;
  let star: Account;
  beforeAll(async () => {
    fan = await registerByEmail(running.app, `fan-${Date.now()}@example.com`);
    star = await registerByEmail(running.app, `star-${Date.now()}@example.com`);
    await javaResult(running.app, 'POST', '/user/modifyUser', { signature: '每一球都算数' }, star.token);
  });

  it('invites a guest to log in, and the button opens the login dialog', async () => {
    const context = await signedIn(null);
    const page = await open(context, '/userInfo/setting');
    await page.getByRole('heading', { name: '登录后即可使用个人中心' }).waitFor();
    await shot(page, 'user-guest-phone');
    await page.getByRole('main').getByRole('button', { name: '登录 / 注册' }).click();
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('sessionState') ?? '{}'));
    expect(state.showModel).toBe(true);
    await context.close();
  });

  it('on a phone: the personal page lists the sub-views, the signature is edited and an avatar uploaded', async () => {
    const context = await signedIn(fan);
    const page = await open(context, '/userInfo');
    await page.getByRole('heading', { name: fan.username }).waitFor();
    const list = page.getByRole('navigation', { name: '个人中心' }).last();
    expect(await list.isVisible()).toBe(true);
    await expect(page.getByText('200', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'user-home-phone');

    await list.getByRole('link', { name: /基本资料/ }).click();
    await page.getByRole('heading', { name: '基本资料', level: 1 }).waitFor();
    await page.getByLabel('个性签名').fill('周末只看比赛');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('status').getByText('保存成功').waitFor();

    // A landscape picture, red on its left half and blue on its right.
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1565c0' } })
      .composite([
        {
          input: await sharp({ create: { width: 320, height: 480, channels: 3, background: '#c62828' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
    // The crop dialog: dragging the picture right keeps its left, red, side in the square.
    const crop = page.getByRole('dialog', { name: '裁剪图片' });
    const frame = crop.getByTestId('crop-frame');
    await frame.locator('img').waitFor();
    await expect
      .poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.style.width))
      .not.toBe('');
    const box = await frame.boundingBox();
    if (!box) throw new Error('no crop frame');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await shot(page, 'user-avatar-crop-phone');
    await crop.getByRole('button', { name: '确认' }).click();
    const avatar = page.getByRole('img', { name: `${fan.username} 的头像` });
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    await page.getByRole('status').getByText('已上传').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'user-info-phone');

    const saved = await javaResult<{ signature: string; avatar: string }>(
      running.app,
      'GET',
      '/user/info',
      undefined,
      fan.token,
    );
    expect(saved).toMatchObject({ signature: '周末只看比赛', avatar: expect.stringMatching(/^\/uploads\//) });
    const served = await fetch(running.app.url + saved.avatar);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    // Two thirds of the cropped square are the red half.
    const [red, , blue] = (await sharp(Buffer.from(await served.arrayBuffer())).stats()).channels;
    expect((red?.mean ?? 0) - (blue?.mean ?? 0)).toBeGreaterThan(40);

    // A GIF is refused with the rule, in the page language, before anything is sent.
    const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: gif });
    await page.getByRole('alert').getByText('头像').waitFor();
    await context.close();
  });

  it('on a desktop: tabs, another user’s public profile with the follow button, follows and settings', async () => {
    const context = await signedIn(fan, DESKTOP);
    const page = await open(context, `/userInfo/${star.uid}`);
    await page.getByRole('heading', { name: star.username }).waitFor();
    await expect(page.getByText('每一球都算数').isVisible()).resolves.toBe(true);
    const html = await page.content();
    expect(html).not.toContain('@example.com');
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await page.getByRole('button', { name: '已关注' }).waitFor();
    await shot(page, 'user-profile-desktop');

    const centre = await open(context, '/userInfo');
    const tabs = centre.getByRole('navigation', { name: '个人中心' }).first();
    expect(await tabs.isVisible()).toBe(true);
    await tabs.getByRole('link', { name: '我的关注' }).click();
    await centre.getByRole('link', { name: star.username }).waitFor();
    await shot(centre, 'user-focus-desktop');

    await tabs.getByRole('link', { name: '偏好设置' }).click();
    await centre.getByText('足球', { exact: true }).click();
    await centre.getByRole('switch', { name: '隐藏比分' }).click();
    await centre.getByRole('button', { name: '保存偏好' }).click();
    await centre.getByRole('status').getByText('保存成功').waitFor();
    await shot(centre, 'user-preferences-desktop');
    expect(
      await javaResult(running.app, 'GET', '/user/getUserDataStatus', undefined, fan.token),
    ).toMatchObject({
      favouriteGames: [202],
      hideScores: true,
    });

    await tabs.getByRole('link', { name: '账号设置' }).click();
    await centre.getByRole('heading', { name: '账号安全中心' }).waitFor();
    await expect(centre.getByText(/\*\*\*@example\.com/).isVisible()).resolves.toBe(true);
    await centre.getByRole('button', { name: '注销我的账号' }).click();
    const dialog = centre.getByRole('dialog');
    await dialog.getByText('金币余额：200').waitFor();
    await shot(centre, 'user-closure-dialog-desktop');
    await centre.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(false);
    await shot(centre, 'user-setting-desktop');
    await context.close();
  });

  it('speaks the page language: English settings on a phone', async () => {
    const context = await signedIn(star, PHONE, 'en-US');
    const page = await open(context, '/en_US/userInfo/setting');
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to personal page' }).isVisible()).resolves.toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'user-setting-en-phone');
    const fans = await open(context, '/en_US/userInfo/focus?tab=fans');
    await fans.getByRole('link', { name: fan.username }).waitFor();
    await shot(fans, 'user-fans-en-phone');
    await context.close();
  });
});
