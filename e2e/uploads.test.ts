import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import { type Account, DESKTOP, javaResult, PHONE, SCREENSHOTS, startAppAndBrowser } from './harness';

const ADMIN_EMAIL = 'uploader@example.com';
const ADMIN_PASSWORD = 'deadline2026';

const running = startAppAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

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

  it('plays an uploaded MP4: its currentTime advances', async () => {
    const file = path.join(work, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...[
        '-f',
        'lavfi',
        '-i',
        'sine',
        '-t',
        '5',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        file,
      ],
    ]);
    const response = await fetch(`${running.app.url}/java/creator/uploadVideo`, {
      method: 'POST',
      headers: { token: admin.token, 'content-type': 'video/mp4' },
      body: readFileSync(file),
    });
    const { result } = (await response.json()) as { result: { source: string; durationSeconds: number } };
    expect(result.durationSeconds).toBe(5);
    const context = await newContext(running.browser, running.app);
    const page = await context.newPage();
    // A page of the site (same origin) with a plain player on the uploaded file.
    await page.goto(`${running.app.url}/about`);
    await page.evaluate(async (source) => {
      const video = document.createElement('video');
      video.src = source;
      video.muted = true;
      document.body.prepend(video);
      await video.play();
    }, result.source);
    await expect
      .poll(
        () =>
          page
            .locator('video')
            .first()
            .evaluate((v: HTMLVideoElement) => v.currentTime),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(1);
    await context.close();
  });
});
