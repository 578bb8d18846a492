import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, sharedAppAndBrowser } from '../harness';
import { freshPhone, Journey, logInByPhone, logInWithPassword } from './journey';

const running = sharedAppAndBrowser();
const WIDE = { width: 1440, height: 900 };

/** The account's user ID, as its page in the console shows it. */
async function findUser(chief: Page, journey: Journey, who: string): Promise<number> {
  await journey.visit(chief, '/en_US/admin/users');
  await chief.getByLabel('Find a user').fill(who);
  await chief.getByRole('button', { name: 'Search', exact: true }).click();
  await chief.getByText('Accounts found: 1').waitFor();
  await chief.getByRole('table').getByRole('link').first().click();
  await chief.waitForURL(/\/admin\/users\/\d+$/);
  return Number(chief.url().split('/').pop());
}

describe('the administrator', () => {
  it('works every queue: removes a reported comment, records a refund, mutes an account on the whole platform and finds it all in the audit log', async () => {
    const journey = new Journey('administrator', running);
    const chief = await journey.person('chief', { viewport: WIDE, locale: 'en-US' });
    const fan = await journey.person('fan', { viewport: PHONE, locale: 'en-US' });
    const spammer = await journey.person('spammer', { viewport: PHONE, locale: 'en-US' });
    const fanPhone = freshPhone();
    const spammerPhone = freshPhone();

    await journey.step('the chief logs in with the email and opens the console', async () => {
      await journey.visit(chief, '/en_US/');
      await logInWithPassword(chief);
      await journey.visit(chief, '/en_US/admin');
      await chief.getByRole('heading', { level: 1 }).waitFor();
    });

    await journey.step('the chief opens every review queue', async () => {
      const menu = chief.getByRole('navigation', { name: /console/i });
      const sections = await menu
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(sections.length).toBeGreaterThan(8);
      for (const section of sections) {
        await journey.visit(chief, section);
        await menu.locator(`a[href="${section}"][aria-current="page"]`).waitFor();
      }
    });

    await journey.step('a fan recharges 200 RMB in the sandbox', async () => {
      await journey.visit(fan, '/en_US/');
      await logInByPhone(fan, journey.app, fanPhone);
      await journey.visit(fan, '/en_US/userInfo/water');
      await fan.getByRole('button', { name: 'Recharge', exact: true }).click();
      const dialog = fan.getByRole('dialog');
      await dialog.getByRole('radio', { name: /2,000 coins/ }).check();
      await dialog.getByRole('radio', { name: 'Alipay' }).check();
      const [checkout] = await Promise.all([
        fan.context().waitForEvent('page'),
        dialog.getByRole('button', { name: /^Pay/ }).click(),
      ]);
      await checkout.getByText('¥200.00').waitFor();
      await checkout.getByRole('button', { name: 'Approve payment' }).click();
      await checkout.getByText('Payment approved. You can close this window.').waitFor();
      await expect.poll(() => fan.getByTestId('coin-balance').textContent()).toBe('2,200');
      await checkout.close();
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await journey.step('a spammer comments under a video and the fan reports it', async () => {
      await journey.visit(spammer, '/en_US/videos/videoList');
      await logInByPhone(spammer, journey.app, spammerPhone);
      const video = await spammer
        .locator('main a[href]')
        .evaluateAll((links) =>
          links
            .map((link) => link.getAttribute('href') ?? '')
            .find((href) => /\/videos\/[\w-]+\/\d+$/.test(href)),
        );
      await spammer.locator(`main a[href="${video}"]`).first().click();
      await spammer.waitForURL(/\/videos\/\w+\/\d+$/);
      await spammer.waitForLoadState('networkidle');
      await spammer.getByLabel('Your comment').fill('Cheap followers at spam.example');
      await spammer.getByRole('button', { name: 'Send', exact: true }).click();
      await spammer.getByText('Cheap followers at spam.example').waitFor();

      await journey.visit(fan, new URL(spammer.url()).pathname);
      const comment = fan.getByRole('article').filter({ hasText: 'Cheap followers at spam.example' });
      await comment.getByRole('button', { name: 'Report' }).click();
      const report = fan.getByRole('dialog', { name: 'Report this comment' });
      await report.getByRole('radio', { name: 'Spam or advertising' }).check();
      await report.getByRole('textbox', { name: 'Details (optional)' }).fill('sells followers');
      await report.getByRole('button', { name: 'Send report' }).click();
      await report.getByText('Thank you. The administrators will look at it soon.').waitFor();
    });

    await journey.step('the chief removes the reported comment, and readers no longer see it', async () => {
      await journey.visit(chief, '/en_US/admin/reports');
      const entry = chief.getByRole('listitem').filter({ hasText: 'Cheap followers at spam.example' });
      await entry.getByText('Spam or advertising: sells followers').waitFor();
      await entry.getByRole('button', { name: 'Remove', exact: true }).click();
      const confirm = chief.getByRole('dialog');
      await confirm.getByRole('textbox').fill('spam link');
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      // Closed once the server has answered (the page behind an open dialog is hidden from roles).
      await confirm.waitFor({ state: 'detached' });
      await entry.waitFor({ state: 'detached' });
      await fan.reload({ waitUntil: 'networkidle' });
      await fan.getByLabel('Your comment').waitFor();
      expect(await fan.getByText('Cheap followers at spam.example').count()).toBe(0);
    });

    let orderNo = '';
    await journey.step(
      'the chief records the refund of the fan’s recharge, and the coins leave',
      async () => {
        await findUser(chief, journey, fanPhone);
        // The recharge's row in the account's coin records names its payment order, and leads
        // to the refund form with it.
        const recharge = chief.getByRole('row').filter({ hasText: '+2,000' });
        const order = recharge.getByRole('link', { name: /^Payment order / });
        orderNo = ((await order.textContent()) ?? '').replace('Payment order ', '');
        await order.click();
        await chief.waitForURL(/\/admin\/payments\?orderNo=/);
        await expect.poll(() => chief.getByLabel('Order number').inputValue()).toBe(orderNo);
        await chief.getByRole('button', { name: 'Record refund' }).click();
        const confirm = chief.getByRole('dialog');
        await confirm.getByRole('textbox', { name: 'Reason' }).fill('refunded by the provider: ticket 4411');
        await confirm.getByRole('button', { name: 'Record refund' }).click();
        await chief.getByText(`Order ${orderNo} is marked as refunded.`).waitFor();
        await fan.goto(`${journey.app.url}/en_US/userInfo/water`);
        await expect.poll(() => fan.getByTestId('coin-balance').textContent()).toBe('200');
      },
    );

    let spammerId = 0;
    await journey.step('the chief mutes the spammer in every room', async () => {
      spammerId = await findUser(chief, journey, spammerPhone);
      await chief.getByText('This account can chat in every room.').waitFor();
      await chief.getByLabel('Mute for').selectOption({ label: '1 day' });
      await chief.getByRole('button', { name: 'Mute', exact: true }).click();
      const confirm = chief.getByRole('dialog');
      await confirm.getByRole('textbox', { name: 'Reason' }).fill('spam in chat');
      await confirm.getByRole('button', { name: 'Mute', exact: true }).click();
      await chief.getByText('The account is muted in every room.').waitFor();
    });

    await journey.step(
      'the muted spammer is told so in a live room',
      async () => {
        await journey.visit(spammer, '/en_US/live');
        // A free room: a paid or VIP one would ask to unlock before its chat.
        const room = spammer
          .locator('main a[href*="/live/"], main a[href*="/customLive/"]')
          .filter({ hasNotText: /coins|VIP/ });
        await room.first().click();
        await spammer.waitForURL(/\/(live|customLive)\/\d+$/);
        await spammer.getByLabel('Say something…').fill('buy followers');
        await spammer.getByRole('button', { name: 'Send', exact: true }).click();
        await spammer.getByText(/^You are muted until /).waitFor();
      },
      // The refusal the step checks.
      { responses: [/\/java\/sendMsg/] },
    );

    await journey.step(
      'the chief finds the removal, the mute and the refund with its order in the audit log',
      async () => {
        await journey.visit(chief, '/en_US/admin/audit');
        await chief.getByLabel('Done to (user ID)').fill(String(spammerId));
        await chief.getByRole('button', { name: 'Search', exact: true }).click();
        await chief.waitForURL(new RegExp(`uid=${spammerId}`));
        const rows = chief.getByRole('row');
        // Only what was done to the spammer: one removal, one mute.
        const removal = rows.filter({ hasText: 'Reported content removed' }).filter({ hasText: 'spam link' });
        await expect.poll(() => removal.count()).toBe(1);
        await expect.poll(() => rows.filter({ hasText: 'Muted in chat' }).count()).toBe(1);
        // And by what was done: the refund, with its reason.
        await chief.getByLabel('Done to (user ID)').fill('');
        await chief.getByLabel('Action').selectOption({ label: 'Payment refunded' });
        await chief.getByRole('button', { name: 'Search', exact: true }).click();
        // The refund names its order, to be looked up.
        await rows
          .filter({ hasText: 'Payment refunded' })
          .filter({ hasText: 'ticket 4411' })
          .getByText(`Order ${orderNo}`)
          .waitFor();
      },
    );

    await journey.end();
  }, 300_000);
});
