import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  javaResult,
  PHONE,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

describe('uploads in headless Chromium', () => {
  let admin: Account;
  const work = mkdtempSync(path.join(tmpdir(), 'uploads-e2e-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  beforeAll(async () => {
    const login = await javaResult<{ token: string; user: { uid: number; username: string } }>(
      running.app,
      'POST',
      '/login/V2/mobileOrNameToLogin',
      { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    );
    admin = { ...login.user, token: login.token } as Account;
  });

  it('inserts an uploaded picture in the editor, and the published article shows it', async () => {
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#e53935' } })
      .png()
      .toBuffer();
    const context = await newContext(running.browser, running.app, { account: admin, locale: 'en-US' });
    const page = await openIn(context, running.app, '/en_US/creatorCenter/postArticle');
    const title = `Pictures from the final ${Date.now()}`;
    await page.locator('#article-title').fill(title);
    await page.locator('#article-body').click();
    await page.keyboard.type('The trophy lift.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add picture' }).click();
    await (await chooser).setFiles({ name: 'trophy.png', mimeType: 'image/png', buffer: png });
    const inserted = page.locator('#article-body img');
    await inserted.waitFor();
    const src = await inserted.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/content\/[0-9a-f]{32}\.webp$/);

    const cover = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload cover' }).click();
    await (await cover).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('#article-cover').inputValue()).toMatch(/^\/uploads\/content\//);
    await shot(page, 'uploads-post-article-desktop');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'uploads-post-article-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('status').filter({ hasText: /./ }).first().waitFor();
    const review = await javaResult<{ list: { id: number; title: string; game: string }[] }>(
      running.app,
      'GET',
      '/admin/articles?status=review',
      undefined,
      admin.token,
    );
    const article = review.list.find((a) => a.title === title);
    expect(article).toBeDefined();
    await javaResult(
      running.app,
      'POST',
      '/admin/articles/review',
      { id: article?.id, decision: 'publish' },
      admin.token,
    );
    const reader = await openIn(context, running.app, `/en_US/news/${article?.game}/${article?.id}`);
    const shown = reader.locator(`article img[src="${src}"]`);
    await shown.waitFor();
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await context.close();
  });

  it('posts an uploaded MP4 from the admin console, and its page plays it', async () => {
    const file = path.join(work, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine', '-t', '5'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const context = await newContext(running.browser, running.app, { account: admin, locale: 'en-US' });
    const page = await openIn(context, running.app, '/en_US/admin/videos');
    const title = `Test pattern highlights ${Date.now()}`;
    await page.getByLabel('Sport or game').selectOption({ label: 'Soccer' });
    await page.getByLabel('Title').fill(title);
    await page.locator('input[type=file][accept="video/mp4"]').setInputFiles(file);
    await expect
      .poll(() => page.getByLabel('Video address').inputValue(), { timeout: 30_000 })
      .toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);
    await expect.poll(() => page.getByLabel('Length in seconds').inputValue()).toBe('5');
    await expect
      .poll(() => page.locator('#video-cover').inputValue())
      .toMatch(/^\/uploads\/videos\/.+\.webp$/);
    await page.getByRole('button', { name: 'Publish video' }).click();
    await page.getByText('The video is published.').waitFor();
    const posted = page.getByRole('link', { name: title });
    await posted.waitFor();
    await shot(page, 'admin-videos-desktop');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-videos-phone');

    await posted.click();
    await page.waitForURL(/\/videos\/soccer\/\d+$/);
    const player = page.locator('video');
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await context.close();
  });
});
