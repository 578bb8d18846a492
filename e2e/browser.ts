import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { type Account, CLIENT_IP, DESKTOP, type RunningApp } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical accessibility violations of the page, or of the part `selector` picks, by
 * axe-core: every rule, or only the rules of the given tags (such as 'wcag2aa'). axe-core is added
 * once per document: a page that navigates inside itself keeps it.
 */
export async function axeViolations(page: Page, selector?: string, tags?: string[]): Promise<string[]> {
  // Evaluated by the browser's tools, not added as an inline script the page's policy would refuse.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    async ({ selector, tags }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: object | string,
              o: object,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      return axe.run(selector ?? document, {
        resultTypes: ['violations'],
        // The page's stylesheets are loaded already: no fetching them again for the CSS rules.
        preload: false,
        ...(tags && { runOnly: { type: 'tag', values: tags } }),
      });
    },
    { selector, tags },
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export interface ContextOptions {
  /** A desktop unless told. */
  viewport?: ViewportSize;
  /** zh-CN unless told. */
  locale?: string;
  colorScheme?: 'light' | 'dark';
  /** The browser's time zone (an IANA name); the machine's unless told. */
  timezoneId?: string;
  /** Signed in as this account the way a login leaves a browser: the HttpOnly token and the userInfo cookie. */
  account?: Account | null;
}

/** What the Content-Security-Policy refused on the pages of the contexts below, since the last test. */
const cspViolations: string[] = [];

// Every test that opens pages ends with none refused: the policy and the pages agree.
afterEach(() => {
  expect(cspViolations.splice(0), 'Content-Security-Policy violations').toEqual([]);
});

/** Notes every refusal of the policy that a page of the context reports. */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /CSP violation|Content Security Policy/.test(message.text()))
      cspViolations.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/** A fresh browser context for the app: cookies and storage of its own. */
export async function newContext(
  browser: Browser,
  app: RunningApp,
  { viewport = DESKTOP, locale = 'zh-CN', colorScheme, timezoneId, account }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale,
    colorScheme,
    timezoneId,
    // As the proxy in front of the app forwards it (the shared app trusts it).
    extraHTTPHeaders: { 'x-forwarded-for': CLIENT_IP },
  });
  await watchCsp(context);
  if (account) {
    const user = JSON.stringify({ uid: account.uid, username: account.username });
    await context.addCookies([
      { name: 'token', value: account.token, url: app.url, httpOnly: true, sameSite: 'Lax' },
      { name: 'userInfo', value: encodeURIComponent(user), url: app.url },
    ]);
  }
  return context;
}

/**
 * Opens a path of the app in the context and waits until it runs and its network is quiet: what a
 * page asks for once it runs (its days in the browser's zone, the visitor's marks) is part of
 * opening it. The browser's own "network idle" can come while a large page is still hydrating.
 */
export async function openIn(context: BrowserContext, app: RunningApp, path: string): Promise<Page> {
  const page = await context.newPage();
  const quiet = quietNetwork(page);
  await page.goto(app.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await quiet();
  return page;
}

/**
 * Counts the page's requests in flight from now; the function returned waits until none has been
 * for half a second, or five seconds at most (a playing stream asks for its segments forever).
 */
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changedAt = Date.now();
  const started = () => {
    inFlight += 1;
    changedAt = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const giveUpAt = Date.now() + 5_000;
    while ((inFlight > 0 || Date.now() - changedAt < 500) && Date.now() < giveUpAt)
      await new Promise((resolve) => setTimeout(resolve, 50));
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
}

/** Opens a path of the app in a fresh context of its own; closing `page.context()` ends both. */
export async function openPage(
  browser: Browser,
  app: RunningApp,
  path: string,
  options: ContextOptions = {},
): Promise<Page> {
  return openIn(await newContext(browser, app, options), app, path);
}

/** How much wider than the window the page is: above 0, it scrolls sideways. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
