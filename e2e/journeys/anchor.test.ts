import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, pushTimecode, readTimecode, type TestPush } from '../../modules/live/media/test-push';
import { png, residentId } from '../../modules/live/test-fixtures';
import type { MatchSummary } from '../../modules/matches/matches.contract';
import { javaResult, PHONE, sharedAppAndBrowser } from '../harness';
import { chatOf, freshPhone, Journey, logInByPhone, logInWithPassword } from './journey';

const DESKTOP = { width: 1440, height: 900 };

/** Every picture in the part has come and has pixels (a refused one is a broken image). */
async function picturesLoad(part: Locator, count: number) {
  const pictures = part.locator('img');
  await pictures.nth(count - 1).waitFor();
  expect(await pictures.count()).toBe(count);
  const handles = await pictures.elementHandles();
  await part
    .page()
    .waitForFunction((images) => images.every((image) => (image as HTMLImageElement).complete), handles);
  const widths = await pictures.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).naturalWidth),
  );
  expect(
    widths.every((width) => width > 0),
    `picture widths ${widths}`,
  ).toBe(true);
}

/**
 * Games whose every score is a clip (a goal, a map, a round); not those where every point scores.
 * Esports first: a match of maps in play always has one more map to be won, while a football
 * match may end without another goal.
 */
const CLIPPED_GAMES = ['League of Legends', 'Counter-Strike', 'Dota 2', 'Valorant', 'Soccer', 'Tennis'];

/**
 * Picks a match on offer, trying game after game as a person would until one has a match now,
 * among the games whose scores are clipped: the first that has not begun, as an anchor going on
 * air before kick-off would (a match in play may be near its end), else the first in play.
 */
async function pickAMatch(page: Page) {
  const offered = await page.getByLabel('Game').locator('option').allTextContents();
  const games = CLIPPED_GAMES.filter((game) => offered.includes(game));
  for (const game of games) {
    await page.getByLabel('Game').selectOption({ label: game });
    await page.getByRole('button', { name: 'Pick a match' }).click();
    const dialog = page.getByRole('dialog');
    const pick = dialog.getByRole('button', { name: 'Pick', exact: true }).first();
    await pick.or(dialog.getByText('No match to pick')).waitFor();
    const upcoming = dialog
      .locator('li[data-status="not_started"]')
      .getByRole('button', { name: 'Pick', exact: true })
      .first();
    if ((await upcoming.count()) > 0) return upcoming.click();
    if (await pick.isVisible()) return pick.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  throw new Error('no game has a match in progress or starting within the hour');
}

/** What `watchSpoilers` notes in the viewer's page; times are epoch ms modulo 2^24. */
interface SpoilerWatch {
  /** When the time each shown frame carries was last read, that time. */
  lastFrameMade: number | null;
  /** The match's score when the watch began, from its own socket. */
  scoreBefore: string | null;
  /** When the score push told its own socket of a new score. */
  pushedAt?: number;
  /** When the room's score strip drew the new score, and the time the frame on screen then was made. */
  shown?: { at: number; frameMade: number };
}

/**
 * In the viewer's page: reads the time every frame of the room's video was made (the stream is
 * `pushTimecode`'s), listens for the match's next score on a socket of its own, and notes the
 * frame on screen when the room's score strip highlights a new score.
 */
function watchSpoilers(matchId: number) {
  const MOD = 2 ** 24;
  const read = (window as unknown as { readTimecode: typeof readTimecode }).readTimecode;
  const watch: SpoilerWatch = { lastFrameMade: null, scoreBefore: null };
  (window as unknown as { spoilers: SpoilerWatch }).spoilers = watch;
  const video = document.querySelector('video') as HTMLVideoElement;
  const canvas = document.createElement('canvas');
  const onFrame = () => {
    watch.lastFrameMade = read(video, canvas) ?? watch.lastFrameMade;
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  const socket = new WebSocket(`ws://${location.host}/ws/scores?lan=en_US`);
  socket.onopen = () => socket.send(JSON.stringify({ op: 'sub', topics: [`match:${matchId}`] }));
  socket.onmessage = (event) => {
    for (const message of JSON.parse(String(event.data))) {
      const score = message.op === 'snap' ? message.m.score : message.op === 'diff' ? message.d.score : null;
      if (!score) continue;
      const text = `${score.home}-${score.away}`;
      if (watch.scoreBefore === null) watch.scoreBefore = text;
      else if (text !== watch.scoreBefore) watch.pushedAt ??= Date.now() % MOD;
    }
  };
  const row = document.querySelector(`section[aria-labelledby="room-match"] li[data-match="${matchId}"]`);
  new MutationObserver(() => {
    if (watch.shown || !row?.hasAttribute('data-changed')) return;
    watch.shown = { at: Date.now() % MOD, frameMade: watch.lastFrameMade ?? -1 };
  }).observe(row as Element, { attributes: true, attributeFilter: ['data-changed'] });
}

describe.skipIf(!hasFfmpeg)('the anchor journey', () => {
  const running = sharedAppAndBrowser();
  let push: TestPush | undefined;
  afterAll(async () => {
    await push?.stop();
  });

  it('applies, is approved, goes live with a pushed stream that a viewer watches, ends live, hides the replay, is banned', async () => {
    const journey = new Journey('anchor', running);
    const anchor = await journey.person('anchor', { viewport: PHONE, locale: 'en-US' });
    const chief = await journey.person('administrator', { viewport: DESKTOP, locale: 'en-US' });
    const name = `Lin Anchor ${Date.now() % 100_000}`;
    const picture = async (file: string) => ({
      name: file,
      mimeType: 'image/png',
      buffer: await png(320, 200),
    });

    await journey.step('a fan logs in by phone and opens the anchor centre', async () => {
      await journey.visit(anchor, '/en_US/anchorCenter');
      await logInByPhone(anchor, journey.app, freshPhone());
      await anchor.getByText('Your bound phone is used.').waitFor();
    });

    await journey.step('applies with three ID photos chosen with the file chooser', async () => {
      await anchor.getByLabel('Real name').fill(name);
      await anchor.getByLabel('ID number').fill(residentId('19960412'));
      await anchor.getByLabel('Personal introduction').fill('Football commentary since school.');
      await anchor.getByLabel('Streaming content').fill('Football');
      for (const side of ['ID front', 'ID back', 'Holding the ID']) {
        const chooser = anchor.waitForEvent('filechooser');
        await anchor.getByLabel(side, { exact: true }).click();
        await (await chooser).setFiles(await picture(`${side}.png`));
      }
      await picturesLoad(anchor.getByRole('region', { name: 'Streamer application' }), 3);
      await anchor.getByRole('checkbox').check();
      await anchor.getByRole('button', { name: 'Send the application' }).click();
      await anchor.getByRole('status').getByText('Under review').waitFor();
    });

    await journey.step('sees the photos of the application sent', async () => {
      await picturesLoad(anchor.getByRole('region', { name: 'Your application' }), 3);
    });

    await journey.step(
      'the administrator logs in on a desktop and sees the three photos in the queue',
      async () => {
        await journey.visit(chief, '/en_US/');
        await logInWithPassword(chief);
        await journey.visit(chief, '/en_US/admin/anchors');
        await picturesLoad(application(chief), 3);
      },
    );

    await journey.step('approves the application', async () => {
      await application(chief).getByRole('button', { name: 'Approve' }).click();
      await chief.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      // Closed once the server has answered: behind an open dialog, role locators find nothing.
      await chief.getByRole('dialog').waitFor({ state: 'detached' });
      await application(chief).waitFor({ state: 'detached' });
      await journey.visit(anchor, '/en_US/anchorCenter');
      await anchor.getByRole('status').getByText('Approved').waitFor();
    });

    await journey.step(
      'saves the room with a title but no cover, and is told a cover is required',
      async () => {
        await anchor.getByRole('link', { name: 'Set up your room and go live' }).click();
        await anchor.getByLabel('Room title').fill('Derby night with Lin');
        await anchor.getByRole('button', { name: 'Save' }).click();
        await anchor.getByRole('alert').getByText('A cover is required').waitFor();
      },
      { responses: [/\/java\/anchor\/liveInfo/] },
    );

    await journey.step('chooses a cover with the file chooser and a match, and saves', async () => {
      const chooser = anchor.waitForEvent('filechooser');
      await anchor.getByLabel('Cover', { exact: true }).click();
      await (await chooser).setFiles(await picture('cover.png'));
      await picturesLoad(anchor.getByRole('region', { name: 'Live settings' }), 1);
      await pickAMatch(anchor);
      await anchor.getByRole('button', { name: 'Save' }).click();
      await anchor.getByText('Saved').waitFor();
    });

    let fullUrl = '';
    await journey.step('generates a stream key and copies the full push address, as for OBS', async () => {
      await anchor.getByRole('link', { name: 'Stream key' }).click();
      await anchor.getByRole('button', { name: 'Generate a stream key' }).click();
      await anchor.getByRole('dialog').getByRole('button', { name: 'Generate a stream key' }).click();
      const full = anchor.getByRole('status').locator('code').last();
      fullUrl = (await full.textContent()) ?? '';
      expect(fullUrl).toMatch(/^rtmp:\/\/.+\/live\/.+/);
    });

    let roomPath = '';
    await journey.step('pushes a stream and presses Start live once it arrives', async () => {
      // Each frame carries the time it was made, for the spoiler hold below.
      push = pushTimecode(fullUrl);
      await journey.visit(anchor, '/en_US/anchorCenter/live');
      await anchor.getByText('The stream is arriving').waitFor({ timeout: 20_000 });
      await anchor.getByRole('button', { name: 'Start live' }).click();
      await anchor.getByText('You are on air').waitFor();
      roomPath = new URL(
        (await anchor.getByRole('link', { name: 'Open my room' }).getAttribute('href')) ?? '',
        journey.app.url,
      ).pathname;
    });

    const viewer = await journey.person('viewer', { viewport: PHONE, locale: 'en-US' });
    let matchPath = '';
    await journey.step('a viewer sees the room play; the anchor sees the viewer', async () => {
      await viewer.goto(journey.app.url + roomPath, { waitUntil: 'load' });
      await viewer.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
        timeout: 30_000,
      });
      await anchor.getByText('1 viewer', { exact: true }).waitFor();
    });

    await journey.step(
      "the viewer opens the room's match, whose page lists the room showing it",
      async () => {
        await viewer.getByRole('button', { name: 'Match', exact: true }).click();
        await viewer.locator('section[aria-labelledby="room-match"] li[data-match] a').first().click();
        await viewer.waitForURL(/\/en_US\/[a-z0-9]+\/\d+$/);
        const rooms = viewer.getByRole('region', { name: 'Live rooms showing this match' });
        await rooms.locator(`a[href="${roomPath}"]`).waitFor();
        matchPath = new URL(viewer.url()).pathname;
        await viewer.goBack();
        await viewer.waitForURL((url) => url.pathname === roomPath);
      },
    );

    await journey.step(
      "the match scores while the room is on air: the viewer's score changes no earlier than the video shows the moment",
      async () => {
        const matchId = Number(matchPath.split('/').pop());
        await viewer.getByRole('button', { name: 'Match', exact: true }).click();
        await viewer.locator('section[aria-labelledby="room-match"] li[data-match]').waitFor();
        await viewer.evaluate(`window.readTimecode = ${readTimecode.toString()}`);
        await viewer.evaluate(watchSpoilers, matchId);
        // The player reads frames, and the watcher has the score as it is now.
        await viewer.waitForFunction(() => {
          const watch = (window as unknown as { spoilers: SpoilerWatch }).spoilers;
          return watch.lastFrameMade !== null && watch.scoreBefore !== null;
        });
        // The sandbox plays the match on to its next score, or kicks it off if it has not begun.
        const advance = () =>
          javaResult<MatchSummary>(journey.app, 'POST', '/dev/simulator/advance', { matchId });
        const played = await advance();
        if (played.score.home + played.score.away === 0) await advance();
        const watch = await viewer
          .waitForFunction(() => {
            const watch = (window as unknown as { spoilers: SpoilerWatch }).spoilers;
            return watch.shown && watch.pushedAt !== undefined && watch;
          })
          .then((handle) => handle.jsonValue() as Promise<SpoilerWatch>);
        const { pushedAt, shown } = watch as Required<SpoilerWatch>;
        // Times are epoch ms modulo 2^24 (the timecode's): a difference is read within half of it.
        const after = (a: number, b: number) => {
          const ms = (a - b + 2 ** 24) % 2 ** 24;
          return ms < 2 ** 23 ? ms : ms - 2 ** 24;
        };
        expect(
          after(shown.frameMade, pushedAt),
          `the score changed on a frame made ${after(pushedAt, shown.frameMade)} ms before the goal was pushed`,
        ).toBeGreaterThanOrEqual(0);
        // Held by the stream's delay, not for good.
        expect(after(shown.at, pushedAt)).toBeLessThan(10_000);
        // The clip runs on to ten seconds after the goal: the broadcast goes on that long.
        await viewer.waitForTimeout(11_000);
      },
    );

    await journey.step(
      'a signed-in viewer on a desktop clips the last 30 seconds from the player',
      async () => {
        await journey.visit(chief, roomPath);
        await chief.getByRole('button', { name: 'Clip the last 30 seconds' }).click();
        await chief.getByText('Clipped! Your clip is listed under Clips in a few seconds.').waitFor();
      },
    );

    await journey.step(
      "the anchor adds the room's own emote with the file chooser; the administrator says it from the chat box, and the viewer sees it",
      async () => {
        await journey.visit(anchor, '/en_US/anchorCenter/moderators');
        const emotes = anchor.getByRole('region', { name: 'Chat emotes' });
        await emotes.getByLabel('Code').fill('goal');
        const chooser = anchor.waitForEvent('filechooser');
        await emotes.getByText('Upload a picture').click();
        await (await chooser).setFiles(await picture('goal.png'));
        await emotes.getByText(':goal:', { exact: true }).waitFor();
        await picturesLoad(emotes.getByRole('list'), 1);
        // The room is told: the administrator, in it already, has the emote without a reload.
        await chief.getByRole('button', { name: 'Emotes' }).click();
        await chief.getByRole('button', { name: ':goal:' }).click();
        await chatOf(chief).getByRole('button', { name: 'Send', exact: true }).click();
        await viewer.getByRole('button', { name: 'Chat', exact: true }).click();
        await chatOf(viewer).getByRole('img', { name: ':goal:' }).waitFor();
        await journey.visit(anchor, '/en_US/anchorCenter/live');
      },
    );

    await journey.step(
      'the anchor stops the push, then presses End live; the viewer sees the room off air',
      async () => {
        await push?.stop();
        await anchor.getByText('No stream arriving').waitFor();
        await anchor.getByRole('button', { name: 'End live' }).click();
        await anchor.getByText('You are off air').waitFor();
        await viewer.getByText('The anchor is not on air right now').waitFor();
      },
      // Once the push stops, its playlist and segments are gone until the room goes off air.
      { responses: [/\/media\/hls\/room-\d+\/(index\.m3u8|seg-\d+\.ts)/] },
    );

    let replayPath = '';
    await journey.step(
      "the viewer finds the broadcast's replay on the match page, plays it and seeks in it",
      async () => {
        await journey.visit(viewer, matchPath);
        const replays = viewer.getByRole('region', { name: 'Replays of this match' });
        await replays.getByRole('link').first().click();
        await viewer.waitForURL(/\/live\/replay\/\d+$/);
        replayPath = new URL(viewer.url()).pathname;
        const video = viewer.locator('video');
        await video.waitFor();
        await viewer.waitForFunction(() => (document.querySelector('video')?.duration ?? 0) > 4, undefined, {
          timeout: 20_000,
        });
        // Seeking, as the video's controls do: it plays on from there.
        await viewer.evaluate(() => {
          const element = document.querySelector('video') as HTMLVideoElement;
          element.muted = true;
          element.currentTime = element.duration / 2;
          return element.play();
        });
        await viewer.waitForFunction(
          () => {
            const element = document.querySelector('video') as HTMLVideoElement;
            return element.currentTime > element.duration / 2 + 0.5;
          },
          undefined,
          { timeout: 20_000 },
        );
      },
    );

    await journey.step(
      "the goal's clip plays from the match page, and the playback and highlights tabs list it",
      async () => {
        await expect
          .poll(
            async () => {
              await journey.visit(viewer, matchPath);
              return viewer.getByRole('region', { name: 'Clips of this match' }).getByRole('link').count();
            },
            { timeout: 20_000, interval: 2000 },
          )
          .toBeGreaterThan(0);
        const clips = viewer.getByRole('region', { name: 'Clips of this match' });
        await clips.getByRole('link').first().click();
        await viewer.waitForURL(/\/live\/clip\/\d+$/);
        const clipPath = new URL(viewer.url()).pathname;
        await viewer.locator('video').waitFor();
        await viewer.evaluate(() => {
          const element = document.querySelector('video') as HTMLVideoElement;
          element.muted = true;
          return element.play();
        });
        await viewer.waitForFunction(
          () => (document.querySelector('video')?.currentTime ?? 0) > 1,
          undefined,
          {
            timeout: 20_000,
          },
        );
        // The clips are not the day's: tomorrow, with no match finished yet, lists them too.
        for (const day of ['', '&day=tomorrow']) {
          await journey.visit(viewer, `/en_US/match?tab=playback${day}`);
          await viewer
            .getByRole('region', { name: 'Clips of goals, rounds and maps' })
            .locator(`a[href="${clipPath}"]`)
            .waitFor();
        }
        // The home page's highlights tab shows it above the highlight videos.
        await journey.visit(viewer, '/en_US?tab=highlights');
        await viewer
          .getByRole('region', { name: 'Clips of goals, rounds and maps' })
          .locator(`a[href="${clipPath}"]`)
          .waitFor();
        // The room lists it under its anchor's part, and so does the anchor's page.
        await journey.visit(viewer, roomPath);
        await viewer.getByRole('button', { name: 'Anchor', exact: true }).click();
        await viewer.getByRole('region', { name: 'Clips' }).locator(`a[href="${clipPath}"]`).waitFor();
        // Beside it, the clip the signed-in viewer made, named by who clipped it.
        await viewer
          .getByRole('region', { name: 'Clips' })
          .getByText(/^Clipped by /)
          .waitFor();
        await viewer.locator('a[href^="/en_US/anchor/"]').first().click();
        await viewer.waitForURL(/\/anchor\/\d+$/);
        await viewer.getByRole('region', { name: 'Clips' }).locator(`a[href="${clipPath}"]`).waitFor();
        // In the replay, the goal is a chapter: choosing it plays from its build-up.
        await journey.visit(viewer, replayPath);
        const chapter = viewer.getByRole('navigation', { name: 'Chapters' }).getByRole('button').first();
        await expect.poll(() => chapter.textContent()).toMatch(/^\d+-\d+ at \d+:\d\d$/);
        await viewer.waitForFunction(() => (document.querySelector('video')?.duration ?? 0) > 0);
        await chapter.click();
        await viewer.waitForFunction(() => {
          const video = document.querySelector('video') as HTMLVideoElement;
          return !video.paused && !video.seeking && video.currentTime > 0.5;
        });
      },
    );

    await journey.step(
      'the anchor hides the replay in the anchor centre; the viewer cannot open it any more',
      async () => {
        await journey.visit(anchor, '/en_US/anchorCenter/records');
        const replays = anchor.getByRole('region', { name: 'Replays' });
        await replays.getByRole('button', { name: 'Hide' }).first().click();
        await anchor.getByText('The replay is hidden').waitFor();
        await replays.getByText('Hidden', { exact: true }).first().waitFor();
        await journey.visit(viewer, replayPath);
        await viewer.getByText('This replay does not exist or was removed').waitFor();
      },
      { responses: [/\/java\/live\/replay\/\d+/] },
    );

    await journey.step('the administrator bans the anchor with a reason', async () => {
      await journey.visit(chief, '/en_US/admin/anchors?state=approved');
      await application(chief).getByRole('button', { name: 'Ban' }).click();
      const dialog = chief.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Advertising another platform on stream');
      await dialog.getByRole('button', { name: 'Ban' }).click();
      await dialog.waitFor({ state: 'detached' });
      await application(chief).waitFor({ state: 'detached' });
    });

    await journey.step('the anchor sees the ban notice and why in the anchor centre', async () => {
      await journey.visit(anchor, '/en_US/anchorCenter');
      await anchor
        .getByRole('status')
        .getByText(/You are banned from broadcasting.*Advertising another platform on stream/)
        .waitFor();
    });

    await journey.end();

    function application(page: Page) {
      return page.getByTestId('anchor-queue').getByRole('listitem').filter({ hasText: name });
    }
  }, 180_000);
});
