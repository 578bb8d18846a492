import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../lib/paging';
import { DEFAULT_VIP_TRIAL_SECONDS, type RoomCard, type RoomView } from '../modules/live/live.contract';
import { hasFfmpeg, waitUntil } from '../modules/live/media/test-push';
import { newContext, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  callJava,
  DESKTOP,
  javaResult,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

if (!hasFfmpeg) console.warn('live room tests skipped: the demo rooms relay with ffmpeg');

/**
 * The live rooms of a fresh start (the demo anchors' robot-live rooms relaying the generated loop)
 * in headless Chromium, played by the room page's own players.
 */
describe.skipIf(!hasFfmpeg)('live rooms in the browser', () => {
  const running = sharedAppAndBrowser();
  const rooms: Record<'free' | 'otherFree' | 'vip', RoomCard> = {} as never;
  let member: Account;

  beforeAll(async () => {
    // Every demo room on air, each with both of its lines.
    const list = await waitUntil(
      async () => {
        const page = await javaResult<ListPage<RoomCard>>(running.app, 'GET', '/live/rooms');
        return page.list.filter((room) => room.live).length === 4 && page.list;
      },
      'the demo rooms on air',
      60_000,
    );
    // The moderator journey sets chat modes in DemoOwl's room: this file chats in the other one.
    const free = list.filter((room) => room.access === 'free');
    rooms.free = free.find((room) => room.anchorName !== 'DemoOwl') as RoomCard;
    rooms.otherFree = free.find((room) => room !== rooms.free) as RoomCard;
    rooms.vip = list.find((room) => room.access === 'vip') as RoomCard;
    member = await vipMember();
    for (const room of [rooms.free, rooms.otherFree, rooms.vip])
      await waitUntil(
        async () =>
          (
            await javaResult<RoomView>(
              running.app,
              'GET',
              `/live/room/${room.roomId}`,
              undefined,
              member.token,
            )
          ).lines.length === 2,
        `both lines of room ${room.roomId}`,
        60_000,
      );
  }, 240_000);

  /** Opens a room; the page never goes network-idle while its stream flows. */
  async function openRoom(context: BrowserContext, room: RoomCard): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${running.app.url}/live/${room.roomId}`, { waitUntil: 'load' });
    return page;
  }

  /** The room's video plays the line: its clock passes `seconds`. */
  const plays = (page: Page, line: 'flv' | 'hls', seconds = 1) =>
    page.waitForFunction(
      ({ line, seconds }) => {
        const video = document.querySelector<HTMLVideoElement>(`video[data-line="${line}"]`);
        return video !== null && video.currentTime > seconds;
      },
      { line, seconds },
      { timeout: 30_000 },
    );

  /** The stream the page's video fetches, from the playlist request it made. */
  const streamOf = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name.match(/\/media\/hls\/([\w-]+)\//)?.[1])
        .find(Boolean),
    );

  it('plays a room for a member over the low-delay HTTP-FLV line, then over HLS when that line is picked', async () => {
    const context = await newContext(running.browser, running.app, { account: member });
    const page = await openRoom(context, rooms.free);
    await plays(page, 'flv');
    await shot(page, 'live-room-flv', false);
    await page.getByRole('combobox', { name: '线路' }).selectOption('hls');
    await plays(page, 'hls');
    await shot(page, 'live-room-hls', false);
    await context.close();
  }, 90_000);

  it('plays two rooms at once for a guest (the HLS line), each its own stream', async () => {
    const context = await newContext(running.browser, running.app);
    const [first, second] = await Promise.all([
      openRoom(context, rooms.free),
      openRoom(context, rooms.otherFree),
    ]);
    await Promise.all([plays(first, 'hls'), plays(second, 'hls')]);
    const streams = [await streamOf(first), await streamOf(second)];
    expect(streams[0]).toBeTruthy();
    expect(streams[1]).toBeTruthy();
    expect(streams[0]).not.toBe(streams[1]);
    await context.close();
  }, 90_000);

  it('stops a non-member in a VIP-only room when the trial ends and offers the membership', async () => {
    const fan = await registerByEmail(running.app, `trial-${Date.now()}@example.com`);
    const context = await newContext(running.browser, running.app, { account: fan });
    const page = await context.newPage();
    // The page's own clock, moved past the trial below; the stream keeps its real time.
    await page.clock.install();
    await page.goto(`${running.app.url}/live/${rooms.vip.roomId}`, { waitUntil: 'load' });
    await page
      .getByRole('timer')
      .getByText(/试看剩余/)
      .waitFor();
    await plays(page, 'hls');
    await page.clock.fastForward((DEFAULT_VIP_TRIAL_SECONDS + 1) * 1000);
    await page.getByText('试看已结束。开通 VIP 会员即可继续观看。').waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await page.getByRole('dialog').waitFor();
    await shot(page, 'live-room-trial-over', false);
    await context.close();
  }, 90_000);

  it('plays a VIP-only room for a VIP member, without a trial', async () => {
    const context = await newContext(running.browser, running.app, { account: member });
    const page = await openRoom(context, rooms.vip);
    await plays(page, 'flv', 3);
    expect(await page.getByRole('timer').count()).toBe(0);
    await context.close();
  }, 90_000);

  it('fits phone and desktop screens: the live home, a room, the anchors, an anchor and the anchor centre', async () => {
    const fan = await registerByEmail(running.app, `screens-${Date.now()}@example.com`);
    const paths = [
      ['/live', 'live-home'],
      [`/live/${rooms.free.roomId}`, 'live-room'],
      ['/anchor/anchorList', 'live-anchors'],
      [`/anchor/${rooms.free.anchorId}`, 'live-anchor'],
      ['/anchorCenter', 'live-anchor-centre'],
    ];
    for (const [viewport, size] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const context = await newContext(running.browser, running.app, { viewport, account: fan });
      for (const [path, name] of paths) {
        const page = await context.newPage();
        await page.goto(running.app.url + path, { waitUntil: 'load' });
        await page.locator('main h1, main [role="status"]').first().waitFor();
        expect(await pageOverflow(page), `${path} on a ${size}`).toBeLessThanOrEqual(0);
        await shot(page, `${name}-${size}`);
        await page.close();
      }
      await context.close();
    }
  }, 120_000);

  it('lets two fans chat in a room; a gift shows in both chats and plays over both players', async () => {
    const [ada, bo] = await Promise.all([
      registerByEmail(running.app, `chat-ada-${Date.now()}@example.com`),
      registerByEmail(running.app, `chat-bo-${Date.now()}@example.com`),
    ]);
    const pages: Page[] = [];
    for (const account of [ada, bo]) {
      const context = await newContext(running.browser, running.app, { account });
      const page = await openRoom(context, rooms.free);
      await page.locator('[role="status"][data-state="connected"]').waitFor();
      pages.push(page);
    }
    const [adaPage, boPage] = pages as [Page, Page];
    const chat = (page: Page) => page.getByRole('region', { name: '聊天' });

    await adaPage.getByRole('textbox', { name: '说点什么…' }).fill('今晚谁赢？');
    await adaPage.getByRole('button', { name: '发送', exact: true }).click();
    for (const page of pages) await chat(page).getByText('今晚谁赢？').waitFor();

    // Each player's overlay notes when an animation starts and stops playing.
    for (const page of pages) await page.evaluate(watchGiftAnimations);
    // A tap picks the gift; sending it is a step of its own, its price in view.
    const gifts = boPage.getByRole('region', { name: '礼物' });
    await gifts.getByRole('button', { name: /^爱心/ }).click();
    await gifts.getByRole('button', { name: /^赠送 ×1，共 / }).click();
    for (const page of pages) {
      await chat(page).getByText('送出 爱心 ×1').waitFor();
      const played = await page.waitForFunction(() => {
        const seen = (window as unknown as { giftAnimations: { url: string; ms?: number }[] }).giftAnimations;
        return seen.find((a) => a.url.endsWith('/gifts/heart.svga') && a.ms !== undefined);
      });
      // The heart is 60 frames at 30 fps: shown for its length, not given up on at once.
      expect((await played.jsonValue())?.ms).toBeGreaterThanOrEqual(1900);
    }
    await shot(boPage, 'live-room-chat-gift');
    for (const page of pages) await page.context().close();
  }, 90_000);

  /** Runs in the page: notes each gift animation the overlay plays, and for how long. */
  function watchGiftAnimations() {
    const seen: { url: string; started: number; ms?: number }[] = [];
    (window as unknown as { giftAnimations: typeof seen }).giftAnimations = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const url = (change.target as Element).getAttribute('data-playing') ?? '';
        if (url) seen.push({ url, started: performance.now() });
        else {
          const playing = seen.find((a) => a.ms === undefined && a.url === change.oldValue);
          if (playing) playing.ms = performance.now() - playing.started;
        }
      }
    }).observe(document.body, { subtree: true, attributeFilter: ['data-playing'], attributeOldValue: true });
  }

  /** A new account that bought VIP at the standing price, with coins an administrator added. */
  async function vipMember(): Promise<Account> {
    const chief = await callJava(running.app, 'POST', '/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const member = await registerByEmail(running.app, `member-${Date.now()}@example.com`);
    await javaResult(
      running.app,
      'POST',
      '/admin/users/coins',
      { uid: member.uid, amount: 10_000, reason: 'VIP for the live room tests', key: crypto.randomUUID() },
      chief.result.token,
    );
    await javaResult(
      running.app,
      'POST',
      '/orderpay/buyVip',
      { tier: 'vip', months: 1, requestId: crypto.randomUUID() },
      member.token,
    );
    return member;
  }
});
