import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { createSensitiveWords } from '../content/sensitive-words.service';

/**
 * The configuration administrators change at run time (issue 21): each change is validated
 * (a fail envelope naming the field) and takes effect without a restart. Its audit row is
 * checked by audit-coverage.test.ts.
 */
const ADMIN_EMAIL = 'settings@example.com';
const ADMIN_PASSWORD = 'settings2026';

let app: FastifyInstance;
let java: JavaClient;
let admin: string;
let fan: string;

const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  java.call(method, url, { body, token: admin });

beforeAll(async () => {
  app = await buildTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD, DEV_ADAPTERS: 'true' } });
  java = javaClient(app);
  cleanUpAfterFile(() => app.close());
  admin = (
    await java.post('/login/V2/mobileOrNameToLogin', { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  ).result.token;
  const row = await app.services.accounts.register({ email: 'fan@example.com', source: 'email', type: 1 });
  fan = (await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' })).token;
});

describe('recharge options', () => {
  it('offers the options an administrator sets, and refuses an amount no longer offered', async () => {
    expect((await asAdmin('POST', '/admin/wallet/rechargeOptions', { rmb: [30, 500] })).status).toBe(
      'success',
    );
    const offered = await java.get('/orderpay/gold/list');
    expect(offered.result.map((option: { rmb: number }) => option.rmb)).toEqual([30, 500]);
    // Levels keep the spec's tiers: 500 RMB reaches level 2 (200), not a tier of its own.
    expect(offered.result[1]).toMatchObject({ amount: 5000, level: 2 });

    const old = await java.call('POST', '/orderpay/payByAlipay', {
      body: { product: 'coins', rmb: 10 },
      token: fan,
    });
    expect(old).toMatchObject({
      status: 'fail',
      result: { issues: [{ field: 'rmb', reason: 'invalidValue' }] },
    });
    const now = await java.call('POST', '/orderpay/payByAlipay', {
      body: { product: 'coins', rmb: 30 },
      token: fan,
    });
    expect(now.result.order).toMatchObject({ priceFen: 3000 });
  });

  it('refuses options out of order, naming the field', async () => {
    const answer = await asAdmin('POST', '/admin/wallet/rechargeOptions', { rmb: [500, 30] });
    expect(answer).toMatchObject({
      status: 'fail',
      result: { issues: [{ field: 'rmb', reason: 'invalidValue' }] },
    });
  });
});

describe('sensitive words', () => {
  it('refuses a comment with a newly listed word at once, on this instance and on another one', async () => {
    const { services } = app;
    // A second instance of the list on the same database and bus, as another process would have.
    const other = createSensitiveWords({
      settings: services.settings,
      bus: services.bus,
      log: pino({ level: 'silent' }),
    });
    const stop = await other.start();
    expect(other.find('buy cheapfollowers now')).toBeNull();

    const video = await asAdmin('POST', '/admin/videos', {
      gameId: 202,
      title: 'Derby highlights',
      source: 'https://example.com/derby.m3u8',
      durationSeconds: 90,
    });
    const comment = { targetType: 'video', targetId: video.result.id, body: 'buy CheapFollowers now' };
    expect((await java.call('POST', '/comment/add', { body: comment, token: fan })).status).toBe('success');

    const words = (await asAdmin('GET', '/admin/sensitiveWords')).result as string[];
    expect(
      (await asAdmin('POST', '/admin/sensitiveWords', { words: [...words, 'cheapfollowers'] })).status,
    ).toBe('success');
    expect(await java.call('POST', '/comment/add', { body: comment, token: fan })).toMatchObject({
      errorCode: 4002,
    });
    await expect.poll(() => other.find('buy cheap followers now')).toBe('cheapfollowers');
    await stop();
  });

  it('refuses an empty word, naming it', async () => {
    const answer = await asAdmin('POST', '/admin/sensitiveWords', { words: ['fine', '  '] });
    expect(answer).toMatchObject({
      status: 'fail',
      result: { issues: [{ field: 'words.1', reason: 'tooShort' }] },
    });
  });
});

describe('live links', () => {
  it('orders and labels the playback lines as an administrator sets them', async () => {
    const links = [
      { kind: 'flv', priority: 2, language: 'en_US', pro: false },
      { kind: 'hls', priority: 1, language: 'ar', pro: true },
    ];
    expect((await asAdmin('POST', '/admin/live/links', { links })).result).toEqual(links);
    const lines = await app.services.liveRooms.linkSettings.apply([
      { kind: 'flv', url: '/media/live/a.flv' },
      { kind: 'hls', url: '/media/hls/a/index.m3u8' },
    ]);
    expect(lines).toEqual([
      { kind: 'hls', url: '/media/hls/a/index.m3u8', priority: 1, language: 'ar', pro: true },
      { kind: 'flv', url: '/media/live/a.flv', priority: 2, language: 'en_US', pro: false },
    ]);
  });

  it('refuses a list without one setting per line kind, or an unknown language', async () => {
    const twice = await asAdmin('POST', '/admin/live/links', {
      links: [
        { kind: 'flv', priority: 1, language: 'zh_CN', pro: true },
        { kind: 'flv', priority: 2, language: 'zh_CN', pro: false },
      ],
    });
    expect(twice).toMatchObject({
      status: 'fail',
      result: { issues: [{ field: 'links', reason: 'invalidValue' }] },
    });
    const unknown = await asAdmin('POST', '/admin/live/links', {
      links: [
        { kind: 'flv', priority: 1, language: 'xx', pro: true },
        { kind: 'hls', priority: 2, language: 'zh_CN', pro: false },
      ],
    });
    expect(unknown).toMatchObject({
      status: 'fail',
      result: { issues: [{ field: 'links.0.language', reason: 'invalidValue' }] },
    });
  });
});

describe('project config', () => {
  it('sends the new theme colour and contacts with the next answer', async () => {
    const config = (await asAdmin('GET', '/admin/system/project')).result;
    const next = {
      ...config,
      themeColor: '#1f6fd9',
      contact: { ...config.contact, businessEmail: 'ads@example.com' },
    };
    expect((await asAdmin('POST', '/admin/system/project', next)).status).toBe('success');
    const manifest = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
    expect(manifest.theme_color).toBe('#1f6fd9');
    expect((await app.services.project.get()).contact.businessEmail).toBe('ads@example.com');
  });

  it('refuses a colour that is not #rrggbb and an address on another site without https', async () => {
    const config = (await asAdmin('GET', '/admin/system/project')).result;
    const answer = await asAdmin('POST', '/admin/system/project', {
      ...config,
      themeColor: 'red',
      logos: { ...config.logos, mark: 'http://example.com/mark.svg' },
    });
    expect(answer.status).toBe('fail');
    expect(answer.result.issues).toEqual([
      expect.objectContaining({ field: 'themeColor', reason: 'invalidFormat' }),
      expect.objectContaining({ field: 'logos.mark', reason: 'invalidFormat' }),
    ]);
  });
});
