import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { hasFfmpeg } from '../../modules/live/media/test-push';
import { DESKTOP, PHONE, sharedAppAndBrowser } from '../harness';
import { chatOf, freshPhone, Journey, logInByPhone, openRoomFromList, sayInChat } from './journey';

/** DemoOwl, a demo anchor approved from the start, logs in with this phone (modules/live/demo.ts). */
const ANCHOR_PHONE = '13800000003';

/**
 * A room moderator (spec point 6): the anchor appoints them by username in the anchor centre;
 * on a phone, in the room, they open a viewer's card from a name in chat, delete the message and
 * time the viewer out, which the viewer is told at once, then lift it; they set the chat's modes,
 * which a newcomer below the level meets. The modes are set back and
 * the anchor dismisses them at the end, so the demo room is left as it was (no other file chats
 * in this room).
 */
describe.skipIf(!hasFfmpeg)('the room moderator', () => {
  const running = sharedAppAndBrowser();

  it('is appointed by the anchor, deletes a message, times a viewer out and sets the chat modes from a phone', async () => {
    const journey = new Journey('moderator', running);
    const anchor = await journey.person('anchor', { viewport: DESKTOP, locale: 'en-US' });
    const moderator = await journey.person('moderator', { viewport: PHONE, locale: 'en-US' });
    const viewer = await journey.person('viewer', { viewport: PHONE, locale: 'en-US' });
    const chat = chatOf;
    const connected = (page: Page) =>
      chat(page).getByRole('status').and(page.locator('[data-state="connected"]')).waitFor();
    const say = sayInChat;
    const line = (page: Page, text: string) => chat(page).getByRole('listitem').filter({ hasText: text });
    let roomPath = '';
    let moderatorName = '';

    await journey.step('the future moderator says hello in the room', async () => {
      roomPath = await openRoomFromList(journey, moderator, /DemoOwl/);
      await logInByPhone(moderator, journey.app, freshPhone());
      await connected(moderator);
      await say(moderator, 'Happy to help keep the chat clean');
      // Their username, in the header's account menu, is what they tell the anchor.
      const menu = moderator.getByRole('button', { name: /^Account menu/ });
      const said = await menu.getByText(/^Account menu: /).textContent();
      moderatorName = said?.replace(/^Account menu: /, '') ?? '';
      await line(moderator, 'Happy to help').getByText(moderatorName).waitFor();
    });

    await journey.step(
      'the anchor appoints them by username in the anchor centre; their tools come at once',
      async () => {
        await journey.visit(anchor, '/en_US');
        await logInByPhone(anchor, journey.app, ANCHOR_PHONE);
        await journey.visit(anchor, '/en_US/anchorCenter/moderators');
        await anchor.getByRole('textbox', { name: 'Username' }).fill(moderatorName);
        await anchor.getByRole('button', { name: 'Appoint moderator' }).click();
        await anchor.getByRole('listitem').filter({ hasText: moderatorName }).waitFor();
        // In the room, the moderator's tools come without a reload.
        await chat(moderator).getByRole('button', { name: 'Chat modes' }).waitFor();
      },
    );

    await journey.step('a viewer comes in and says two things', async () => {
      await journey.visit(viewer, roomPath);
      await logInByPhone(viewer, journey.app, freshPhone());
      await connected(viewer);
      await say(viewer, 'Buy cheap coins at spam.example');
      await say(viewer, 'and again spam.example');
    });

    // A name in chat opens its user's card, where a moderator finds what to do with them.
    const cardFrom = async (text: string) => {
      await line(moderator, text).getByRole('button').click();
      const card = moderator.getByRole('dialog');
      await card.waitFor();
      return card;
    };

    await journey.step('the moderator, on the phone, deletes the message from its name card', async () => {
      const card = await cardFrom('Buy cheap coins');
      await card.getByRole('button', { name: 'Delete this message' }).click();
      await card.waitFor({ state: 'detached' });
      await line(moderator, 'Buy cheap coins').waitFor({ state: 'detached' });
      await line(viewer, 'Buy cheap coins').waitFor({ state: 'detached' });
    });

    await journey.step(
      'the moderator times the viewer out for 5 minutes; the viewer is told at once',
      async () => {
        const card = await cardFrom('and again');
        await card
          .getByRole('region', { name: 'Time out' })
          .getByRole('button', { name: '5 minutes' })
          .click();
        await card.waitFor({ state: 'detached' });
        await moderator
          .getByText(/ is timed out for 5 minutes$/)
          .first()
          .waitFor();
        // Pushed to the viewer's chat: told before trying to say anything.
        await chat(viewer)
          .getByRole('alert')
          .getByText(/^You are muted until /)
          .waitFor();
      },
    );

    await journey.step("the viewer's card shows the timeout to the moderator", async () => {
      const card = await cardFrom('and again');
      await card
        .getByRole('status')
        .getByText(/^Muted in this room until /)
        .waitFor();
    });

    await journey.step('the moderator lifts the timeout; the viewer may speak again', async () => {
      const card = moderator.getByRole('dialog');
      await card.getByRole('button', { name: 'Lift the mute' }).click();
      await card.waitFor({ state: 'detached' });
      await chat(viewer)
        .getByText(/^You are muted until /)
        .waitFor({ state: 'detached' });
      await say(viewer, 'Sorry, no more links');
    });

    await journey.step('the moderator sets slow mode and a minimum level from the room', async () => {
      await chat(moderator).getByRole('button', { name: 'Chat modes' }).click();
      const dialog = moderator.getByRole('dialog', { name: 'Chat modes' });
      await dialog.getByLabel('Slow mode').selectOption({ label: 'One message every 10 s' });
      await dialog.getByLabel('Minimum level').selectOption({ label: 'Level 3 or higher' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Every viewer's chat says what it asks, at once.
      for (const page of [moderator, viewer])
        await chat(page).getByTestId('chat-modes').getByText('Slow mode: 10 s · Level 3+').waitFor();
    });

    const newcomer = await journey.person('newcomer', { viewport: PHONE, locale: 'en-US' });
    await journey.step(
      'a newcomer below the level is refused with "Level too low"',
      async () => {
        await journey.visit(newcomer, roomPath);
        await logInByPhone(newcomer, journey.app, freshPhone());
        await connected(newcomer);
        await chat(newcomer).getByTestId('chat-modes').getByText('Level 3+', { exact: false }).waitFor();
        await chat(newcomer).getByRole('textbox', { name: 'Say something…' }).fill('First time here');
        await chat(newcomer).getByRole('button', { name: 'Send', exact: true }).click();
        await chat(newcomer).getByRole('alert').getByText('Level too low').waitFor();
      },
      { responses: [/\/java\/sendMsg\?/] },
    );

    await journey.step('the moderator opens the chat to everyone again', async () => {
      await chat(moderator).getByRole('button', { name: 'Chat modes' }).click();
      const dialog = moderator.getByRole('dialog', { name: 'Chat modes' });
      await dialog.getByLabel('Slow mode').selectOption({ label: 'Off' });
      await dialog.getByLabel('Minimum level').selectOption({ label: 'Any level' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await chat(newcomer).getByTestId('chat-modes').waitFor({ state: 'detached' });
    });

    await journey.step(
      "the moderator pins the viewer's apology above the chat, which the viewer sees, then unpins it",
      async () => {
        const card = await cardFrom('Sorry, no more links');
        await card.getByRole('button', { name: 'Pin above the chat' }).click();
        await card.waitFor({ state: 'detached' });
        const pinned = chat(viewer).getByRole('region', { name: 'Pinned message' });
        await pinned.getByText('Sorry, no more links').waitFor();
        await chat(moderator)
          .getByRole('region', { name: 'Pinned message' })
          .getByRole('button', { name: 'Unpin' })
          .click();
        await pinned.waitFor({ state: 'detached' });
      },
    );

    await journey.step('the anchor dismisses the moderator again', async () => {
      const row = anchor.getByRole('listitem').filter({ hasText: moderatorName });
      await row.getByRole('button', { name: 'Dismiss' }).click();
      await row.waitFor({ state: 'detached' });
    });

    await journey.end();
  }, 180_000);
});
