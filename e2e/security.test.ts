import { describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { BROWSER_UA, sharedAppAndBrowser } from './harness';

const running = sharedAppAndBrowser();

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(running.app.url + path, { headers: { 'user-agent': BROWSER_UA, cookie: 'lang=en_US', ...headers } });

/** The nonce of every script the page runs inline (JSON data blocks do not run). */
const inlineScriptNonces = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !/\bsrc=|application\/(ld\+)?json/.test(attributes))
    .map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1]);

describe('security headers on pages', () => {
  it("name in their policy the nonce that the page's inline scripts carry, also from the guests' cache", async () => {
    // Three guests in the same second: one render, served from the cache to the others.
    const answers = await Promise.all([get('/en_US/'), get('/en_US/'), get('/en_US/')]);
    for (const answer of answers) {
      const policy = answer.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy).toMatch(/(^|; )script-src 'self' 'nonce-[^']+'(;|$)/);
      expect(policy).toContain("frame-ancestors 'self'");
      const nonces = inlineScriptNonces(await answer.text());
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
    }
  });

  it('carry the usual protections, and HSTS only over HTTPS', async () => {
    const page = await get('/en_US/about');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const https = await get('/en_US/about', { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('pages in the browser under the policy', () => {
  it.each(['/en_US/', '/en_US/match', '/en_US/leagueLibrary', '/ar/about'])(
    '%s runs without a refusal and shows the sandbox ribbon',
    async (path) => {
      const page = await openPage(running.browser, running.app, path);
      // The inline scripts ran (React Router's context) and so did the modules (the route modules).
      const ran = () =>
        page.evaluate(() => '__reactRouterContext' in window && '__reactRouterRouteModules' in window);
      await expect.poll(ran).toBe(true);
      const ribbon = page.getByRole('note');
      await expect.poll(() => ribbon.isVisible()).toBe(true);
      expect(await ribbon.textContent()).toMatch(/Sandbox|وضع التجربة/);
      // The browser suite's own check (e2e/browser.ts) fails the test on any refusal.
      await page.context().close();
    },
  );
});
