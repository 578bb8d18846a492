import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FollowMarks } from '../modules/matches/follows.contract';
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

/** A signed-in English-speaking fan's browser that allowed notifications. */
async function fansBrowser(fan: Account, viewport = PHONE): Promise<BrowserContext> {
  const context = await newContext(running.browser, running.app, { viewport, locale: 'en-US', account: fan });
  await context.grantPermissions(['notifications'], { origin: running.app.url });
  return context;
}

/** The worker shows a pushed message once it has run its handler: a wait for an event, not a time. */
const SHOWN = { timeout: 20_000 };

/** What the worker asked the browser to show, once the browser had taken it. */
interface Shown {
  title: string;
  body?: string;
  tag?: string;
  data?: unknown;
}

/**
 * Records, inside the service worker, each notification it shows. Headless Chromium's
 * `getNotifications()` sometimes answers none for a notification just shown (about one push in
 * twenty: its list is reconciled with what the display has reported so far), so the test reads
 * what `showNotification` accepted rather than that list.
 */
async function recordNotifications(context: BrowserContext): Promise<() => Promise<Shown[]>> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: Shown[] };
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    scope.shown = [];
    registration.showNotification = async (title, options = {}) => {
      await show(title, options);
      scope.shown.push({ title, body: options.body, tag: options.tag, data: options.data });
    };
  });
  return () => worker.evaluate(() => (self as unknown as { shown: Shown[] }).shown);
}

describe('push alerts in headless Chromium', () => {
  let fan: Account;
  beforeAll(async () => {
    fan = await registerByEmail(running.app, `alerts-${Date.now()}@example.com`);
  });

  it("shows a pushed goal as a notification, and the match's next alert replaces it", async () => {
    const context = await fansBrowser(fan);
    const page = await openIn(context, running.app, '/en_US/userInfo/reservations');
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    const workerErrors: string[] = [];
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
      workerErrors.push(errorMessage.errorMessage),
    );
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.push(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    // `ready` resolves while the worker is still activating; a push then may not reach its handler.
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active as ServiceWorker;
      while (worker.state !== 'activated')
        await new Promise((changed) => worker.addEventListener('statechange', changed, { once: true }));
    });
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const shown = await recordNotifications(context);

    // What the push service hands the worker once it has decrypted the server's message.
    const deliver = (message: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: running.app.url,
        registrationId: registrations[0] as string,
        data: JSON.stringify(message),
      });
    const goal = { title: 'Goal!', body: 'Reds FC 1 - 0 Blues FC', tag: 'match-7', url: '/en_US/football/7' };
    await deliver(goal);
    const { url, ...text } = goal;
    await expect.poll(shown, SHOWN).toEqual([{ ...text, data: { url } }]);
    // The same tag: the browser replaces the match's earlier notification with this one.
    await deliver({ ...goal, body: 'Reds FC 2 - 0 Blues FC' });
    await expect
      .poll(async () => (await shown()).map(({ body, tag }) => ({ body, tag })), SHOWN)
      .toEqual([
        { body: 'Reds FC 1 - 0 Blues FC', tag: 'match-7' },
        { body: 'Reds FC 2 - 0 Blues FC', tag: 'match-7' },
      ]);
    // Whatever the browser still lists, the earlier score is not beside the later one.
    const listed = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map(({ body }) => body),
    );
    expect(listed).not.toContain('Reds FC 1 - 0 Blues FC');
    // Nothing the worker did was refused (its icon included).
    expect(workerErrors).toEqual([]);
    await context.close();
  });

  it('offers to turn alerts on in the user centre, and the click subscribes this browser or says why not', async () => {
    const context = await fansBrowser(fan, DESKTOP);
    const page = await openIn(context, running.app, '/en_US/userInfo/reservations');
    const turnOn = page.getByRole('button', { name: 'Turn on alerts' });
    await turnOn.waitFor();
    await shot(page, 'alerts-control-desktop');
    await turnOn.click();
    const outcome = page.locator('[data-push-alerts="on"], [data-push-alerts="failed"]');
    await outcome.waitFor();
    const state = await outcome.getAttribute('data-push-alerts');
    if (state === 'on') await page.getByRole('button', { name: 'Turn off alerts' }).waitFor();
    else await page.getByText('Alerts could not be turned on').waitFor();
    await context.close();
  });

  it('says why where the browser has no push, and keeps the in-page notices', async () => {
    const context = await fansBrowser(fan);
    await context.addInitScript(() => {
      // A browser without the Push API, as some still are.
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const page = await openIn(context, running.app, '/en_US/userInfo/favourites');
    await page.getByText('This browser cannot receive alerts with the tab closed').waitFor();
    expect(await page.getByRole('button', { name: 'Turn on alerts' }).count()).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'alerts-unsupported-phone');
    await context.close();
  });

  it('lets the fan choose, per favourite match, what they hear', async () => {
    const context = await fansBrowser(fan);
    const list = await openIn(context, running.app, '/en_US/?tab=tomorrow');
    const star = list.getByRole('button', { name: 'Add to favourites', exact: true }).first();
    const matchId = Number(await star.locator('xpath=ancestor::li[1]').getAttribute('data-match'));
    await star.click();
    // The star fills at once, before the server has the favourite; the favourites page lists
    // what the server has, so the wait is for the saved favourite, not for the star.
    await expect
      .poll(
        async () =>
          (await javaResult<FollowMarks>(running.app, 'GET', '/match/attention/marks', undefined, fan.token))
            .matches,
      )
      .toContain(matchId);

    const favourites = await openIn(context, running.app, '/en_US/userInfo/favourites');
    await favourites
      .locator(`li[data-match="${matchId}"]`)
      .getByRole('button', { name: /^Alerts for / })
      .click();
    const goals = favourites.getByRole('checkbox', { name: 'Goals' });
    await expect.poll(() => goals.isEnabled()).toBe(true);
    expect(await goals.isChecked()).toBe(true);
    await shot(favourites, 'alert-choices-phone', false);
    await goals.uncheck();
    await expect
      .poll(() =>
        javaResult(
          running.app,
          'GET',
          `/alerts/choices?kind=match&targetId=${matchId}`,
          undefined,
          fan.token,
        ),
      )
      .toEqual({ kickoff: true, goals: false, final: true });
    await context.close();
  });
});
