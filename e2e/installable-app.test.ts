import { describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { PHONE, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();

describe('the installable app in headless Chromium', () => {
  it('meets the browser’s install criteria: a valid manifest and a service worker in control', async () => {
    const page = await openPage(running.browser, running.app, '/en_US/download', {
      viewport: PHONE,
      locale: 'en-US',
    });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${running.app.url}/`);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A test browser's context is incognito, where nothing installs; everything else must pass.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    const manifest = await cdp.send('Page.getAppManifest', {});
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${running.app.url}/manifest.webmanifest?locale=en_US`);
    await page.context().close();
  });

  it('shows the offline page in the visitor’s language when a page cannot be reached', async () => {
    const page = await openPage(running.browser, running.app, '/en_US/about', {
      viewport: PHONE,
      locale: 'en-US',
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      // The worker takes control of the open page once it is active (clients.claim).
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });
    await page.context().setOffline(true);
    await page.goto(`${running.app.url}/en_US/help`);
    await expect(page.getByRole('heading', { name: 'You are offline' }).isVisible()).resolves.toBe(true);
    await shot(page, 'offline-phone');
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(`${running.app.url}/en_US`);
    await page.context().close();
  });

  it('offers the install on the download page, true to what the product does', async () => {
    const page = await openPage(running.browser, running.app, '/en_US/download', { locale: 'en-US' });
    await expect(page.getByRole('heading', { name: 'Install from your browser' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('QR code').count()).resolves.toBe(0);
    await shot(page, 'download-desktop');
    await page.context().close();
  });
});
