import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient, outboxCode } from '../../test/java';
import { CHANNEL_COOKIE } from './channels-constants.contract';
import { csvCell, toCsv } from './csv';

let app: FastifyInstance;
let java: JavaClient;
let serial = 0;

/** A fresh account and its login token. */
async function account(roles: ('admin' | 'promoter')[] = []) {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `channels${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  for (const role of roles) await app.services.admin.setRole(null, row.uid, { role, granted: true });
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, username: row.username, token };
}

const rollUpToday = () => app.services.channels.rollUp(new Date(), new Date());

describe.each(embeddedOnly)('promotion channels on $name', (target) => {
  let admin: Awaited<ReturnType<typeof account>>;
  let promoter: Awaited<ReturnType<typeof account>>;
  let rival: Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create(), env: { DEV_ADAPTERS: 'true' } });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    admin = await account(['admin']);
    const owner = await account();
    const other = await account();
    for (const [who, id] of [
      [owner, 'spring'],
      [other, 'rival'],
    ] as const) {
      const made = await java.call('POST', '/channel/admin/create', {
        token: admin.token,
        body: { ownerId: who.uid, id, name: `Channel ${id}` },
      });
      expect(made.status).toBe('success');
    }
    // The promoter role came with the channel.
    promoter = owner;
    rival = other;
  });

  it('a visit through the link, the registration it leads to and that user’s recharge count for the channel', async () => {
    const browser = javaClient(app, { keepCookies: true });
    const visit = await browser.post('/channel/visit', { channel: 'spring' });
    expect(visit.result).toEqual({ channel: 'spring' });
    // First touch: a later link of another channel is a visit of its own, not a new owner.
    expect((await browser.post('/channel/visit', { channel: 'rival' })).result).toEqual({
      channel: 'spring',
    });
    expect(browser.cookies.get(CHANNEL_COOKIE)).toBe('spring');

    // The page sends the kept channel as the spec's promotionChannelId when signing up.
    const email = `arrival-${Date.now()}@example.com`;
    await browser.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const login = await browser.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: await outboxCode(app, email),
      promotionChannelId: browser.cookies.get(CHANNEL_COOKIE),
    });
    expect(login.result.newUser).toBe(true);
    const fan = login.result as { token: string; user: { uid: number } };

    // Signed in, the same browser comes back through the link: a registered user's visit.
    await browser.call('POST', '/channel/visit', { body: { channel: 'spring' }, token: fan.token });
    await browser.post('/channel/download', {});

    const order = await java.call('POST', '/orderpay/payByAlipay', {
      token: fan.token,
      body: { product: 'coins', rmb: 200 },
    });
    await app.services.wallet.decideInSandbox(order.result.order.orderNo, 'paid');
    await rollUpToday();

    const list = await java.call('GET', '/channel/list?days=7', { token: promoter.token });
    expect(list.result).toEqual([
      {
        id: 'spring',
        name: 'Channel spring',
        link: '/?channel=spring',
        visits: 1,
        registeredVisits: 1,
        registrations: 1,
        downloads: 1,
        recharges: 1,
        rechargeFen: 20_000,
      },
    ]);
    const stats = await java.call('GET', '/channel/statistical?days=14&channelId=spring', {
      token: promoter.token,
    });
    expect(stats.result.series).toHaveLength(14);
    expect(stats.result.totals).toMatchObject({ visits: 1, registrations: 1, recharges: 1 });
    const users = await java.call('GET', '/channel/user?days=30', { token: promoter.token });
    expect(users.result.list).toEqual([expect.objectContaining({ uid: fan.user.uid, rechargeFen: 20_000 })]);
    const gold = await java.call('GET', '/channel/gold?days=30', { token: promoter.token });
    expect(gold.result).toMatchObject({ total: 1, totalFen: 20_000 });
    const water = await java.call('GET', '/channel/water?days=7', { token: promoter.token });
    expect(water.result.list.map((row: { type: string }) => row.type).sort()).toEqual([
      'recharge',
      'registration_bonus',
    ]);
    expect(water.result).toMatchObject({ coinsIn: 2200, coinsOut: 0 });
  });

  it('counts the same numbers however often the roll-up runs', async () => {
    const before = (await java.call('GET', '/channel/list?days=7', { token: promoter.token })).result;
    await rollUpToday();
    await rollUpToday();
    expect((await java.call('GET', '/channel/list?days=7', { token: promoter.token })).result).toEqual(
      before,
    );
  });

  it('another promoter sees none of it, and cannot ask for the channel by name', async () => {
    const theirs = await java.call('GET', '/channel/list?days=30', { token: rival.token });
    expect(theirs.result.map((c: { id: string }) => c.id)).toEqual(['rival']);
    expect(theirs.result[0]).toMatchObject({ registrations: 0, recharges: 0 });
    for (const path of ['statistical', 'user', 'gold', 'water']) {
      const asked = await java.call('GET', `/channel/${path}?days=7&channelId=spring`, {
        token: rival.token,
      });
      expect([asked.status, asked.errorCode], path).toEqual(['fail', 7201]);
    }
    expect((await java.call('GET', '/channel/user?days=30', { token: rival.token })).result.total).toBe(0);
    expect((await java.call('GET', '/channel/gold?days=30', { token: rival.token })).result.total).toBe(0);
    const file = await app.inject({
      method: 'GET',
      url: '/channel/export/user.csv?days=30&channelId=spring',
      headers: { token: rival.token },
    });
    expect(file.statusCode).toBe(404);
  });

  it('refuses the pages’ calls to a user who is not a promoter, and the admin calls to a promoter', async () => {
    const fan = await account();
    for (const path of ['list', 'statistical', 'user', 'gold', 'water']) {
      const answer = await java.call('GET', `/channel/${path}`, { token: fan.token });
      expect([answer.status, answer.errorCode], path).toEqual(['fail', 1004]);
      expect((await java.get(`/channel/${path}`)).errorCode, path).toBe(1003);
    }
    const create = await java.call('POST', '/channel/admin/create', {
      token: promoter.token,
      body: { ownerId: promoter.uid, id: 'sneaky', name: 'Sneaky' },
    });
    expect([create.status, create.errorCode]).toEqual(['fail', 1004]);
    expect((await java.call('GET', '/channel/admin/list', { token: promoter.token })).errorCode).toBe(1004);
  });

  it('writes the channel and the promoter role to the audit log, and refuses a taken id', async () => {
    const actions = await app.services.database.db.select().from(adminActions);
    const mine = actions.filter((row) => row.actorId === admin.uid && row.targetId === promoter.uid);
    expect(mine.map((row) => row.action).sort()).toEqual(['create_channel', 'grant_role']);
    const again = await java.call('POST', '/channel/admin/create', {
      token: admin.token,
      body: { ownerId: rival.uid, id: 'spring', name: 'Again' },
    });
    expect([again.status, again.errorCode]).toEqual(['fail', 7202]);
    const badId = await java.call('POST', '/channel/admin/create', {
      token: admin.token,
      body: { ownerId: rival.uid, id: 'Bad Id!', name: 'x' },
    });
    expect(badId.errorCode).toBe(1002);
  });

  it('exports the users as CSV for the promoter', async () => {
    const file = await app.inject({
      method: 'GET',
      url: '/channel/export/user.csv?days=30',
      headers: { token: promoter.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.split('\r\n')).toHaveLength(3);
  });
});

describe('CSV cells', () => {
  it('defuses formulas in text and quotes separators, leaving numbers as they are', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(toCsv([['x', 1]])).toBe('\uFEFFx,1\r\n');
  });
});
