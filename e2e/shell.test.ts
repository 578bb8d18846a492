import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage, pageOverflow } from './browser';
import { DESKTOP, PHONE, SCREENSHOTS, sharedAppAndBrowser } from './harness';

const running = sharedAppAndBrowser();

const open = (path: string, viewport = DESKTOP, locale = 'zh-CN') =>
  openPage(running.browser, running.app, path, { viewport, locale });

describe('the page shell in headless Chromium', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'shows the home page on a %s with no serious accessibility problems',
    async (name, viewport) => {
      const page = await open('/', viewport);
      expect(page.url()).toBe(`${running.app.url}/`);
      await expect(page.locator('h1').first().textContent()).resolves.toBe(
        '每一场比赛，每一款游戏，实时呈现',
      );
      await expect(page.getByText('本站直播流均来自互联网').isVisible()).resolves.toBe(true);
      const tabBar = page.getByRole('navigation', { name: '栏目' });
      expect(await tabBar.isVisible()).toBe(name === 'phone');
      await page.screenshot({ path: path.join(SCREENSHOTS, `home-${name}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );

  it('switches language: the cookie is set and the same page opens in the new language', async () => {
    const page = await open('/about');
    await page.getByRole('button', { name: /语言/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForURL(`${running.app.url}/en_US/about`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en-US');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en_US');
    await expect(page.getByRole('link', { name: 'Home', exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await page.context().close();
  });

  it('lays Arabic out right to left', async () => {
    const page = await open('/ar/', PHONE, 'ar');
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home-ar-phone.png') });
    await page.context().close();
  });

  it('shows the network-problem page when the site cannot be reached', async () => {
    const page = await open('/en_US/');
    // A link to another view of the same page: its code is here, only its data is fetched.
    const yesterday = page
      .getByRole('navigation', { name: 'Score views' })
      .getByRole('link', { name: 'Yesterday', exact: true });
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await yesterday.click();
    await expect(page.getByRole('heading', { name: 'network problem' }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByTestId('network-problem-image').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'network-problem.png') });
    await page.context().close();
  });

  it('shows the 404 page with a way home', async () => {
    const page = await open('/en_US/nowhere', PHONE);
    await expect(
      page.getByRole('heading', { name: 'This page could not be found' }).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${running.app.url}/en_US`);
    await page.context().close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const page = await open('/en_US/');
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: dark ? 'Switch to light theme' : 'Switch to dark theme' }).click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!dark);
    await page.context().close();
  });
});
