import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { BrowserContext, Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes';
import type { ClipCard, ReplayCard, RoomCard } from '../modules/live/live.contract';
import { hasFfmpeg, waitUntil } from '../modules/live/media/test-push';
import type { MatchSummary } from '../modules/matches/matches.contract';
import { axeViolations, newContext } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BROWSER_UA,
  DESKTOP,
  javaResult,
  PHONE,
  type RunningApp,
  sharedAppAndBrowser,
} from './harness';

/** The administrator sees every section, so each page shows its content rather than a sign-in prompt. */
const running = sharedAppAndBrowser();

/**
 * The languages checked: the default, English, and the right-to-left one; with their browser
 * locale, and a phone's or a desktop's window, so that every page is seen at both widths.
 */
const LANGUAGES = {
  zh_CN: { locale: 'zh-CN', viewport: PHONE },
  en_US: { locale: 'en-US', viewport: DESKTOP },
  ar: { locale: 'ar', viewport: PHONE },
} as const;
type Language = keyof typeof LANGUAGES;

/** Pages checked at once: two keep a 2-core machine busy without starving the server. */
const TABS = 2;

/** Any path no route claims: three segments, past the /{game}/{id} pattern, so the catch-all answers. */
const UNKNOWN_PATH = 'no/such/page';

/** Any game of the catalogue, for /{game}. */
const A_GAME = 'soccer';

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
const routeOf = (pathname: string) =>
  matchRoutes(routes as unknown as RouteObject[], pathname)?.at(-1)?.route.id;

/**
 * The path to open for a page route without required parameters: optional ones left out, the
 * catch-all given a path nothing else claims. Undefined when a parameter needs a real id.
 */
function plainPath(route: PageRoute): string | undefined {
  const path = route.pattern.replace(/\/:\w+\?/g, '').replace('*', UNKNOWN_PATH) || '/';
  return path.includes(':') ? undefined : path;
}

/**
 * A path for each page route whose pattern needs an id: the first link to it that the server
 * renders, following the links of the pages found, from the plain paths on.
 */
async function linkedPaths(app: RunningApp, token: string, plain: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const claimed = new Set(plain.map(routeOf));
  let wave = plain;
  while (wave.length > 0) {
    const pages = await Promise.all(
      wave.map(async (path) => {
        const response = await fetch(app.url + path, {
          headers: { 'user-agent': BROWSER_UA, cookie: `token=${token}; lang=zh_CN` },
        });
        return response.text();
      }),
    );
    const next: string[] = [];
    // The app's own pages: root-relative, without a file extension (icons, pictures).
    for (const [, link = ''] of pages.join('\n').matchAll(/href="(\/[^".?#]*)"/g)) {
      const id = routeOf(link);
      if (!id || claimed.has(id) || found.has(id)) continue;
      found.set(id, link);
      next.push(link);
    }
    wave = next;
  }
  return found;
}

/**
 * Waits until the demo experts have a plan on sale: their job publishes them a while after a fresh
 * start, once the feed's week is stored, and only then do the experts' pages link a plan.
 */
async function demoPlanOnSale(app: RunningApp) {
  const deadline = Date.now() + 360_000;
  const plans = () =>
    javaResult<{ total: number }>(app, 'GET', '/expert_plan/getPlansPC?pageIndex=1&pageSize=1');
  while ((await plans()).total === 0) {
    if (Date.now() > deadline) throw new Error('the demo experts published no plan');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** A path for the language: zh_CN has no prefix, the others live under /<locale>. */
const localised = (path: string, language: Language) =>
  language === 'zh_CN' ? path : `/${language}${path === '/' ? '' : path}`;

/**
 * Until the page shows its data: no loading placeholder in view (live dots pulse for good, so not
 * any animation). A list's skeleton for a page drawn in another time zone stays in the document,
 * hidden, once the list is in the browser's zone.
 */
const loaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[data-placeholder], [aria-busy="true"]')].every(
      (element) => !element.checkVisibility(),
    ),
  );

/** Opens the path as a new document, and waits until it runs and shows its data. */
async function load(page: Page, app: RunningApp, url: string) {
  // Live video and sockets keep the network busy: wait for the running page, never for an idle network.
  await page.goto(app.url + url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-hydrated][data-location]', { state: 'attached' });
  await loaded(page);
}

/** The router React Router's HydratedRouter keeps for the page, as far as the check uses it. */
interface PageWindow {
  __reactRouterDataRouter: {
    navigate(to: string): Promise<void>;
    state: {
      location: { key: string };
      /** What the routes' loaders threw: a response with its status, or an error (a 500). */
      errors: Record<string, unknown> | null;
      loaderData: { root?: { pageError?: { status: number } | null } };
    };
  };
}

/**
 * Goes to the path inside the running page, as a link of the app would (no new document, so
 * axe-core stays loaded), and waits until the new location is drawn and shows its data.
 */
async function navigate(page: Page, path: string) {
  const key = await page.evaluate(async (to) => {
    const router = (window as unknown as PageWindow).__reactRouterDataRouter;
    await router.navigate(to);
    return router.state.location.key;
  }, path);
  await page.waitForFunction((drawn) => document.documentElement.dataset.location === drawn, key);
  await loaded(page);
}

/** The status of the error page the page shows instead of its content, if it does. */
const errorStatus = (page: Page) =>
  page.evaluate(() => {
    const { errors, loaderData } = (window as unknown as PageWindow).__reactRouterDataRouter.state;
    const thrown = Object.values(errors ?? {})[0];
    if (thrown !== undefined)
      return thrown && typeof thrown === 'object' && 'status' in thrown ? Number(thrown.status) : 500;
    return loaderData.root?.pageError?.status ?? null;
  });

describe('accessibility of every page in a real browser', () => {
  let admin: Account;
  /** Every page of the route table, by route id, as a path to open in zh_CN. */
  let paths: Map<string, string>;
  /**
   * The match page once per state it draws differently (the score, or "vs" before kick-off), so
   * that what is checked does not hang on which match the clock has put first in a list.
   */
  let matchStates: string[];
  const contexts = {} as Record<Language, BrowserContext>;

  beforeAll(async () => {
    const { app, browser } = running;
    const login = await javaResult<{ token: string; user: { uid: number; username: string } }>(
      app,
      'POST',
      '/login/V2/mobileOrNameToLogin',
      { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    );
    admin = { uid: login.user.uid, username: login.user.username, token: login.token };
    // A promotion channel of its own, so the promoter's pages show their content too.
    await javaResult(
      app,
      'POST',
      '/channel/admin/create',
      { ownerId: admin.uid, id: 'a11y-check', name: 'Accessibility' },
      admin.token,
    );
    await demoPlanOnSale(app);
    const plain = pageRoutes(routes).flatMap((route) => {
      const path = plainPath(route);
      return path ? [[route.id, path] as const] : [];
    });
    paths = new Map(plain);
    for (const [id, path] of await linkedPaths(
      app,
      admin.token,
      plain.map(([, path]) => path),
    ))
      paths.set(id, path);
    // The pages no server-rendered page links to: a user's own pages, the live rooms (their list
    // loads in the browser), the sandbox checkout a payment sends to, and /{game}, which the app
    // writes as its match list.
    const rooms = (await javaResult<{ list: RoomCard[] }>(app, 'GET', '/live/rooms')).list;
    const customRoom = rooms.find((r) => r.customTag && !r.matchId);
    if (!rooms[0] || !customRoom) throw new Error('the demo rooms are missing');
    const payment = await javaResult<{ order: { orderNo: string } }>(
      app,
      'POST',
      '/orderpay/payByAlipay',
      { product: 'coins', rmb: 200 },
      admin.token,
    );
    // The demo replay and its clip, made with ffmpeg in the background of the app's start.
    if (hasFfmpeg) {
      const replay = await waitUntil(
        async () =>
          (await javaResult<{ list: ReplayCard[] }>(app, 'GET', '/live/replays?pageSize=50')).list.find(
            (card) => card.anchorName === 'DemoKoala',
          ),
        'the demo replay',
        60_000,
      );
      const [clip] = await javaResult<ClipCard[]>(app, 'GET', `/live/clips?roomId=${replay.roomId}`);
      for (const path of [`/live/replay/${replay.id}`, `/live/clip/${clip?.id}`])
        paths.set(routeOf(path) as string, path);
    }
    for (const path of [
      `/admin/users/${admin.uid}`,
      `/userInfo/${admin.uid}`,
      `/live/${rooms[0].roomId}`,
      `/customLive/${customRoom.roomId}`,
      `/pay/sandbox/${payment.order.orderNo}`,
      `/${A_GAME}`,
    ])
      paths.set(routeOf(path) as string, path);
    const firstOf = async (method: 'GET' | 'POST', call: string) => {
      const { list } = await javaResult<{ list: MatchSummary[] }>(
        app,
        method,
        call,
        method === 'POST' ? {} : undefined,
      );
      if (!list[0]) throw new Error(`the demo has no match for ${call}`);
      return `/${list[0].game}/${list[0].id}`;
    };
    matchStates = [
      await firstOf('GET', '/v2/match/getPCLiveGameMatch'),
      await firstOf('POST', '/v2/match/getPCUpcomingGameMatch'),
    ];

    for (const [language, { locale, viewport }] of Object.entries(LANGUAGES)) {
      const context = await newContext(browser, app, { locale, viewport, account: admin });
      // The language the app keeps in the lang cookie, as its language switcher leaves it.
      await context.addCookies([{ name: 'lang', value: language, url: app.url }]);
      contexts[language as Language] = context;
    }
  }, 480_000);

  it('has a path to open for every page of the route table', () => {
    // Without ffmpeg there is no replay to show.
    const missing = pageRoutes(routes).filter(
      (route) =>
        !paths.has(route.id) && (hasFfmpeg || !['routes/live-replay', 'routes/live-clip'].includes(route.id)),
    );
    expect(missing.map((route) => route.pattern)).toEqual([]);
    for (const [id, path] of paths) expect(routeOf(path), path).toBe(id);
  });

  it('finds no serious or critical violation on any page, in zh_CN, en_US and ar', async () => {
    const started = Date.now();
    const all = [...paths.values(), ...matchStates];
    const findings: string[] = [];

    /** One tab: its share of the paths in each language, in one page per language that navigates inside itself. */
    const tab = async (share: string[]) => {
      for (const language of Object.keys(LANGUAGES) as Language[]) {
        const page = await contexts[language].newPage();
        page.setDefaultTimeout(20_000);
        let fresh = true;
        for (const path of share) {
          const url = localised(path, language);
          try {
            if (fresh) await load(page, running.app, url);
            else await navigate(page, path);
            fresh = false;
            // Only the catch-all is an error page: every other page shows its own content.
            const status = await errorStatus(page);
            if (status !== (path === `/${UNKNOWN_PATH}` ? 404 : null))
              findings.push(`${url} answered ${status}`);
            findings.push(...(await axeViolations(page)).map((finding) => `${url} ${finding}`));
          } catch (error) {
            findings.push(`${url} did not show: ${(error as Error).message.split('\n')[0]}`);
            // The next path starts from a new document.
            fresh = true;
          }
        }
        await page.close();
      }
    };
    await Promise.all(Array.from({ length: TABS }, (_, n) => tab(all.filter((_, i) => i % TABS === n))));
    // How long the whole check took, to keep an eye on it: it runs in every end-to-end run.
    console.info(
      `checked ${all.length} pages in 3 languages in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(findings).toEqual([]);
  }, 600_000);
});
