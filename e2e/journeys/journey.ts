import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { type ContextOptions, newContext } from '../browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, outboxCode, type RunningApp } from '../harness';

/**
 * A role's whole journey through the pages (e2e/journeys/): people in browsers of their own, and
 * steps. Each step fails on what a person would stumble on: a response of 5xx, or a 4xx the step
 * did not expect; a console error or an uncaught exception; a visible text that is a field key, a
 * schema message or a translation key; a control pushed off screen. Each step leaves a screenshot
 * of every person's page in `test-results/journeys/<role>/`.
 */
export class Journey {
  /** Each person's pages, the newest last: the newest still open is the one their screenshots show. */
  private readonly pages = new Map<string, Page[]>();
  private readonly faults: string[] = [];
  private allowance: Allowance = {};
  private offline = new Set<string>();
  /** Each page's requests not yet answered or failed. */
  private readonly inFlight = new WeakMap<Page, Set<Request>>();
  /** Each page's session of the browser's tools, its debugger on. */
  private readonly tools = new WeakMap<Page, Promise<CDPSession>>();
  /** People whose network has been cut: a late report of the cut, once back, is no fault. */
  private cutOnce = new Set<string>();
  private steps = 0;
  readonly folder: string;

  constructor(
    readonly role: string,
    private readonly running: { app: RunningApp; browser: Browser },
  ) {
    this.folder = path.resolve(import.meta.dirname, '../../test-results/journeys', role);
    mkdirSync(this.folder, { recursive: true });
  }

  get app(): RunningApp {
    return this.running.app;
  }

  /** A person in a browser of their own (a phone unless told), watched from now on. */
  async person(name: string, options: ContextOptions = {}): Promise<Page> {
    const context = await newContext(this.running.browser, this.running.app, options);
    const page = await context.newPage();
    this.watch(name, page);
    // A page the person opens from this one (a new tab) is theirs too.
    context.on('page', (opened) => this.watch(name, opened));
    return page;
  }

  /** Goes to a path of the app and waits until the page runs (hydrated) and its data has come. */
  async visit(page: Page, pathAndQuery: string): Promise<void> {
    // A page stuck in a script cannot be left: say where it is stuck, while it can still be asked.
    if (page.url() !== 'about:blank') {
      const answers = await Promise.race([
        page.evaluate(() => true).catch(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      const at = answers ? 'idle' : await scriptAt(this.tools.get(page));
      if (at !== 'idle') throw new Error(`${page.url()} does not answer, its script is at ${at}`);
    }
    try {
      await page.goto(this.running.app.url + pathAndQuery, { waitUntil: 'load' });
    } catch (err) {
      // A page that never loads is held by a request that never ends: name them.
      const open = [...(this.inFlight.get(page) ?? [])].map((request) => request.url());
      throw new Error(`${(err as Error).message}\nrequests still open: ${open.join(', ') || 'none'}`);
    }
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  }

  /**
   * Cuts a person's network (going into a tunnel) or gives it back. What the cut network fails
   * is expected from then on: its events may come a moment before or after the switch.
   */
  async setOffline(page: Page, offline: boolean): Promise<void> {
    const name = this.nameOf(page);
    if (offline) {
      this.offline.add(name);
      this.cutOnce.add(name);
    }
    await page.context().setOffline(offline);
    if (!offline) this.offline.delete(name);
  }

  /**
   * One step of the journey. `allow` names the failing answers and console errors this step
   * expects (a refusal the step checks is shown, a request cut by going offline).
   */
  async step(title: string, run: () => Promise<void>, allow: Allowance = {}): Promise<void> {
    this.steps += 1;
    this.allowance = allow;
    try {
      await run();
      for (const [name, page] of this.openPages())
        this.faults.push(...(await screenFaults(page)).map((fault) => `${name}: ${fault}`));
      await this.screenshots(title);
    } catch (err) {
      // What each person saw when the step broke is the first thing to look at.
      await this.screenshots(title, '-failed');
      throw err;
    } finally {
      this.allowance = {};
    }
    const faults = this.faults.splice(0);
    expect(faults, `step ${this.steps}, "${title}"`).toEqual([]);
  }

  private async screenshots(title: string, suffix = '') {
    for (const [name, page] of this.openPages()) {
      const file = `${String(this.steps).padStart(2, '0')}-${name}-${slug(title)}${suffix}.png`;
      await page
        .screenshot({ path: path.join(this.folder, file) })
        .catch((err: Error) => console.warn(`no screenshot ${file}: ${err.message}`));
    }
  }

  /** Closes every person's browser. */
  async end(): Promise<void> {
    for (const [first] of this.pages.values()) await first?.context().close();
    expect(this.faults.splice(0), 'after the last step').toEqual([]);
  }

  private openPages(): [string, Page][] {
    return [...this.pages].flatMap(([name, pages]) => {
      const open = pages.filter((page) => !page.isClosed()).at(-1);
      return open ? [[name, open] as [string, Page]] : [];
    });
  }

  private nameOf(page: Page): string {
    for (const [name, pages] of this.pages) if (pages[0]?.context() === page.context()) return name;
    throw new Error('not a page of this journey');
  }

  private watch(name: string, page: Page) {
    this.pages.set(name, [...(this.pages.get(name) ?? []), page]);
    const open = new Set<Request>();
    this.inFlight.set(page, open);
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    const tools = page
      .context()
      .newCDPSession(page)
      .then(async (session) => {
        await session.send('Debugger.enable');
        return session;
      });
    // A page closed at once leaves no session: nothing to ask it then.
    tools.catch(() => undefined);
    this.tools.set(page, tools);
    const fault = (what: string) => this.faults.push(`${name}: ${what}`);
    page.on('response', (response) => {
      const status = response.status();
      if (status >= 500) fault(`${status} from ${describe(response)}`);
      else if (status >= 400 && !matches(this.allowance.responses, response.url()))
        fault(`unexpected ${status} from ${describe(response)}`);
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // Cut by a navigation or a closed player: the page gave up on it, nothing failed.
      if (reason === 'net::ERR_ABORTED' || this.offline.has(name)) return;
      if (reason === 'net::ERR_INTERNET_DISCONNECTED' && this.cutOnce.has(name)) return;
      if (!matches(this.allowance.responses, request.url()))
        fault(`request failed (${reason}): ${request.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // A failing answer is judged above, by its status and the step's allowance.
      if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
      if (this.offline.has(name) && /ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/.test(text))
        return;
      if (this.cutOnce.has(name) && /ERR_INTERNET_DISCONNECTED/.test(text)) return;
      if (!matches(this.allowance.console, text)) fault(`console error: ${text}`);
    });
    page.on('pageerror', (error) => fault(`uncaught ${error.name}: ${error.message}`));
  }
}

/**
 * Where the page's script is, paused through the browser's tools (their debugger, enabled when the
 * page opened: a page stuck in a script answers nothing else); 'idle' when it runs none.
 */
async function scriptAt(tools: Promise<CDPSession> | undefined): Promise<string> {
  try {
    const session = await tools;
    if (!session) return 'unknown';
    const paused = new Promise<string>((resolve) =>
      session.once('Debugger.paused', ({ callFrames }) =>
        resolve(
          callFrames
            .slice(0, 12)
            .map(
              (f) =>
                `${f.functionName || '(anonymous)'} ${f.url}:${f.location.lineNumber + 1}:${(f.location.columnNumber ?? 0) + 1}`,
            )
            .join(' < '),
        ),
      ),
    );
    await session.send('Debugger.pause');
    const at = await Promise.race([paused, new Promise<string>((r) => setTimeout(() => r('idle'), 5_000))]);
    // Idle, the pause asked for would stop the page's next script: take it back.
    if (at === 'idle') {
      await session.send('Debugger.disable');
      await session.send('Debugger.enable');
    }
    return at;
  } catch (err) {
    return `not reachable (${(err as Error).message})`;
  }
}

export interface Allowance {
  /** Addresses whose 4xx answer (or failed request) the step expects. */
  responses?: RegExp[];
  /** Console errors the step expects. */
  console?: RegExp[];
}

const matches = (patterns: RegExp[] | undefined, text: string) =>
  patterns?.some((p) => p.test(text)) ?? false;

const describe = (response: Response) => {
  const url = new URL(response.url());
  return `${response.request().method()} ${url.pathname}${url.search}`;
};

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** Every locale's reasons for a refused field ("is required", "为必填项"...), from the catalogue. */
const VALIDATION_REASONS: string[] = (() => {
  const locales = path.resolve(import.meta.dirname, '../../app/i18n/locales');
  const reasons = new Set<string>();
  for (const locale of readdirSync(locales)) {
    const messages = JSON.parse(readFileSync(path.join(locales, locale, 'messages.json'), 'utf8'));
    for (const [key, text] of Object.entries<string>(messages.validation ?? {})) {
      // The first words before a parameter: enough to know the sentence.
      if (key !== 'field') reasons.add((text.split('{{')[0] ?? '').trim());
    }
  }
  return [...reasons].filter((reason) => reason.length >= 3);
})();

/**
 * What a person should never see on the page: a field key before a colon ("cover: ..."), a bare
 * schema reason, a translation key ("form.title"); and controls pushed off screen or cut off by
 * their container (at a desktop's width, a sideways strip with a hidden scrollbar cuts off too).
 */
function screenFaults(page: Page): Promise<string[]> {
  return page
    .evaluate((reasons) => {
      const faults: string[] = [];
      const fieldKey = /(^|\s)[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*\s?[:：]\s?\S/;
      const translationKey = /^([a-z][A-Za-z0-9]*:)?[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*)+$/;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!text || !parent || parent.closest('script, style, pre, code, [contenteditable="true"]'))
          continue;
        if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        // Addresses, times and scores have colons too.
        const looksLikeKey = fieldKey.test(text) && !/https?:|\d[:：]\d/.test(text);
        if (looksLikeKey && reasons.some((reason) => text.includes(reason)))
          faults.push(`a field key with a schema message on screen: "${text}"`);
        else if (reasons.includes(text)) faults.push(`a bare schema message on screen: "${text}"`);
        else if (translationKey.test(text) && !/\.(com|net|org|js|ts|png|jpg|m3u8|flv)$/.test(text))
          faults.push(`a translation key on screen: "${text}"`);
      }
      const width = window.innerWidth;
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]',
      );
      for (const control of controls) {
        if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const name = (control.getAttribute('aria-label') || control.textContent || control.tagName)
          .trim()
          .slice(0, 40);
        if (control.closest('[aria-hidden="true"], [inert]')) continue;
        let scrolls = false;
        let clipped = false;
        let hiddenStrip = false;
        for (
          let frame = control.parentElement;
          frame && frame !== document.body;
          frame = frame.parentElement
        ) {
          const style = getComputedStyle(frame);
          const edges = frame.getBoundingClientRect();
          const cut = box.left < edges.left - 1 || box.right > edges.right + 1;
          if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
            // Inside a strip that scrolls sideways, a control out of view is one swipe away on a
            // phone. At a desktop's width a mouse does not swipe: a strip that hides its scrollbar
            // shows nothing to drag and no sign there is more, so what it cuts is cut off.
            const noScrollbar =
              style.scrollbarWidth === 'none' ||
              getComputedStyle(frame, '::-webkit-scrollbar').display === 'none';
            if (cut && noScrollbar && width >= 1024) hiddenStrip = true;
            else scrolls = true;
            break;
          }
          if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && cut) clipped = true;
        }
        if (scrolls) continue;
        if (hiddenStrip)
          faults.push(`"${name}" is cut off by a sideways strip with a hidden scrollbar, at ${width} px`);
        else if (clipped) faults.push(`"${name}" is cut off by its container`);
        else if (box.left < -1 || box.right > width + 1)
          faults.push(
            `"${name}" is off screen (${Math.round(box.left)} to ${Math.round(box.right)} of ${width})`,
          );
      }
      return faults;
    }, VALIDATION_REASONS)
    .catch(() => []);
}

/**
 * Logs in through the old layout of the login dialog (the default channel) with a China mobile
 * number and the code from the sandbox outbox; a new account skips the registration form.
 * The page is in English (en_US).
 */
export async function logInByPhone(page: Page, app: RunningApp, phone: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByRole('button', { name: /^Resend in/ }).waitFor();
  await dialog.getByLabel('Verification code', { exact: true }).fill(await outboxCode(app, phone));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  const skip = dialog.getByRole('button', { name: 'Skip' });
  const menu = page.getByRole('button', { name: /^Account menu/ });
  await Promise.race([skip.waitFor(), menu.waitFor()]);
  if (await skip.isVisible()) await skip.click();
  await menu.waitFor();
}

/**
 * Logs in through the login dialog's password tab, which takes a phone, an email or a username:
 * the administrator (ADMIN_EMAIL) unless told. The page is in English (en_US).
 */
export async function logInWithPassword(page: Page, account = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Password login' }).click();
  await dialog.getByLabel('Phone, email or username').fill(account);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu/ }).waitFor();
}

/** Opens the room of the anchor named from the live list (en_US), as a visitor finds it; answers its path. */
export async function openRoomFromList(journey: Journey, page: Page, anchor: RegExp): Promise<string> {
  await journey.visit(page, '/en_US/live');
  await page.getByRole('link', { name: anchor }).first().click();
  await page.waitForURL(/\/(live|customLive)\/\d+$/);
  return new URL(page.url()).pathname;
}

/**
 * Opens a paid plan of a recommended expert (en_US), as a visitor finds one: never the plan of an
 * expert another journey is making meanwhile (a new expert is not recommended), nor a free one.
 */
export async function openRecommendedPaidPlan(journey: Journey, page: Page) {
  await journey.visit(page, '/en_US/expert');
  await page
    .getByRole('region', { name: 'Recommended experts' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first()
    .click();
  await page.waitForURL(/\/expert\/\d+$/);
  await page
    .getByTestId('plan-rows')
    .getByRole('listitem')
    .filter({ hasText: / coins$/ })
    .first()
    .locator('a[href*="/expert/plan/"]')
    .click();
  await page.waitForURL(/\/expert\/plan\/\d+/);
}

/** A live room's chat panel (en_US). */
export const chatOf = (page: Page) => page.getByRole('region', { name: 'Chat', exact: true });

/** Says something in the room's chat and waits until the chat shows it. */
export async function sayInChat(page: Page, text: string) {
  const chat = chatOf(page);
  await chat.getByRole('textbox', { name: 'Say something…' }).fill(text);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await chat.getByText(text).waitFor();
}

let phones = 0;
/** A China mobile number no other test uses: 13x, then the time and a count. */
export const freshPhone = () =>
  `13${3 + Math.floor(Math.random() * 7)}${String(Date.now() + phones++).slice(-8)}`;
