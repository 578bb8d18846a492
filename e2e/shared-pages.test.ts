import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, openIn, openPage } from './browser';
import { javaResult, registerByEmail, sharedAppAndBrowser } from './harness';

const running = sharedAppAndBrowser();

/** Records, for every frame the page draws from its first, whether a login button is on screen. */
function watchLoginButton(label: string) {
  const frames: boolean[] = [];
  (window as unknown as { loginFrames: boolean[] }).loginFrames = frames;
  const sample = () => {
    const buttons = [...document.querySelectorAll('header button')] as HTMLElement[];
    if (document.body)
      frames.push(
        buttons.some((button) => button.textContent?.includes(label) && button.offsetParent !== null),
      );
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

describe('a signed-in fan on a page every visitor shares', () => {
  it('is sent the page a guest gets, and sees their own parts from the first frame: never the login button, then their name and their favourite pinned', async () => {
    const fan = await registerByEmail(running.app, `shared-${Date.now()}@example.com`);
    const guest = await openPage(running.browser, running.app, '/');
    const matchId = Number(await guest.locator('li[data-match]').first().getAttribute('data-match'));
    await guest.context().close();
    await javaResult(running.app, 'POST', '/match/attention', { matchId, favourite: true }, fan.token);

    // The server renders the page once for everyone: the fan's name is not in it.
    const cookie = `lang=zh_CN; token=${fan.token}; userInfo=${encodeURIComponent(JSON.stringify({ uid: fan.uid, username: fan.username }))}`;
    const html = await (await fetch(`${running.app.url}/`, { headers: { cookie } })).text();
    expect(html).toContain('data-match');
    expect(html).not.toContain(fan.username);

    const context = await newContext(running.browser, running.app, { account: fan });
    await context.addInitScript(watchLoginButton, '登录 / 注册');
    const page = await context.newPage();
    await page.goto(`${running.app.url}/`);
    await page.getByRole('button', { name: new RegExp(fan.username) }).waitFor();
    const pinned = page.getByRole('region', { name: '我的收藏' });
    await pinned.locator(`li[data-match="${matchId}"]`).waitFor();
    const frames = await page.evaluate(() => (window as unknown as { loginFrames: boolean[] }).loginFrames);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter(Boolean)).toEqual([]);
    await context.close();
  });

  it('holds the place of the button with the avatar and name before the page runs, so nothing moves when it does', async () => {
    const fan = await registerByEmail(running.app, `place-${Date.now()}@example.com`);
    const context = await newContext(running.browser, running.app, { account: fan });
    /** The width of the header's account area, and the name it shows (in its text, or drawn by CSS). */
    const measure = (area: Locator) =>
      area.evaluate((element) => {
        const name = element.querySelector('span.truncate') as HTMLElement;
        return {
          width: Math.round(element.getBoundingClientRect().width),
          name: name.textContent || getComputedStyle(name, '::after').content,
        };
      });

    // The page's modules never arrive: what shows is what the first paint shows.
    const before = await context.newPage();
    await before.route('**/assets/*.js', (route) => route.abort());
    await before.goto(`${running.app.url}/`);
    const placeholder = await measure(before.locator('header span[aria-hidden="true"]:has(> span.truncate)'));
    expect(await before.getByRole('button', { name: '登录 / 注册' }).isVisible()).toBe(false);

    const after = await openIn(context, running.app, '/');
    const shown = await measure(after.getByRole('button', { name: new RegExp(fan.username) }));
    expect(placeholder.name).toBe(`"${fan.username}"`);
    expect(shown.name).toBe(fan.username);
    expect(Math.abs(placeholder.width - shown.width)).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('shows a guest the login button, and a fan whose session ended is a guest again', async () => {
    const context = await newContext(running.browser, running.app, {
      account: { uid: 999_999, username: 'gone', token: 'no-such-token' },
    });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/`);
    // The page ends the session it was refused (the server forgets the token, then the user cookie
    // goes) and opens the home page again; the login button may show while that is under way.
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name), { timeout: 10_000 })
      .not.toContain('userInfo');
    await page.getByRole('button', { name: '登录 / 注册' }).waitFor();
    await context.close();
  });
});
