import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  javaResult,
  outboxCode,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

interface Login {
  token: string;
  user: { uid: number; username: string };
}

/** An article written by the administrator (a creator too) and published by them. */
async function publishedArticle(admin: Login, body: string): Promise<{ id: number; game: string }> {
  const app = running.app;
  const written = await javaResult<{ id: number; game: string }>(
    app,
    'POST',
    '/creator/article',
    { gameId: 202, title: `Match report ${Date.now()}`, body, tags: ['FB'] },
    admin.token,
  );
  await javaResult(
    app,
    'POST',
    '/admin/articles/review',
    { id: written.id, decision: 'publish' },
    admin.token,
  );
  return written;
}

describe('news and video in headless Chromium', () => {
  let admin: Login;
  beforeAll(async () => {
    admin = await javaResult<Login>(running.app, 'POST', '/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
  });

  it('shows an article body without its script, event handler or javascript: link, and nothing runs', async () => {
    const article = await publishedArticle(
      admin,
      '<p>Full time.</p><script>window.hacked = "script"</script>' +
        '<img src="/nothing.png" onerror="window.hacked = \'onerror\'">' +
        '<a id="bad" href="javascript:window.hacked = \'link\'">replay</a>',
    );
    const context = await newContext(running.browser, running.app, { viewport: PHONE });
    const page = await openIn(context, running.app, `/news/${article.game}/${article.id}`);
    await page.getByText('Full time.').waitFor();
    const body = await page.locator('article').innerHTML();
    expect(body).not.toMatch(/<script|onerror|javascript:/i);
    await page.locator('article').getByText('replay').click();
    expect(await page.evaluate(() => (window as { hacked?: string }).hacked)).toBeUndefined();
    await context.close();
  });

  it('asks a guest to log in, then shows the comment at the top without a reload; another reader sees it; the author deletes it', async () => {
    const article = await publishedArticle(admin, '<p>Derby day.</p>');
    const url = `/news/${article.game}/${article.id}`;
    // A new mobile number: the default channel's dialog logs in by text message code.
    const mobile = `139${String(Date.now()).slice(-8)}`;
    await javaResult(
      running.app,
      'POST',
      '/comment/add',
      { targetType: 'article', targetId: article.id, body: '更早的评论' },
      admin.token,
    );
    const context = await newContext(running.browser, running.app, { viewport: PHONE });
    const page = await openIn(context, running.app, url);
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.getByLabel('你的评论').fill('这球踢得漂亮！');
    await page.getByRole('button', { name: '发送', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('手机号').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒后重发/ }).waitFor();
    await dialog.getByLabel('验证码', { exact: true }).fill(await outboxCode(running.app, mobile));
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByRole('button', { name: '跳过' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /账号菜单/ }).waitFor();

    await page.getByRole('button', { name: '发送', exact: true }).click();
    const comments = page.getByRole('list').filter({ has: page.getByText('这球踢得漂亮！') });
    await comments.waitFor();
    expect(await comments.locator(':scope > li').first().textContent()).toContain('这球踢得漂亮！');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'content-comment-phone');

    const other = await registerByEmail(running.app, `reader-${Date.now()}@example.com`);
    const otherContext = await newContext(running.browser, running.app, { account: other as Account });
    const otherPage = await openIn(otherContext, running.app, url);
    await otherPage.getByText('这球踢得漂亮！').waitFor();
    expect(await otherPage.getByRole('button', { name: '删除' }).count()).toBe(0);

    await page
      .getByRole('listitem')
      .filter({ hasText: '这球踢得漂亮！' })
      .getByRole('button', { name: '删除' })
      .click();
    await page.getByText('这球踢得漂亮！').waitFor({ state: 'detached' });
    await otherPage.reload();
    await otherPage.getByText('更早的评论').waitFor();
    expect(await otherPage.getByText('这球踢得漂亮！').count()).toBe(0);
    await context.close();
    await otherContext.close();
  });

  it.each([
    ['an MP4', '/uploads/demo/clip.mp4'],
    ['an HLS playlist', '/uploads/demo/hls/clip.m3u8'],
  ])('plays %s of the demo media: its currentTime advances', async (_kind, source) => {
    const videos = await javaResult<{ id: number; game: string; source: string }[]>(
      running.app,
      'GET',
      '/hot/video/1',
    );
    const video = videos.find((v) => v.source === source);
    expect(video).toBeDefined();
    const context = await newContext(running.browser, running.app);
    const page = await openIn(context, running.app, `/videos/${video?.game}/${video?.id}`);
    const player = page.locator('video');
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await shot(page, `content-video-${source.endsWith('.m3u8') ? 'hls' : 'mp4'}-desktop`);
    await context.close();
  });

  it('shows a signed-in fan their own like and comment on the video page every visitor shares, and counts each opening as a view', async () => {
    const app = running.app;
    const [demo] = await javaResult<{ id: number; game: string }[]>(app, 'GET', '/hot/video/1');
    if (!demo) throw new Error('no demo video');
    const { gameId } = await javaResult<{ gameId: number }>(app, 'GET', `/${demo.game}/video${demo.id}`);
    // A video of its own, uploaded as the demo's clip, so that other files opening the demo videos
    // meanwhile add no views to it.
    const clip = Buffer.from(await (await fetch(`${app.url}/uploads/demo/clip.mp4`)).arrayBuffer());
    const uploaded = await (
      await fetch(`${app.url}/java/creator/uploadVideo`, {
        method: 'POST',
        headers: { 'content-type': 'video/mp4', token: admin.token },
        body: clip,
      })
    ).json();
    expect(uploaded.status).toBe('success');
    const { id } = await javaResult<{ id: number }>(
      app,
      'POST',
      '/admin/videos',
      { gameId, title: `Views counted ${Date.now()}`, ...uploaded.result },
      admin.token,
    );
    const video = { id, game: demo.game };
    const detail = `/${video.game}/video${video.id}`;
    const viewsBefore = (await javaResult<{ views: number }>(app, 'GET', detail)).views;
    const account: Account = { uid: admin.user.uid, username: admin.user.username, token: admin.token };
    const context = await newContext(running.browser, app, { account });
    const page = await openIn(context, app, `/videos/${video.game}/${video.id}`);
    // The page is the guest's; the browser asks for the visitor's own likes and rights.
    await page.waitForLoadState('networkidle');
    const like = page.getByRole('button', { name: '点赞' }).first();
    const liked = (await like.getAttribute('aria-pressed')) !== 'true';
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(String(liked));
    const remark = `Nice save ${Date.now()}`;
    await page.getByRole('textbox', { name: '你的评论' }).fill(remark);
    await page.getByRole('button', { name: '发送' }).first().click();
    await page.getByText(remark).waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(String(liked));
    const own = page.locator('li', { hasText: remark }).first();
    await own.getByRole('button', { name: '删除' }).waitFor();
    // Two openings of the page, and the detail call that reads the count: three views.
    const viewsAfter = (await javaResult<{ views: number }>(app, 'GET', detail)).views;
    expect(viewsAfter - viewsBefore).toBe(3);
    await context.close();
  });

  it("lists an author's own posts in the user centre, one in review and one published", async () => {
    const app = running.app;
    const published = await publishedArticle(admin, '<p>Published report</p>');
    const pending = await javaResult<{ id: number }>(
      app,
      'POST',
      '/creator/article',
      { gameId: 202, title: `Pending report ${Date.now()}`, body: '<p>In review</p>', tags: [] },
      admin.token,
    );
    const account: Account = { uid: admin.user.uid, username: admin.user.username, token: admin.token };
    for (const [viewport, name] of [
      [undefined, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(running.browser, app, { account, locale: 'en-US', viewport });
      const page = await openIn(context, app, '/en_US/userInfo/userPost');
      const row = (id: number) => page.locator('li', { has: page.locator(`a[href$="/news/soccer/${id}"]`) });
      await expect(row(pending.id).locator('[data-status]').textContent()).resolves.toContain('Under review');
      await expect(row(published.id).locator('[data-status]').textContent()).resolves.toBe('Published');
      await expect(row(published.id).getByRole('link', { name: 'Edit' }).count()).resolves.toBe(1);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `user-posts-${name}`);
      await context.close();
    }
    // A guest is asked to log in instead.
    const guest = await openIn(await newContext(running.browser, app), app, '/userInfo/userPost');
    await expect(guest.locator('main').textContent()).resolves.not.toContain('Pending report');
    await guest.context().close();
  });
});
