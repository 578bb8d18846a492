import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, sharedAppAndBrowser } from '../harness';
import { freshPhone, Journey, logInByPhone, logInWithPassword } from './journey';

const running = sharedAppAndBrowser();
const WIDE = { width: 1440, height: 900 };

/** A statistics tile's number ("Visits 1"). */
const tile = (page: Page, label: string) =>
  page
    .getByTestId('channel-tiles')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });

describe('the channel promoter', () => {
  it('gets a channel, shares its link, and sees the visit and the registration it brought', async () => {
    const journey = new Journey('promoter', running);
    const promoter = await journey.person('promoter', { viewport: PHONE, locale: 'en-US' });
    const admin = await journey.person('admin', { viewport: WIDE, locale: 'en-US' });
    const code = `promo-${Date.now().toString(36)}`;
    let uid = '';

    await journey.step('the future promoter signs up and finds their user ID', async () => {
      await journey.visit(promoter, '/en_US/');
      await logInByPhone(promoter, journey.app, freshPhone());
      await journey.visit(promoter, '/en_US/userInfo/info');
      const id = promoter.getByText('User ID', { exact: true }).locator('xpath=following-sibling::dd[1]');
      uid = ((await id.textContent()) ?? '').trim();
      expect(uid).toMatch(/^\d+$/);
    });

    await journey.step(
      'the administrator logs in with the password and opens a channel for them',
      async () => {
        await journey.visit(admin, '/en_US/');
        await logInWithPassword(admin);
        await journey.visit(admin, '/en_US/admin/channels');
        await admin.getByLabel("Promoter's user ID").fill(uid);
        await admin.getByLabel('Channel code (a-z, 0-9, -)').fill(code);
        await admin.getByLabel('Channel name').fill('Summer campaign');
        await admin.getByRole('button', { name: 'Create', exact: true }).click();
        await admin.getByText('Channel created; the account is now a promoter.').waitFor();
      },
    );

    let link = '';
    await journey.step('the promoter finds the channel and its link to share', async () => {
      await journey.visit(promoter, '/en_US/channel');
      const row = promoter.getByTestId('channel-list').getByRole('row', { name: /Summer campaign/ });
      link = ((await row.locator('code').textContent()) ?? '').trim();
      expect(link).toBe(`${journey.app.url}/?channel=${code}`);
    });

    const visitor = await journey.person('visitor', { viewport: PHONE, locale: 'en-US' });
    let username = '';
    await journey.step('a visitor arrives by the link and signs up', async () => {
      // The link opens any page; this visitor reads English.
      await journey.visit(visitor, `/en_US/${new URL(link).search}`);
      await logInByPhone(visitor, journey.app, freshPhone());
      await journey.visit(visitor, '/en_US/userInfo/info');
      username = (await visitor.getByLabel('Username').inputValue()).trim();
      expect(username).not.toBe('');
    });

    await journey.step('the promoter sees the visit and the registration in the statistics', async () => {
      // The statistics are rolled up every second: the page shows them on a later visit.
      await expect
        .poll(async () => {
          await journey.visit(promoter, '/en_US/channel/statistical');
          return [
            await tile(promoter, 'Visits').locator('dd').textContent(),
            await tile(promoter, 'New registrations').locator('dd').textContent(),
          ];
        })
        .toEqual(['1', '1']);
    });

    await journey.step('and the new user among the channel users', async () => {
      await journey.visit(promoter, '/en_US/channel/user');
      await promoter.getByTestId('channel-users').getByText(username).waitFor();
    });

    await journey.step('the channel pages read well on a wide screen too', async () => {
      await promoter.setViewportSize(WIDE);
      await journey.visit(promoter, '/en_US/channel/statistical');
      await promoter.locator('canvas').first().waitFor();
    });
    await journey.end();
  }, 120_000);
});
