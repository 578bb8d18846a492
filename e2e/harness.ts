import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort, waitFor } from '../test/servers';

const root = path.resolve(import.meta.dirname, '..');

export { freePort };

export interface RunningApp {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built app with `npm start`'s script, on a free port and a fresh embedded database;
 * or on a given data directory and port, to start it again as it was (a restart).
 */
export async function startApp(
  env: Record<string, string> = {},
  dataDir?: string,
  port?: number,
  readyTimeoutMs = 180_000,
): Promise<RunningApp> {
  if (!existsSync(path.join(root, 'build/server/index.js')))
    throw new Error('build the app first: npm run build');
  port ??= await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // The browser tests sign in and pay through the sandbox.
      DEV_ADAPTERS: 'true',
      RTMP_PORT: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`app did not become ready:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the app's score simulator has stored its fortnight of fixtures: the app serves from
 * its start, and its lists fill in as the fixtures arrive.
 */
export function fixturesFilled(app: RunningApp): Promise<boolean> {
  return waitFor(
    'the score feed to fill its fixtures',
    () => app.output().includes('"msg":"score feed filled"'),
    180_000,
  );
}

/** Waits until the demo experts' settled history ranks them on the expert home. */
export function demoExpertsRanked(app: RunningApp): Promise<boolean> {
  return waitFor(
    'the demo experts’ settled history',
    async () => (await callJava(app, 'GET', '/expert_plan/home')).result.recommended.length > 0,
    180_000,
  );
}

/** Debian's Chromium, headless; never a downloaded browser. */
export const BROWSER_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A Chromium of the file's own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(BROWSER_LAUNCH);
}

/** The administrator of the shared app. */
export const ADMIN_EMAIL = 'chief@example.com';
export const ADMIN_PASSWORD = 'referee2026';

/**
 * The settings of the app that the end-to-end files share (started once by e2e/shared-app.ts).
 * It trusts the proxy's forwarded address, so that each file is a visitor of its own network
 * (CLIENT_IP) and the per-address limits of one file spend none of another's.
 */
export const SHARED_APP_ENV: Record<string, string> = {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  TRUST_PROXY: 'true',
  // The promoter's statistics are rolled up every second, so a visit shows without a wait.
  CHANNEL_ROLL_UP_SECONDS: '1',
};

/**
 * The address this file's requests come from, as the proxy forwards it: one of the benchmarking
 * range 198.18.0.0/15 (RFC 2544, never routed), drawn when the file loads.
 */
export const CLIENT_IP = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared app's address. */
    sharedAppUrl: string;
    /** Where the shared Chromium takes connections. */
    sharedBrowserEndpoint: string;
  }
}

/** The app that every file shares (see `sharedAppAndBrowser`), once the tests run. */
export function sharedApp(): RunningApp {
  return {
    url: inject('sharedAppUrl'),
    output: () => {
      throw new Error('the shared app prints to the suite, not to a file: start an app of its own');
    },
    stop: async () => {
      throw new Error('the shared app is stopped with the suite: start an app of its own');
    },
  };
}

/**
 * The app and the Chromium that every file shares, started once for the suite: read `app` and
 * `browser` once the tests run. Tests make their own users and data, so they need no fresh app;
 * a file that needs other settings, a restart or a fresh database starts its own (startApp).
 */
export function sharedAppAndBrowser(): { app: RunningApp; browser: Browser } {
  const running = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    running.app = sharedApp();
    running.browser = await chromium.connect(inject('sharedBrowserEndpoint'));
  });
  afterAll(async () => {
    // Disconnects: the contexts this file opened close with it, the browser runs on.
    await running.browser?.close();
  });
  return running;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
export const SCREENSHOTS = path.join(root, 'test-results/screenshots');

/** Saves a screenshot to look at: the whole page, or only what is on screen (while a dialog covers it). */
export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

/** A browser-like request that the language step treats as a person, not a crawler. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/** An account signed in through the API, as the login dialog keeps it. */
export interface Account {
  uid: number;
  username: string;
  token: string;
}

/**
 * Calls the app's /java API over HTTP, in the language `lan` (the `lan` header; Simplified Chinese
 * without it); answers the envelope, failures included.
 */
export async function callJava(
  app: RunningApp,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
  lan?: string,
  // biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes, checked by each test
): Promise<any> {
  const response = await fetch(`${app.url}/java${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': CLIENT_IP,
      ...(token ? { token } : {}),
      ...(lan ? { lan } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** The result of a /java call that has to succeed. */
export async function javaResult<T>(
  app: RunningApp,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
  lan?: string,
): Promise<T> {
  const envelope = await callJava(app, method, url, body, token, lan);
  if (envelope.status !== 'success') throw new Error(`${url}: ${envelope.errorMsg}`);
  return envelope.result as T;
}

/** The newest code the sandbox outbox kept for an email address or phone number. */
export async function outboxCode(app: RunningApp, recipient: string): Promise<string> {
  const outbox = await javaResult<{ recipient: string; body: string }[]>(app, 'GET', '/dev/outbox');
  const code = outbox.find((m) => m.recipient.endsWith(recipient))?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${recipient} in the sandbox outbox`);
  return code;
}

/** Registers (or logs in) by email code read from the sandbox outbox, as the login dialog would. */
export async function registerByEmail(app: RunningApp, email: string): Promise<Account> {
  await javaResult(app, 'POST', '/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
  const login = await javaResult<{ token: string; user: { uid: number; username: string } }>(
    app,
    'POST',
    '/login/V2/getLoginByEmailCheckCode',
    { mobileOrEmail: email, checkCode: await outboxCode(app, email) },
  );
  return { uid: login.user.uid, username: login.user.username, token: login.token };
}
