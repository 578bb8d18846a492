import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './browser';
import { DESKTOP, javaResult, PHONE, registerByEmail, sharedAppAndBrowser, shot } from './harness';

const running = sharedAppAndBrowser();

describe("a user's posts and the match centre's second menu", () => {
  it("the header's posts lead to one's own posts; a profile leads to its author's articles and videos", async () => {
    const { app, browser } = running;
    const [hot] = await javaResult<{ author: { uid: number; username: string } }[]>(
      app,
      'GET',
      '/news/getHotNewsByGame?period=weekly&size=1',
    );
    const author = hot?.author;
    if (!author) throw new Error('the demo content has no article');

    // A guest is asked to log in; a signed-in reader sees their own (empty) posts.
    const reader = await registerByEmail(app, `reader${Date.now()}@example.com`);
    const page = await openPage(browser, app, '/', { viewport: DESKTOP, account: reader });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '帖子' }).click();
    await page.getByRole('heading', { name: `${reader.username} 的发布` }).waitFor();
    await page.getByText('暂无数据').waitFor();
    // The page's own content; the header's account menu is checked with the login.
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.goto(`${app.url}/userInfo/${author.uid}`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: `${author.username} 的发布` }).click();
    await page.getByRole('heading', { name: `${author.username} 的发布` }).waitFor();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    await shot(page, 'user-news-articles-desktop');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: '视频' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === '2');
    await page.getByText('暂无数据').waitFor();
    await page.context().close();

    const phone = await openPage(browser, app, `/userInfo/userNews?userId=${author.uid}`, {
      viewport: PHONE,
    });
    expect(await phone.locator('main article').count()).toBeGreaterThan(0);
    await shot(phone, 'user-news-articles-phone');
    await phone.context().close();

    const guest = await openPage(browser, app, '/userInfo/userNews');
    await guest.getByRole('main').getByRole('button', { name: /登录/ }).first().waitFor();
    await guest.context().close();
  });

  it('the match centre shows the second menu, and a group narrows the games and the matches', async () => {
    const { app, browser } = running;
    const page = await openPage(browser, app, '/match', { viewport: PHONE });
    const menu = page.getByRole('navigation', { name: '运动分组' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      '全部项目',
      '推荐',
      '足球',
      '篮球',
      '电竞',
      '棒球',
      '网球',
      '其他',
    ]);
    await shot(page, 'match-second-menu-phone', false);
    await menu.getByRole('link', { name: '篮球' }).click();
    await page.waitForURL((url) => url.searchParams.get('menu') === '2');
    const games = page.getByRole('navigation', { name: '项目' });
    // The address changes first; the narrowed list follows once the page's data has loaded.
    await expect.poll(() => games.getByRole('link').allTextContents()).toEqual(['篮球']);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("/{game} without an id opens that game's match list; an unknown game is 404", async () => {
    const { app } = running;
    const game = await fetch(`${app.url}/lol`, { redirect: 'manual' });
    expect(game.status).toBe(302);
    expect(game.headers.get('location')).toBe('/match/lol');
    expect((await fetch(`${app.url}/nosuchgame`)).status).toBe(404);
  });
});
