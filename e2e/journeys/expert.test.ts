import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../modules/matches/matches.contract';
import { javaResult, PHONE, sharedAppAndBrowser } from '../harness';
import { freshPhone, Journey, logInByPhone, logInWithPassword } from './journey';

const running = sharedAppAndBrowser();
const WIDE = { width: 1440, height: 900 };

/** A picture of the given size, one colour: what a person's photo is to the pages. */
const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Picks a file through the file chooser that a click on the button opens. */
async function chooseFile(page: Page, button: string, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

/** Approves the queue's row that names `subject`, through its confirmation. */
async function approve(page: Page, queue: string, subject: string) {
  const row = page.getByTestId(queue).locator('li').filter({ hasText: subject });
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await row.waitFor({ state: 'detached' });
}

/** The texts of the field messages on the page. */
const alerts = (page: Page) => page.getByRole('alert').allTextContents();

describe('the expert journey', () => {
  it('applies, is approved, publishes two plans on a match, sells them; the match ends, the hit pays and the miss refunds', async () => {
    const journey = new Journey('expert', running);
    const expert = await journey.person('expert', { viewport: PHONE, locale: 'en-US' });
    const admin = await journey.person('administrator', { viewport: WIDE, locale: 'en-US' });
    const fan = await journey.person('fan', { viewport: PHONE, locale: 'en-US' });
    const name = `Oracle ${String(Date.now()).slice(-6)}`;
    const titles = { yes: `${name}: both teams score`, no: `${name}: a clean sheet somewhere` };
    let matchId = 0;
    const planPaths: string[] = [];

    await journey.step('the expert logs in and applies', async () => {
      await journey.visit(expert, '/en_US/');
      await logInByPhone(expert, journey.app, freshPhone());
      await journey.visit(expert, '/en_US/creatorCenter/apply');
      const state = expert.getByTestId('application-state');
      await state.getByText('You have not applied yet.').waitFor();
      await expert.getByLabel('Display name').fill(name);
      await expert
        .getByLabel('Introduction')
        .fill('Ten years of reading the Premier League, one pick at a time.');
      await expert.locator('label').filter({ hasText: 'Soccer' }).first().click();
      await expert.getByRole('button', { name: 'Apply', exact: true }).click();
      await state.getByText('Your application is under review.').waitFor();
    });

    await journey.step('the administrator logs in and approves the application', async () => {
      await journey.visit(admin, '/en_US/');
      await logInWithPassword(admin);
      await journey.visit(admin, '/en_US/admin/expertApplications');
      await approve(admin, 'application-queue', name);
    });

    await journey.step('the expert picks a match: no field is marked before it is touched', async () => {
      await journey.visit(expert, '/en_US/creatorCenter/progComponent');
      await expert.getByLabel('Game', { exact: true }).selectOption({ label: 'Soccer' });
      const match = expert.getByLabel('Match', { exact: true });
      await expect.poll(() => match.locator('option').count()).toBeGreaterThan(1);
      // The last one listed, the furthest ahead: the journey plays it to its end, and the files
      // running beside it pick the first.
      await match.selectOption((await match.locator('option').last().getAttribute('value')) ?? '');
      matchId = Number(await match.inputValue());
      expect(await alerts(expert)).toEqual([]);
    });

    await journey.step(
      'an empty handicap line and a typed cover address are named by their labels',
      async () => {
        await expert.getByLabel('How to play', { exact: true }).selectOption({ label: 'Handicap' });
        await expert.getByLabel('Predicted result', { exact: true }).selectOption({ index: 1 });
        await expert.getByLabel('Odds', { exact: true }).fill('1.9');
        await expert.getByRole('button', { name: 'Submit for review' }).click();
        await expert.getByRole('alert').filter({ hasText: 'Line is required' }).waitFor();
        await expert.getByLabel('Cover', { exact: true }).fill('/favicon.svg');
        await expert.getByRole('alert').filter({ hasText: 'Cover is not an allowed value' }).waitFor();
        // Each field says what is wrong with it, once.
        const shown = await alerts(expert);
        expect(new Set(shown).size).toBe(shown.length);
      },
    );

    const compose = async (pick: 'yes' | 'no') => {
      await expert.getByLabel('How to play', { exact: true }).selectOption({ label: 'Both teams to score' });
      await expert
        .getByLabel('Predicted result', { exact: true })
        .selectOption({ label: pick === 'yes' ? 'Yes' : 'No' });
      await expert.getByLabel('Play level', { exact: true }).fill('Premier');
      await expert.getByLabel('Odds', { exact: true }).fill('1.9');
      await expert.getByLabel('Title', { exact: true }).fill(titles[pick]);
      await expert
        .getByLabel('Summary (everyone sees it)')
        .fill('Both sides have scored in eight of their last ten.');
      await expert.locator('#plan-content').click();
      await expert.keyboard.type(
        'The hosts press high and concede on the break; the visitors score away from home.',
      );
      await expert.getByLabel('Price', { exact: true }).selectOption({ label: '58 coins' });
      await expert.getByLabel('Refund buyers if it misses').check();
      await chooseFile(expert, 'Upload cover', 'cover.png', await picture(800, 450, '#1e88e5'));
      await expect
        .poll(() => expert.getByLabel('Cover', { exact: true }).inputValue())
        .toMatch(/^\/uploads\//);
    };
    const submit = async (pick: 'yes' | 'no') => {
      await expert.getByRole('button', { name: 'Submit for review' }).click();
      await expert.getByRole('status').getByText('Plan published, please wait for review').waitFor();
      const href = await expert.getByRole('link', { name: titles[pick] }).getAttribute('href');
      expect(href).toMatch(/\/expert\/plan\/\d+$/);
      planPaths.push(href ?? '');
    };

    await journey.step('the expert publishes a plan with a cropped picture', async () => {
      await compose('yes');
      // A picture that is not square is cropped to a square before it is uploaded.
      await chooseFile(expert, 'Images (up to 3, square)', 'pitch.png', await picture(900, 600, '#15803d'));
      const crop = expert.getByRole('dialog');
      await crop.getByRole('img', { name: 'Picture to crop' }).waitFor();
      await crop.getByRole('button', { name: 'Confirm' }).click();
      await crop.waitFor({ state: 'detached' });
      await expect.poll(() => expert.locator('img[src^="/uploads/"]').count()).toBeGreaterThan(1);
      await submit('yes');
    });

    await journey.step('the expert publishes the opposite plan on the same match', async () => {
      await journey.visit(expert, '/en_US/creatorCenter/progComponent');
      await expert.getByLabel('Game', { exact: true }).selectOption({ label: 'Soccer' });
      const match = expert.getByLabel('Match', { exact: true });
      await expect.poll(() => match.locator(`option[value="${matchId}"]`).count()).toBe(1);
      await match.selectOption(String(matchId));
      await compose('no');
      await submit('no');
    });

    await journey.step('the administrator approves both plans', async () => {
      await journey.visit(admin, '/en_US/admin/expertPlans');
      await approve(admin, 'plan-queue', titles.yes);
      await approve(admin, 'plan-queue', titles.no);
    });

    await journey.step('a fan logs in; the new expert, with no record yet, is not recommended', async () => {
      await journey.visit(fan, '/en_US/expert');
      await logInByPhone(fan, journey.app, freshPhone());
      const recommended = fan.getByRole('region', { name: 'Recommended experts' });
      await recommended.waitFor();
      expect(await recommended.getByText(name).count()).toBe(0);
    });

    await journey.step('the match page lists both plans, with price and expert', async () => {
      await journey.visit(fan, `/en_US/soccer/${matchId}`);
      const plans = fan.locator('section', {
        has: fan.getByRole('heading', { name: 'Expert plans on this match' }),
      });
      for (const title of [titles.yes, titles.no]) {
        const row = plans.locator('li').filter({ hasText: title });
        await row.getByText('58 coins').waitFor();
        await row.getByRole('link', { name, exact: true }).waitFor();
      }
    });

    const buy = async (title: string, balance: number) => {
      await fan.getByRole('link', { name: title }).click();
      await fan.getByRole('button', { name: 'Buy for 58 coins' }).click();
      const dialog = fan.getByRole('dialog');
      await dialog.getByText(`Balance after: ${balance} coins`).waitFor();
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await dialog.getByText(`Bought. Your balance: ${balance} coins.`).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await fan.getByTestId('plan-content').waitFor();
    };

    await journey.step('the fan buys both plans from the match page', async () => {
      await buy(titles.yes, 142);
      await journey.visit(fan, `/en_US/soccer/${matchId}`);
      await buy(titles.no, 84);
    });

    await journey.step('the expert sees both plans sold', async () => {
      await journey.visit(expert, '/en_US/creatorCenter/progManage');
      for (const title of [titles.yes, titles.no]) {
        const row = expert.getByTestId('own-plans').locator('li').filter({ hasText: title });
        await row.getByText('Sold: 1').waitFor();
      }
    });

    await journey.step('the match is played to its end; one plan wins, the other misses', async () => {
      // The sandbox kicks the match off and plays it on, one score at a time.
      let match: MatchSummary | null = null;
      for (let call = 0; call < 40 && match?.status !== 'finished'; call++)
        match = await javaResult<MatchSummary>(journey.app, 'POST', '/dev/simulator/advance', { matchId });
      expect(match?.status).toBe('finished');
      await journey.visit(fan, '/en_US/userInfo/plans');
      const purchased = fan.getByTestId('purchased-plans');
      await expect
        .poll(
          async () => {
            await fan.reload({ waitUntil: 'networkidle' });
            return (await purchased.getByText(/^(Won|Lost)$/).allTextContents()).sort();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual(['Lost', 'Won']);
    });

    await journey.step("the miss's price came back to the fan", async () => {
      await journey.visit(fan, '/en_US/userInfo/exchange');
      await fan.getByTestId('coins').getByText('142').waitFor();
    });

    await journey.step('the revenue shows in the creator centre', async () => {
      await journey.visit(expert, '/en_US/creatorCenter/revenue');
      const rows = expert.getByTestId('revenue-rows');
      await rows.locator('tr').filter({ hasText: 'Paid to the expert' }).filter({ hasText: '47' }).waitFor();
      await rows.locator('tr').filter({ hasText: 'Refunded' }).waitFor();
      await journey.visit(expert, '/en_US/creatorCenter');
      await expert.getByText('47 coins').first().waitFor();
    });

    await journey.end();
  }, 240_000);
});
