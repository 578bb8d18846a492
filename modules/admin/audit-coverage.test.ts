import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';

/**
 * Every changing admin call of the router writes an audit row. The calls come from the OpenAPI
 * document; each is performed here, or named with the module test that checks its audit row
 * where its setup belongs to that module. A new admin call fails the first test until it is covered.
 */
const ADMIN_EMAIL = 'auditor@example.com';
const ADMIN_PASSWORD = 'ledger2026';

let app: FastifyInstance;
let java: JavaClient;
let admin: string;

/** Calls checked for their audit row by their own module's tests. */
const AUDITED_IN_MODULE_TESTS: Record<string, string> = {
  '/admin/anchor/review':
    'modules/live/live.test.ts: lets an administrator approve, reject with a reason, ban and unban, each audited',
  '/admin/experts/plans/review': 'modules/experts/experts.test.ts (plan review, its audit row)',
  '/admin/mall/orders/transition': 'modules/mall/mall.test.ts (mall_order_redeemed audit row)',
  // It changes what every room of the file's app follows: set and set back there.
  '/admin/chat/defaultModes':
    "modules/chat/chat.test.ts: gives rooms whose own modes are not set the platform's defaults, which only administrators set, audited",
  '/channel/admin/create':
    'modules/channels/channels.test.ts: writes the channel and the promoter role to the audit log, and refuses a taken id',
};

/** Calls that change nothing of anyone's: they keep a file for a form whose saving is audited. */
const NOT_DECISIONS = new Set(['/admin/mall/uploadImage', '/admin/gift/uploadAnimation']);

let serial = 0;
async function someone(): Promise<{ uid: number; token: string }> {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `audited${serial}@example.com`,
    source: 'email',
    type: 1,
  });
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

async function ok(method: 'GET' | 'POST', url: string, body?: unknown, token = admin) {
  const answer = await java.call(method, url, { body, token });
  expect(answer.status, `${url} ${JSON.stringify(answer)}`).toBe('success');
  return answer.result;
}

/** For each call: make what it acts on, and give the body that acts on it. */
const PERFORMED: Record<string, () => Promise<object>> = {
  '/admin/users/ban': async () => ({ uid: (await someone()).uid, reason: 'spam' }),
  '/admin/users/unban': async () => {
    const { uid } = await someone();
    await ok('POST', '/admin/users/ban', { uid, reason: 'spam' });
    return { uid, reason: 'appeal' };
  },
  '/admin/users/roles/grant': async () => ({ uid: (await someone()).uid, role: 'anchor' }),
  '/admin/users/roles/revoke': async () => {
    const { uid } = await someone();
    await ok('POST', '/admin/users/roles/grant', { uid, role: 'promoter' });
    return { uid, role: 'promoter' };
  },
  '/admin/users/coins': async () => ({
    uid: (await someone()).uid,
    amount: 5,
    reason: 'goodwill',
    key: 'audit-coins-1',
  }),
  '/admin/users/mute': async () => ({
    uid: (await someone()).uid,
    action: 'mute',
    minutes: 10,
    reason: 'abuse',
  }),
  '/admin/memberships/prices': () => ok('GET', '/admin/memberships/prices'),
  '/admin/payments/refund': async () => {
    const payer = await someone();
    const { order } = await ok('POST', '/orderpay/payByAlipay', { product: 'coins', rmb: 10 }, payer.token);
    await app.services.wallet.decideInSandbox(order.orderNo, 'paid');
    return { orderNo: order.orderNo, reason: 'refunded at the provider' };
  },
  '/admin/gift': async () => ({
    name: 'Whistle',
    currency: 'coin',
    price: 3,
    animation: '/gifts/heart.svga',
  }),
  '/admin/mall/goods': async () => ({
    name: 'Scarf',
    description: '<p>Club scarf</p>',
    images: [],
    category: 'physical',
    priceCoins: 100,
    inventory: 5,
    onShelf: false,
  }),
  '/admin/mall/goods/shelf': async () => {
    const made = await ok('POST', '/admin/mall/goods', {
      name: 'Cap',
      description: '<p>Cap</p>',
      images: [],
      category: 'physical',
      priceCoins: 80,
      inventory: 5,
      onShelf: false,
    });
    return { id: made.id, onShelf: true };
  },
  '/admin/mall/boxes': async () => ({
    name: 'Audit box',
    priceCoins: 100,
    prizes: [
      { kind: 'coins', amount: 50, weight: 90 },
      { kind: 'vip_days', amount: 1, weight: 10 },
    ],
  }),
  '/admin/mall/boxes/rotateSeed': async () => {
    const made = await ok('POST', '/admin/mall/boxes', {
      name: 'Seeded box',
      priceCoins: 100,
      prizes: [
        { kind: 'coins', amount: 50, weight: 90 },
        { kind: 'vip_days', amount: 1, weight: 10 },
      ],
    });
    return { boxId: made.id };
  },
  '/admin/videos': async () => ({
    gameId: 202,
    title: 'Derby highlights',
    source: 'https://example.com/derby.m3u8',
    durationSeconds: 90,
  }),
  '/admin/videos/delete': async () => {
    const video = await ok('POST', '/admin/videos', {
      gameId: 202,
      title: 'Old highlights',
      source: 'https://example.com/old.m3u8',
      durationSeconds: 60,
    });
    return { id: video.id, reason: 'duplicate' };
  },
  '/admin/articles/review': async () => ({
    id: (await article()).id,
    decision: 'reject',
    reason: 'sources missing',
  }),
  '/admin/reports/resolve': async () => {
    const written = await article();
    await ok('POST', '/admin/articles/review', { id: written.id, decision: 'publish' });
    const reader = await someone();
    await ok(
      'POST',
      '/content/report',
      { targetType: 'article', targetId: written.id, reason: 'spam' },
      reader.token,
    );
    return { targetType: 'article', targetId: written.id, action: 'dismiss', reason: 'not spam' };
  },
  '/admin/experts/applications/review': async () => {
    const applicant = await someone();
    await ok(
      'POST',
      '/user/expertApply',
      {
        displayName: `Tipster ${applicant.uid}`,
        introduction: 'Ten years of league football.',
        gameIds: [202],
      },
      applicant.token,
    );
    const queue = await ok('GET', '/admin/experts/applications');
    const { id } = queue.list.find((row: { uid: number }) => row.uid === applicant.uid);
    return { id, approve: false, reason: 'Tell us more' };
  },
  '/admin/experts/settings': () => ok('GET', '/admin/experts/settings'),
  '/admin/wallet/rechargeOptions': async () => ({ rmb: [10, 100, 1000] }),
  '/admin/sensitiveWords': async () => ({ words: ['spamword'] }),
  '/admin/live/links': () => ok('GET', '/admin/live/links').then((links) => ({ links })),
  '/admin/system/project': () => ok('GET', '/admin/system/project'),
};

/** An article in review by a creator. */
async function article(): Promise<{ id: number }> {
  const creator = await someone();
  await ok('POST', '/admin/users/roles/grant', { uid: creator.uid, role: 'expert' });
  return ok(
    'POST',
    '/creator/article',
    {
      gameId: 202,
      title: 'A derby to remember',
      body: '<p>Both sides pressed high from the first minute.</p>',
    },
    creator.token,
  );
}

async function changingAdminCalls(): Promise<string[]> {
  const document = (await app.inject({ method: 'GET', url: '/java/docs/openapi.json' })).json();
  return Object.entries<Record<string, { 'x-roles'?: string[] }>>(document.paths)
    .filter(([, operations]) => operations.post?.['x-roles']?.join() === 'admin')
    .map(([path]) => path.replace('/java', ''));
}

const logRows = async () =>
  (await app.services.database.db.select({ n: count() }).from(adminActions))[0]?.n ?? 0;

describe('the audit log covers every admin action', () => {
  beforeAll(async () => {
    app = await buildTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD, DEV_ADAPTERS: 'true' } });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    admin = (
      await java.post('/login/V2/mobileOrNameToLogin', {
        mobileOrEmail: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      })
    ).result.token;
  });

  it('has every changing admin call of the router performed here or checked by its module', async () => {
    const uncovered = (await changingAdminCalls()).filter(
      (path) => !(path in PERFORMED) && !(path in AUDITED_IN_MODULE_TESTS) && !NOT_DECISIONS.has(path),
    );
    expect(uncovered).toEqual([]);
  });

  it.each(Object.keys(PERFORMED))('POST %s writes an audit row in its transaction', async (path) => {
    const body = await PERFORMED[path]?.();
    const before = await logRows();
    await ok('POST', path, body);
    expect(await logRows()).toBe(before + 1);
  });
});
