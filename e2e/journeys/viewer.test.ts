import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIP_TRIAL_SECONDS } from '../../modules/live/live.contract';
import { hasFfmpeg } from '../../modules/live/media/test-push';
import { DESKTOP, PHONE, sharedAppAndBrowser } from '../harness';
import { chatOf, freshPhone, Journey, logInByPhone, openRoomFromList, sayInChat } from './journey';

/** The seconds the viewer is without a network, as in a tunnel. */
const OFFLINE_SECONDS = 30;

/**
 * A viewer on a phone (spec point 6): watches a live room, chats, goes through a tunnel and comes
 * back without reloading and without missing what a friend said meanwhile, gives a gift with the
 * balance in view, unlocks a paid room, and reaches the end of a VIP room's trial. The rooms are
 * the demo anchors' robot-live rooms, relaying with ffmpeg.
 */
describe.skipIf(!hasFfmpeg)('the viewer', () => {
  const running = sharedAppAndBrowser();

  it('watches, chats through a network loss, gives a gift, unlocks a paid room and ends a VIP trial', async () => {
    const journey = new Journey('viewer', running);
    const viewer = await journey.person('viewer', { viewport: PHONE, locale: 'en-US' });
    const friend = await journey.person('friend', { viewport: DESKTOP, locale: 'en-US' });
    const chat = chatOf;
    const chatState = (page: Page) => chat(page).getByRole('status');
    const say = sayInChat;
    let roomPath = '';

    await journey.step('opens a free room from the live list and watches it', async () => {
      // DemoKoala's: the moderator journey sets chat modes in DemoOwl's room.
      roomPath = await openRoomFromList(journey, viewer, /DemoKoala/);
      await plays(viewer);
    });

    await journey.step('logs in from the room and says something', async () => {
      await logInByPhone(viewer, journey.app, freshPhone());
      await chatState(viewer).and(viewer.locator('[data-state="connected"]')).waitFor();
      await say(viewer, 'Hello from the stands');
    });

    await journey.step('a friend joins the same room on a desktop', async () => {
      await journey.visit(friend, roomPath);
      await logInByPhone(friend, journey.app, freshPhone());
      await chat(friend).getByText('Hello from the stands').waitFor();
    });

    const said = ['Goal!', 'What a save', 'Are you still there?'];
    await journey.step(`loses the network for ${OFFLINE_SECONDS} s while the friend talks`, async () => {
      const lost = Date.now();
      await journey.setOffline(viewer, true);
      // The room stays: the video and the chat, which says it is reconnecting.
      await chatState(viewer)
        .getByText(/^Reconnecting \(attempt \d of \d\)$/)
        .waitFor();
      await chatState(friend).and(friend.locator('[data-state="connected"]')).waitFor();
      for (const text of said) await say(friend, text);
      // Through the tunnel: a heartbeat of the room fails meanwhile (one every 20 s).
      await viewer.waitForTimeout(Math.max(0, lost + OFFLINE_SECONDS * 1000 - Date.now()));
      expect(await viewer.locator('video').count()).toBe(1);
      await chat(viewer).getByText('Hello from the stands').waitFor();
    });

    await journey.step('gets the network back: the room recovers by itself, nothing missed', async () => {
      await journey.setOffline(viewer, false);
      await chatState(viewer).and(viewer.locator('[data-state="connected"]')).waitFor();
      for (const text of said) await chat(viewer).getByText(text).waitFor();
      await plays(viewer, await videoTime(viewer));
    });

    await journey.step(
      'answers the friend from their name: the friend sees the quote and is told',
      async () => {
        const question = chat(viewer).locator('li', { hasText: 'Are you still there?' });
        await question.getByRole('button').first().click();
        await viewer.getByRole('dialog').getByRole('button', { name: 'Reply' }).click();
        await chat(viewer).getByText('Replying to').waitFor();
        await say(viewer, 'Yes, back from the tunnel');
        const answer = chat(friend).locator('li[data-mentions-me]', { hasText: 'Yes, back from the tunnel' });
        await answer.getByRole('button', { name: /In reply to .*Are you still there\?/ }).waitFor();
        // The friend answers by name: the viewer's line stands out in turn.
        const name =
          (await chat(friend)
            .locator('li', { hasText: 'Hello from the stands' })
            .getByRole('button')
            .first()
            .textContent()) ?? '';
        await say(friend, `@${name} welcome back`);
        await chat(viewer).locator('li[data-mentions-me]', { hasText: 'welcome back' }).waitFor();
      },
    );

    const gifts = viewer.getByRole('region', { name: 'Gifts' });
    await journey.step('gives a gift with the balance in view, then again as a combo', async () => {
      await gifts.getByText('200 coins · 0 diamonds').waitFor();
      await gifts.getByRole('button', { name: /^Star/ }).click();
      await gifts.getByRole('button', { name: 'Send ×1 for 10 coins' }).click();
      await chat(viewer).getByText('sent Star ×1').waitFor();
      await gifts.getByText('190 coins · 0 diamonds').waitFor();
      await gifts.getByRole('button', { name: 'Send ×1 for 10 coins' }).click();
      await gifts.getByRole('status').getByText('2× combo').waitFor();
      await gifts.getByText('180 coins · 0 diamonds').waitFor();
    });

    await journey.step('is asked first before a gift over 100 coins, and cancels', async () => {
      await gifts.getByRole('button', { name: /^Rocket/ }).click();
      await gifts.getByLabel('Count').selectOption('10');
      await gifts.getByRole('button', { name: /^Send ×10 for 1,?000 coins$/ }).click();
      const dialog = viewer.getByRole('dialog', { name: 'Send this gift?' });
      await dialog.getByText(/^10 × Rocket for 1,?000 coins$/).waitFor();
      expect(await dialog.getByLabel('Ask me first for gifts over').inputValue()).toBe('100');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await gifts.getByText('180 coins · 0 diamonds').waitFor();
      await gifts.getByLabel('Count').selectOption('1');
    });

    await journey.step(
      'is told why a diamond gift is refused',
      async () => {
        await gifts.getByRole('button', { name: /^Crown/ }).click();
        await gifts.getByRole('button', { name: 'Send ×1 for 50 diamonds' }).click();
        await gifts
          .getByRole('alert')
          .getByText('Insufficient diamond balance (recharge or earn coins in the app)')
          .waitFor();
      },
      { responses: [/\/java\/gift\?/] },
    );

    await journey.step('unlocks the paid room and watches it', async () => {
      await openRoomFromList(journey, viewer, /DemoFox/);
      await viewer.getByText('Unlock this room once for 50 coins to watch it.').waitFor();
      await viewer.getByRole('button', { name: 'Unlock', exact: true }).click();
      const dialog = viewer.getByRole('dialog');
      await dialog.getByText('Your balance: 180 coins').waitFor();
      await dialog.getByRole('button', { name: 'Pay 50 coins' }).click();
      await dialog.getByText('Unlocked. Your new balance: 130 coins.').waitFor();
      await dialog.getByRole('button', { name: 'Watch' }).click();
      await plays(viewer);
    });

    await journey.step('watches a VIP room until the trial ends and is offered the membership', async () => {
      // A tab whose clock the step moves past the trial; the stream keeps its real time.
      const tab = await viewer.context().newPage();
      await tab.clock.install();
      await openRoomFromList(journey, tab, /DemoPanda/);
      await tab
        .getByRole('timer')
        .getByText(/^Trial viewing: \d+:\d\d left$/)
        .waitFor();
      await plays(tab);
      await tab.clock.fastForward((DEFAULT_VIP_TRIAL_SECONDS + 1) * 1000);
      await tab
        .getByText('Your trial viewing has ended. Become a VIP member to keep watching.')
        .first()
        .waitFor();
      expect(await tab.locator('video').count()).toBe(0);
      await tab
        .getByRole('dialog')
        .getByText(/^\d+ coins$/)
        .waitFor();
    });

    await journey.end();
  }, 150_000);
});

/** The room's video time now. */
const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);

/** The room's video plays: its clock passes `after` by a second. */
async function plays(page: Page, after = 0) {
  await page.waitForFunction(
    (after) => (document.querySelector('video')?.currentTime ?? 0) > after + 1,
    after,
    { timeout: 30_000 },
  );
}
