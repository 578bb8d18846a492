import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { BrowserContext } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes';
import { axeViolations, newContext } from './browser';
import { type Account, javaResult, startAppAndBrowser } from './harness';

const ADMIN_EMAIL = 'access@example.com';
const ADMIN_PASSWORD = 'contrast2026';

/** The administrator sees every section, so each page shows its content rather than a sign-in prompt. */
const running = startAppAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD }, 420_000);

/** The languages checked: the default, English, and the right-to-left one; with their browser locale. */
const LANGUAGES = { zh_CN: 'zh-CN', en_US: 'en-US', ar: 'ar' } as const;
type Language = keyof typeof LANGUAGES;

/** Tabs open at once: enough to keep a 2-core machine busy without starving the server. */
const TABS = 4;

/** The WCAG A and AA rules; of their findings, the serious and critical ones fail the test. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Any path no route claims: three segments, past the /{game}/{id} pattern, so the catch-all answers. */
const UNKNOWN_PATH = 'no/such/page';

interface PageRoute {
  id: string;
  /** The route's pattern from the root, e.g. /news/:game/:id. */
  pattern: string;
}

/** Every page of the route table: the entries without children (index routes included). */
function pageRoutes(entries: RouteConfigEntry[], parent = ''): PageRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return pageRoutes(entry.children, pattern);
    return [{ id: entry.id ?? entry.file, pattern: pattern || '/' }];
  });
}

/** The id of the page route React Router picks for a path. */
function routeOf(pathname: string): string | undefined {
  return matchRoutes(routes as unknown as RouteObject[], pathname)?.at(-1)?.route.id;
}

/**
 * The path to open for a page route without required parameters: optional ones left out, the
 * catch-all given a path nothing else claims. Undefined when a parameter needs a real id.
 */
function plainPath(route: PageRoute): string | undefined {
  const path = route.pattern.replace(/\/:\w+\?/g, '').replace('*', UNKNOWN_PATH) || '/';
  return path.includes(':') ? undefined : path;
}

/** A path for the language: zh_CN has no prefix, the others live under /<locale>. */
const localised = (path: string, language: Language) =>
  language === 'zh_CN' ? path : `/${language}${path === '/' ? '' : path}`;

interface Visit {
  path: string;
  language: Language;
}

describe('accessibility of every page in a real browser', () => {
  let admin: Account;
  /** The sandbox checkout of a recharge: a page a payment sends to, which no page links to. */
  let checkout: string;
  const contexts = {} as Record<Language, BrowserContext>;

  beforeAll(async () => {
    const login = await javaResult<{ token: string; user: { uid: number; username: string } }>(
      running.app,
      'POST',
      '/login/V2/mobileOrNameToLogin',
      { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    );
    admin = { uid: login.user.uid, username: login.user.username, token: login.token };
    const payment = await javaResult<{ start: { url: string } }>(
      running.app,
      'POST',
      '/orderpay/payByAlipay',
      { product: 'coins', rmb: 200 },
      admin.token,
    );
    checkout = payment.start.url;
    for (const [language, locale] of Object.entries(LANGUAGES) as [Language, string][]) {
      const context = await newContext(running.browser, running.app, { locale, account: admin });
      // The language the app keeps in the lang cookie, as its language switcher leaves it.
      await context.addCookies([{ name: 'lang', value: language, url: running.app.url }]);
      // Several tabs share a busy machine: a page may take a while to hydrate, never this long.
      context.setDefaultTimeout(60_000);
      contexts[language] = context;
    }
  });

  /** Serious or critical findings of a page, named by page and rule; and the app's links it shows. */
  async function check({ path, language }: Visit): Promise<{ findings: string[]; links: string[] }> {
    const url = localised(path, language);
    const page = await contexts[language].newPage();
    try {
      // Live video and sockets keep the network busy: wait for the running page, never for an idle network.
      await page.goto(running.app.url + url, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      // Then for its data: no loading placeholder left (live dots pulse for good, so not any animation).
      await page.waitForFunction(() => !document.querySelector('[data-placeholder], [aria-busy="true"]'));
      const findings = await axeViolations(page, undefined, WCAG_TAGS);
      const links = await page.$$eval('a[href^="/"]', (anchors) =>
        anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      return { findings: findings.map((finding) => `${url} ${finding}`), links };
    } catch (error) {
      return { findings: [`${url} did not load: ${(error as Error).message.split('\n')[0]}`], links: [] };
    } finally {
      await page.close();
    }
  }

  /** Checks the paths in every language, a few tabs at a time; answers the findings and links seen. */
  async function checkAll(paths: string[]) {
    const queue: Visit[] = Object.keys(LANGUAGES).flatMap((language) =>
      paths.map((path) => ({ path, language: language as Language })),
    );
    const findings: string[] = [];
    const links = new Set<string>();
    const tab = async () => {
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        const seen = await check(visit);
        findings.push(...seen.findings);
        // Links in zh_CN have no prefix: the paths of the route table as they are.
        if (visit.language === 'zh_CN') for (const link of seen.links) links.add(link);
      }
    };
    await Promise.all(Array.from({ length: TABS }, tab));
    return { findings, links };
  }

  it('finds no serious or critical WCAG violation on any page of the route table, in zh_CN, en_US and ar', async () => {
    const started = Date.now();
    const pages = pageRoutes(routes);
    // Pages with an id in their path get a real one: the first link to them on a page already checked.
    const pending = new Map(pages.map((route) => [route.id, route]));
    const findings: string[] = [];
    let paths = pages.flatMap((route) => plainPath(route) ?? []);
    let links = new Set([checkout]);
    while (paths.length > 0) {
      for (const path of paths) {
        const id = routeOf(path);
        expect(id && pending.has(id), `${path} opens a page not yet checked`).toBe(true);
        pending.delete(id as string);
      }
      const seen = await checkAll(paths);
      findings.push(...seen.findings);
      links = new Set([...links, ...seen.links]);
      const next = new Map<string, string>();
      for (const link of links) {
        const id = routeOf(link);
        if (id && pending.has(id) && !next.has(id)) next.set(id, link);
      }
      paths = [...next.values()];
    }
    // How long the whole check took, to keep an eye on it: it runs in every end-to-end run.
    console.info(
      `checked ${pages.length} pages in 3 languages in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(
      [...pending.values()].map((route) => route.pattern),
      'pages no checked page links to',
    ).toEqual([]);
    expect(findings).toEqual([]);
  }, 600_000);
});
