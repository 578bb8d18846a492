import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import routes from '../app/routes';
import { axeViolations, newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  callJava,
  DESKTOP,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();
let admin: Account;
let fan: Account;
let offender: Account;

const api = (method: 'GET' | 'POST', url: string, body?: object, token?: string) =>
  callJava(running.app, method, url, body, token);

async function login(name: string, password: string) {
  return api('POST', '/login/V2/mobileOrNameToLogin', { mobileOrEmail: name, password });
}

/** A new account by email code from the sandbox outbox, with a username and password. */
async function register(username: string): Promise<Account> {
  const account = await registerByEmail(running.app, `${username.toLowerCase()}@example.com`);
  await api('POST', '/user/V2/modifyUser', { uname: username, password: 'goal2026x' }, account.token);
  return { ...account, username };
}

beforeAll(async () => {
  const chief = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = { uid: chief.result.user.uid, username: chief.result.user.username, token: chief.result.token };
  fan = await register('GoalFan1');
  offender = await register('SpamBot2');
});

/** A browser signed in as the account, the way the login dialog leaves it, with its language chosen. */
async function open(url: string, who: Account | null, viewport = DESKTOP, locale = 'zh-CN'): Promise<Page> {
  const context = await newContext(running.browser, running.app, { viewport, locale, account: who });
  await context.addCookies([
    { name: 'lang', value: locale === 'en-US' ? 'en_US' : 'zh_CN', url: running.app.url },
  ]);
  return openIn(context, running.app, url);
}

/** Serious and critical accessibility violations of the page's content (the shell has its own tests). */
const contentViolations = (page: Page) => axeViolations(page, 'main');

describe('the admin console', () => {
  it('opens for the administrator from ADMIN_EMAIL, with one section per queue', async () => {
    const page = await open('/admin', admin);
    await expect(page.locator('h1').textContent()).resolves.toBe('管理后台');
    const sections = page.getByRole('navigation', { name: '后台板块' });
    await expect(sections.getByRole('link').allTextContents()).resolves.toEqual([
      '用户',
      '文章审核',
      '视频',
      '举报',
      '专家申请',
      '方案审核',
      '会员价格',
      '主播申请审核',
      '商城商品',
      '商城订单',
      '盲盒',
      '礼物',
      '支付',
      '审计日志',
      '推广渠道',
      '运行配置',
    ]);
    await shot(page, 'admin-home-desktop');
    expect(await contentViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds a user by name and bans them after confirming, with a reason', async () => {
    const page = await open('/admin/users', admin);
    await page.getByRole('searchbox', { name: '查找用户' }).fill('spambot');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/\?q=spambot/);
    const link = page.getByRole('link', { name: offender.username });
    await link.waitFor();
    // The unfiltered list (the newest accounts, both of them) may still show a moment after the URL.
    await expect.poll(() => page.getByRole('link', { name: fan.username, exact: true }).count()).toBe(0);
    await shot(page, 'admin-users-desktop');
    expect(await contentViolations(page)).toEqual([]);

    await link.click();
    await page.waitForURL(`${running.app.url}/admin/users/${offender.uid}`);
    await page.getByRole('heading', { level: 1, name: offender.username }).waitFor();
    await expect(page.getByText('注册奖励').isVisible()).resolves.toBe(true);
    await shot(page, 'admin-user-desktop');
    expect(await contentViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '封禁账号' }).click();
    const dialog = page.getByRole('dialog', { name: `确定封禁 ${offender.username}？` });
    await expect(dialog.isVisible()).resolves.toBe(true);
    const confirm = dialog.getByRole('button', { name: '封禁账号' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: '原因' }).fill('spam links in every chat room');
    await shot(page, 'admin-ban-dialog-desktop', false);
    await confirm.click();
    await page.getByText('账号已封禁，并已在所有设备上退出登录。').waitFor();
    // The page's data reloads after the call: the ban and its audit row appear.
    await page.getByText('原因：spam links in every chat room').waitFor();
    await page.getByRole('cell', { name: '封禁', exact: true }).waitFor();
    await shot(page, 'admin-user-banned-desktop');
    await page.context().close();

    expect(await login(offender.username, 'goal2026x')).toMatchObject({ status: 'fail', errorCode: 2002 });
    expect(await api('GET', '/admin/wallet/audit', undefined, offender.token)).toMatchObject({
      errorCode: 3001,
    });
  });

  it('fits a phone: the tables scroll inside their boxes, never the page', async () => {
    const list = await open('/admin/users', admin, PHONE);
    expect(await pageOverflow(list)).toBeLessThanOrEqual(0);
    const box = list.getByRole('region', { name: '用户管理' });
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await shot(list, 'admin-users-phone');
    await list.context().close();

    const details = await open(`/admin/users/${offender.uid}`, admin, PHONE);
    expect(await pageOverflow(details)).toBeLessThanOrEqual(0);
    await shot(details, 'admin-user-phone');
    await details.getByRole('button', { name: '授予' }).first().click();
    await details.getByRole('dialog').waitFor();
    await shot(details, 'admin-role-dialog-phone', false);
    await details.context().close();
  });

  it('takes a reader’s report of a comment to the queue, where an administrator removes it', async () => {
    const video = (await api('GET', '/hot/video/1')).result[0] as { id: number; game: string };
    const promoter = await register('Promoter3');
    const said = await api(
      'POST',
      '/comment/add',
      { targetType: 'video', targetId: video.id, body: 'Cheap likes at spam.example' },
      promoter.token,
    );

    const reader = await open(`/videos/${video.game}/${video.id}`, fan, PHONE);
    const comment = reader.getByRole('article').filter({ hasText: 'Cheap likes at spam.example' });
    await comment.getByRole('button', { name: '举报' }).click();
    const dialog = reader.getByRole('dialog', { name: '举报这条评论' });
    await dialog.getByRole('radio', { name: '垃圾信息或广告' }).check();
    await dialog.getByRole('textbox', { name: '补充说明（选填）' }).fill('sells likes');
    await shot(reader, 'report-dialog-phone', false);
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await dialog.getByText('感谢您的举报，管理员会尽快处理。').waitFor();
    await reader.context().close();

    const page = await open('/admin/reports', admin);
    const entry = page.getByRole('listitem').filter({ hasText: 'Cheap likes at spam.example' });
    await entry.getByText('垃圾信息或广告: sells likes').waitFor();
    await entry.getByText('举报人：GoalFan1').waitFor();
    await expect(
      entry.getByRole('link', { name: 'Cheap likes at spam.example' }).getAttribute('href'),
    ).resolves.toBe(`/videos/${video.game}/${video.id}`);
    await shot(page, 'admin-reports-desktop');
    expect(await contentViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-reports-phone');

    // The shared queue's decision: removing asks for the reason in a dialog.
    await entry.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('textbox', { name: '原因' }).fill('spam link');
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    // The dialog closes once the server has answered and the queue reloaded. While it is open, the
    // page behind it is hidden from the accessibility tree, so the entry would read as gone at once.
    await confirm.waitFor({ state: 'detached' });
    await entry.waitFor({ state: 'detached' });
    const comments = await api('GET', `/comment/list?targetType=video&targetId=${video.id}`);
    expect(comments.result.list.map((comment: { id: number }) => comment.id)).not.toContain(said.result.id);
    await page.context().close();
  });

  it('speaks the visitor’s language', async () => {
    const page = await open('/en_US/admin/users', admin, DESKTOP, 'en-US');
    await expect(page.locator('h1').textContent()).resolves.toBe('User management');
    await expect(page.getByRole('columnheader', { name: 'Account status' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('shows the no-permission page to a signed-in user who is not an administrator', async () => {
    const res = await fetch(`${running.app.url}/admin`, {
      headers: {
        cookie: `lang=zh_CN; token=${fan.token}; userInfo=${encodeURIComponent(JSON.stringify({ uid: fan.uid, username: fan.username }))}`,
      },
    });
    expect(res.status).toBe(403);
    const page = await open('/admin/users', fan);
    await expect(page.locator('h1').textContent()).resolves.toBe('抱歉，您没有权限访问此页面');
    await expect(page.getByText(offender.username).count()).resolves.toBe(0);
    await shot(page, 'admin-no-permission-desktop');
    await page.context().close();
  });

  it('answers every admin page of the router with the no-permission page for a user and a login request for a guest', async () => {
    const pages = adminPaths(routes);
    expect(pages).toEqual(
      expect.arrayContaining(['/admin', '/admin/users/1', '/admin/audit', '/admin/payments']),
    );
    const asFan = `lang=zh_CN; token=${fan.token}; userInfo=${encodeURIComponent(JSON.stringify({ uid: fan.uid, username: fan.username }))}`;
    for (const path of pages) {
      const refused = await fetch(`${running.app.url}${path}`, { headers: { cookie: asFan } });
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain('抱歉，您没有权限访问此页面');
      const guest = await fetch(`${running.app.url}${path}`, { headers: { cookie: 'lang=zh_CN' } });
      expect(guest.status, path).toBe(401);
    }
  });

  it('shows the dashboard: accounts, recharges, rooms live now and each queue with what waits in it', async () => {
    await api(
      'POST',
      '/user/expertApply',
      { displayName: 'Dashboard Tipster', introduction: 'Reads every derby.', gameIds: [202] },
      fan.token,
    );
    const page = await open('/admin', admin);
    const stats = page.getByTestId('dashboard-stats');
    await expect(stats.getByText('用户总数').isVisible()).resolves.toBe(true);
    await expect(stats.getByText('正在直播的房间').isVisible()).resolves.toBe(true);
    const queue = page.getByTestId('dashboard-queues').getByRole('link', { name: /专家申请/ });
    await expect(queue.textContent()).resolves.toContain('待处理：1');
    await shot(page, 'admin-dashboard-desktop');
    expect(await contentViolations(page)).toEqual([]);
    await queue.click();
    await page.waitForURL(/\/admin\/expertApplications$/);
    await page.context().close();

    const phone = await open('/admin', admin, PHONE);
    expect(await pageOverflow(phone)).toBe(0);
    await shot(phone, 'admin-dashboard-phone');
    await phone.context().close();

    const payments = await open('/admin/payments', admin);
    await expect(payments.getByTestId('wallet-audit').textContent()).resolves.toBe(
      '每个余额都等于其账本记录之和。',
    );
    await shot(payments, 'admin-payments-desktop');
    expect(await contentViolations(payments)).toEqual([]);
    await payments.context().close();
  });

  it('rejects an expert application in the shared queue with a reason, which the audit log shows', async () => {
    const page = await open('/admin/expertApplications', admin);
    const row = page.getByTestId('application-queue').locator('li').filter({ hasText: 'Dashboard Tipster' });
    expect(await contentViolations(page)).toEqual([]);
    await row.getByRole('button', { name: '驳回' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: '驳回' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox').fill('Please list the leagues you follow');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'admin-queue-reject-desktop', false);
    await confirm.click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();

    const log = await open(`/admin/audit?uid=${fan.uid}&action=reject_expert`, admin);
    const entry = log.getByRole('row').filter({ hasText: 'Please list the leagues you follow' });
    await expect(entry.getByText('驳回专家申请').isVisible()).resolves.toBe(true);
    await expect(entry.getByRole('link', { name: admin.username }).isVisible()).resolves.toBe(true);
    await shot(log, 'admin-audit-desktop');
    expect(await contentViolations(log)).toEqual([]);
    await log.context().close();
  });

  it('changes the recharge options at run time, and the recharge list offers them at once', async () => {
    // The app is every file's: the options are set back once this test has seen them change.
    const before = (await api('GET', '/admin/wallet/rechargeOptions', undefined, admin.token)).result;
    onTestFinished(async () => {
      await api('POST', '/admin/wallet/rechargeOptions', { rmb: before }, admin.token);
    });
    const page = await open('/admin/settings', admin);
    // Checked before the click: the pointer left over the save button gives it its hover colour.
    expect(await contentViolations(page)).toEqual([]);
    const form = page.locator('form').filter({ has: page.getByLabel('金额（人民币）') });
    await page.getByLabel('金额（人民币）').fill('20, 200, 2000');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('已保存。').waitFor();
    const offered = await api('GET', '/orderpay/gold/list');
    expect(offered.result.map((option: { rmb: number }) => option.rmb)).toEqual([20, 200, 2000]);
    await shot(page, 'admin-settings-desktop');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-settings-phone');
    await page.context().close();
  });

  it('shows the chat modes of new rooms in the settings and saves them, audited', async () => {
    // Saved as they are: every file's rooms follow them, so this test changes none.
    const page = await open('/admin/settings', admin);
    const card = page.locator('section').filter({ hasText: '新直播间的聊天模式' });
    await expect(card.getByLabel('慢速模式').inputValue()).resolves.toBe('0');
    await card.getByRole('button', { name: '保存' }).click();
    await page.getByText('聊天模式已保存').waitFor();
    await page.context().close();
    const log = await open(`/admin/audit?action=set_default_chat_modes`, admin);
    await log.getByRole('row').filter({ hasText: '设置默认聊天模式' }).first().waitFor();
    await log.context().close();
  });

  it('adds a gift with an uploaded Lottie animation that plays, then hides it from the rooms', async () => {
    const page = await open('/admin/gifts', admin);
    const form = page.locator('form');
    await expect(form.getByRole('button', { name: '保存' }).isDisabled()).resolves.toBe(true);
    await form.locator('input[type=file]').setInputFiles({
      name: 'not-an-animation.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}'),
    });
    await page
      .getByRole('alert')
      .getByText('礼物动画须为 SVGA 2 或 Lottie JSON 文件，且不超过 2MB')
      .waitFor();
    await form.locator('input[type=file]').setInputFiles({
      name: 'cup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(LOTTIE_CUP)),
    });
    await form.getByText('已上传 Lottie 动画').waitFor();
    await form.getByRole('textbox', { name: '名称' }).fill('奖杯');
    // Its name for English visitors; the other languages, left empty, show the name above.
    await form.getByText('其他语言的名称').click();
    await form.getByRole('textbox', { name: 'English' }).fill('Trophy');
    await form.getByRole('spinbutton', { name: '价格' }).fill('66');
    await form.getByRole('spinbutton', { name: '连击时长（秒）' }).fill('3');
    await form.getByRole('button', { name: '播放' }).click();
    await form.locator('[data-playing$=".json"] svg').waitFor();
    await shot(page, 'admin-gifts-desktop');
    expect(await contentViolations(page)).toEqual([]);
    await form.getByRole('button', { name: '保存' }).click();
    const row = page.getByRole('listitem').filter({ hasText: '奖杯' });
    await row.getByText('66 金币 · Lottie · 连击 3 秒').waitFor();
    // The form is empty again for the next gift.
    await expect(form.getByRole('textbox', { name: '名称' }).inputValue()).resolves.toBe('');
    const listed = await api('GET', '/gift/list');
    const cup = listed.result.find((gift: { name: string }) => gift.name === '奖杯');
    expect(cup).toMatchObject({ price: 66, currency: 'coin', animationType: 'lottie', comboSeconds: 3 });
    const inEnglish = await callJava(running.app, 'GET', '/gift/list', undefined, undefined, 'en_US');
    expect(inEnglish.result.find((gift: { id: number }) => gift.id === cup.id)?.name).toBe('Trophy');
    const animation = await fetch(`${running.app.url}${cup.animation}`);
    expect(await animation.json()).toEqual(LOTTIE_CUP);

    await row.getByRole('button', { name: '下架' }).click();
    await row.getByText('已下架').waitFor();
    const after = await api('GET', '/gift/list');
    expect(after.result.map((gift: { name: string }) => gift.name)).not.toContain('奖杯');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-gifts-phone');
    await page.context().close();
  });

  it('asks a guest to log in', async () => {
    const res = await fetch(`${running.app.url}/admin`, { headers: { cookie: 'lang=zh_CN' } });
    expect(res.status).toBe(401);
    const page = await open('/admin', null, PHONE);
    await expect(page.locator('h1').textContent()).resolves.toBe('请登录');
    await expect(page.getByRole('button', { name: '登录 / 注册' }).first().isVisible()).resolves.toBe(true);
    await shot(page, 'admin-guest-phone');
    await page.context().close();
  });
});

/** A Lottie animation: a gold disc that grows in and fades over one second. */
const LOTTIE_CUP = {
  v: '5.7.4',
  fr: 30,
  ip: 0,
  op: 30,
  w: 300,
  h: 300,
  layers: [
    {
      ty: 4,
      ind: 1,
      ip: 0,
      op: 30,
      st: 0,
      ks: {
        o: {
          a: 1,
          k: [
            { t: 0, s: [100] },
            { t: 30, s: [0] },
          ],
        },
        p: { a: 0, k: [150, 150, 0] },
        a: { a: 0, k: [0, 0, 0] },
        s: {
          a: 1,
          k: [
            { t: 0, s: [20, 20, 100] },
            { t: 30, s: [100, 100, 100] },
          ],
        },
        r: { a: 0, k: 0 },
      },
      shapes: [
        { ty: 'el', p: { a: 0, k: [0, 0] }, s: { a: 0, k: [200, 200] } },
        { ty: 'fl', c: { a: 0, k: [1, 0.8, 0.1, 1] }, o: { a: 0, k: 100 } },
      ],
    },
  ],
};

/** Every page path under /admin in the router's table, with a sample value for each parameter. */
function adminPaths(entries: RouteConfigEntry[], parent = ''): string[] {
  const paths = new Set<string>();
  for (const entry of entries) {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/:\w+\??/g, '1') : parent;
    if (path === '/admin' || path.startsWith('/admin/')) paths.add(path);
    for (const child of adminPaths(entry.children ?? [], path)) paths.add(child);
  }
  return [...paths];
}
