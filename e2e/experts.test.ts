import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations, newContext, openIn, pageOverflow } from './browser';
import {
  type Account,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  javaResult,
  PHONE,
  registerByEmail,
  sharedAppAndBrowser,
  shot,
} from './harness';

const running = sharedAppAndBrowser();

async function signInAdmin(): Promise<Account> {
  const login = await javaResult<{ token: string; user: { uid: number; username: string } }>(
    running.app,
    'POST',
    '/login/V2/mobileOrNameToLogin',
    { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  );
  return { uid: login.user.uid, username: login.user.username, token: login.token };
}

describe('expert tips in headless Chromium', () => {
  it('a user applies, an admin approves, the expert publishes a plan, an admin approves it, a buyer reads it and a non-buyer sees only the summary', async () => {
    const app = running.app;
    const admin = await signInAdmin();
    const tipster = await registerByEmail(app, `tipster-${Date.now()}@example.com`);
    const expert = await newContext(running.browser, app, { account: tipster });
    const desk = await newContext(running.browser, app, { account: admin });

    // The application.
    const apply = await openIn(expert, app, '/creatorCenter/apply');
    await apply.getByTestId('application-state').getByText('您尚未申请。').waitFor();
    await apply.getByLabel('显示名称').fill('Corner Kick Oracle');
    await apply.getByLabel('个人简介').fill('Ten years of reading the Premier League, one pick at a time.');
    await apply.locator('label').filter({ hasText: '足球' }).first().click();
    await apply.getByRole('button', { name: '申请', exact: true }).click();
    await apply.getByTestId('application-state').getByText('您的申请正在审核中。').waitFor();

    // An administrator approves it.
    const applications = await openIn(desk, app, '/admin/expertApplications');
    const row = applications
      .getByTestId('application-queue')
      .locator('li')
      .filter({ hasText: 'Corner Kick Oracle' });
    await shot(applications, 'experts-admin-applications');
    await row.getByRole('button', { name: '通过' }).click();
    await applications.getByRole('dialog').getByRole('button', { name: '通过' }).click();
    await row.waitFor({ state: 'detached' });

    // The expert composes a plan: every rule is checked as it is typed.
    const compose = await openIn(expert, app, '/creatorCenter/progComponent');
    await compose.getByLabel('游戏', { exact: true }).selectOption({ label: '足球' });
    const match = compose.getByLabel('比赛', { exact: true });
    await expect.poll(() => match.locator('option').count()).toBeGreaterThan(1);
    await match.selectOption({ index: 1 });
    await compose.getByLabel('竞猜级别', { exact: true }).fill('Premier');
    await compose.getByLabel('玩法', { exact: true }).selectOption('1x2');
    await compose.getByLabel('预测结果', { exact: true }).selectOption('home');
    await compose.getByLabel('赔率', { exact: true }).fill('1.85');
    await compose.getByLabel('标题', { exact: true }).fill('Tip');
    await compose.getByRole('alert').filter({ hasText: '文章标题须为5至60个字符' }).waitFor();
    await compose.getByLabel('标题', { exact: true }).fill('Home side to win the derby');
    await compose
      .getByRole('alert')
      .filter({ hasText: '文章标题须为5至60个字符' })
      .waitFor({ state: 'detached' });
    await compose
      .getByLabel('摘要（所有人可见）', { exact: true })
      .fill('The hosts are unbeaten at home since August.');
    await compose.locator('#plan-content').click();
    await compose.keyboard.type('Their pressing wins the ball high; the visitors concede first in 7 of 10.');
    await compose.getByLabel('价格', { exact: true }).selectOption({ label: '58 金币' });
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#1e88e5' } })
      .png()
      .toBuffer();
    const chooser = compose.waitForEvent('filechooser');
    await compose.getByRole('button', { name: '上传封面' }).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => compose.locator('#plan-cover').inputValue()).toMatch(/^\/uploads\//);
    await shot(compose, 'experts-composer-desktop');
    await compose.getByRole('button', { name: '提交审核' }).click();
    await compose.getByRole('status').getByText('方案已发布，请等待审核').waitFor();
    const href = await compose.getByRole('link', { name: 'Home side to win the derby' }).getAttribute('href');
    const planPath = href ?? '';
    expect(planPath).toMatch(/\/expert\/plan\/\d+$/);

    const manage = await openIn(expert, app, '/creatorCenter/progManage');
    const mine = manage
      .getByTestId('own-plans')
      .locator('li')
      .filter({ hasText: 'Home side to win the derby' });
    await mine.getByText('审核中').waitFor();
    await shot(manage, 'experts-creator-plans-review-desktop');

    // An administrator approves the plan.
    const plans = await openIn(desk, app, '/admin/expertPlans');
    const queued = plans
      .getByTestId('plan-queue')
      .locator('li')
      .filter({ hasText: 'Home side to win the derby' });
    await queued.getByRole('button', { name: '通过' }).click();
    await plans.getByRole('dialog').getByRole('button', { name: '通过' }).click();
    await queued.waitFor({ state: 'detached' });

    // Another user buys it with coins: the confirmation names the price and the balance.
    const fan = await registerByEmail(app, `buyer-${Date.now()}@example.com`);
    const buyer = await newContext(running.browser, app, { account: fan, viewport: PHONE });
    const page = await openIn(buyer, app, planPath);
    await page.getByTestId('plan-locked').waitFor();
    expect(await page.getByTestId('plan-content').count()).toBe(0);
    await page.getByRole('button', { name: '58 金币购买' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('价格：58 金币').waitFor();
    await dialog.getByText('您的余额：200 金币').waitFor();
    await dialog.getByText('购买后余额：142 金币').waitFor();
    await shot(page, 'experts-buy-confirm-phone', false);
    await dialog.getByRole('button', { name: '支付' }).click();
    await dialog.getByText('购买成功。您的余额：142 金币。').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('plan-content').getByText('Their pressing wins the ball high').waitFor();
    await page.getByTestId('prediction').waitFor();
    await page.getByTestId('commitment-hash').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'experts-plan-bought-phone');
    await page.goto(`${app.url}/userInfo/plans`, { waitUntil: 'networkidle' });
    await page.getByTestId('purchased-plans').getByText('Home side to win the derby').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'experts-purchased-phone');

    // Taken off the shelves, the plan keeps its content for its buyer.
    await manage.reload({ waitUntil: 'networkidle' });
    await mine.getByRole('button', { name: '下架' }).click();
    await mine.getByText('已下架').waitFor();
    await page.goto(`${app.url}${planPath}`, { waitUntil: 'networkidle' });
    await page.getByTestId('plan-content').waitFor();

    // A user who did not buy it sees the summary only.
    const other = await registerByEmail(app, `reader-${Date.now()}@example.com`);
    const reader = await newContext(running.browser, app, { account: other });
    const locked = await openIn(reader, app, planPath);
    await locked.getByTestId('plan-summary').getByText('unbeaten at home').waitFor();
    await locked.getByTestId('plan-locked').waitFor();
    expect(await locked.getByTestId('plan-content').count()).toBe(0);
    expect(await locked.content()).not.toContain('Their pressing wins the ball high');
    await shot(locked, 'experts-plan-locked-desktop');

    // Anyone re-checks the expert's chain of commitments.
    await locked.getByRole('link', { name: '验证该专家的战绩' }).click();
    await locked
      .getByTestId('chain-result')
      .getByText(/链条完整/)
      .waitFor();
    await shot(locked, 'experts-verify-desktop');

    await Promise.all([expert.close(), desk.close(), buyer.close(), reader.close()]);
  }, 180_000);

  it.each([
    ['phone', PHONE],
    ['desktop', { width: 1366, height: 900 }],
  ] as const)('shows the expert pages on a %s without sideways scrolling', async (name, viewport) => {
    const context = await newContext(running.browser, running.app, { viewport });
    const home = await openIn(context, running.app, '/expert');
    await home.getByTestId('expert-rows').first().waitFor();
    expect(await pageOverflow(home)).toBeLessThanOrEqual(0);
    expect(await axeViolations(home)).toEqual([]);
    await shot(home, `experts-home-${name}`);
    const first = await home.getByTestId('expert-rows').locator('a').first().getAttribute('href');
    const expertPage = await openIn(context, running.app, first ?? '/expert');
    await expertPage.getByTestId('expert-stats').waitFor();
    expect(await pageOverflow(expertPage)).toBeLessThanOrEqual(0);
    expect(await axeViolations(expertPage)).toEqual([]);
    await shot(expertPage, `experts-expert-${name}`);
    const all = await openIn(context, running.app, '/expert/allExperts?sort=roi');
    expect(await pageOverflow(all)).toBeLessThanOrEqual(0);
    await shot(all, `experts-all-${name}`);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('shows the creator centre on a %s', async (name, viewport) => {
    const admin = await signInAdmin();
    const context = await newContext(running.browser, running.app, { viewport, account: admin });
    for (const [path, file] of [
      ['/creatorCenter', 'board'],
      ['/creatorCenter/progManage', 'plans'],
      ['/creatorCenter/progComponent', 'composer'],
    ] as const) {
      const page = await openIn(context, running.app, path);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await shot(page, `experts-creator-${file}-${name}`);
      await page.close();
    }
    await context.close();
  });
});
