import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminActions, coinRecords, goods, users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { grant, transactionsOf } from '../../test/ledger';
import { hashSeed } from './mall.rules';

let app: FastifyInstance;
let java: JavaClient;
let serial = 0;

/** A signed-in person with the registration's 200 coins, and `coins` more. */
async function person(options: { roles?: string[]; coins?: number } = {}) {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `shopper${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  if (options.roles)
    await app.services.database.db.update(users).set({ roles: options.roles }).where(eq(users.uid, row.uid));
  if (options.coins) await grant(app.services.wallet, row.uid, options.coins, 'test-coins');
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

type Person = Awaited<ReturnType<typeof person>>;

const get = (url: string, token?: string) => java.call('GET', url, { token });
const post = (url: string, body: unknown, token?: string) => java.call('POST', url, { body, token });
const shipping = { recipient: 'Li Lei', address: '1 Panda Road, Chengdu', contact: '13800000000' };
const key = () => `test-key-${randomBytes(8).toString('hex')}`;

async function coinsOf(uid: number) {
  const [row] = await app.services.database.db
    .select({ coins: users.coins })
    .from(users)
    .where(eq(users.uid, uid));
  return row?.coins ?? 0;
}

async function stockOf(goodsId: number) {
  const [row] = await app.services.database.db.select().from(goods).where(eq(goods.id, goodsId));
  return { inventory: row?.inventory, exchangeCount: row?.exchangeCount };
}

async function ledgerRows(type: string, reference?: string) {
  const rows = await app.services.database.db
    .select()
    .from(coinRecords)
    .where(and(eq(coinRecords.type, type), reference ? eq(coinRecords.reference, reference) : undefined));
  return rows.filter((r) => r.userId !== null);
}

describe.each(databaseTargets)('the coin mall on $name', (target) => {
  let admin: Person;
  let shopper: Person;

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create({ poolSize: 20 }) });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    admin = await person({ roles: ['user', 'admin'] });
    shopper = await person({ coins: 10_000 });
  });

  async function product(over: Record<string, unknown> = {}) {
    const saved = await post(
      '/admin/mall/goods',
      {
        name: 'Team jersey',
        description: '<p>Official <b>jersey</b></p><script>steal()</script><img src="x" onerror="steal()">',
        images: [],
        category: 'physical',
        priceCoins: 100,
        inventory: 10,
        onShelf: true,
        ...over,
      },
      admin.token,
    );
    expect(saved.status, JSON.stringify(saved)).toBe('success');
    return saved.result as { id: number; description: string };
  }

  describe('goods', () => {
    it('are managed by admins only, with a sanitised description and an audit row', async () => {
      const made = await product();
      const byShopper = await post(
        '/admin/mall/goods',
        { ...made, id: undefined, images: [] },
        shopper.token,
      );
      expect(byShopper.errorCode).toBe(1004);
      expect(made.description).toBe('<p>Official <b>jersey</b></p><img src="x" alt="" />');
      const audited = await app.services.database.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.actorId, admin.uid), eq(adminActions.action, 'create_goods')));
      expect(audited.length).toBeGreaterThan(0);
      const bad = await post(
        '/admin/mall/goods',
        { name: '', category: 'vip_days', priceCoins: 0 },
        admin.token,
      );
      expect(bad.status).toBe('fail');
      expect(bad.result.issues.map((i: { field: string }) => i.field)).toEqual(
        expect.arrayContaining(['name', 'priceCoins', 'inventory']),
      );
    });

    it('are listed while on the shelf and inside their window, by category and popularity', async () => {
      const shown = await product({ name: 'Popular cap', category: 'physical' });
      const hidden = await product({ name: 'Hidden cap', onShelf: false });
      const later = await product({
        name: 'Later cap',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      const list = await get('/goods/list?category=physical&sort=popular');
      const ids = list.result.list.map((g: { id: number }) => g.id);
      expect(ids).toContain(shown.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids).not.toContain(later.id);
      expect((await get(`/goods/details?id=${hidden.id}`)).httpStatus).toBe(404);
      await post('/admin/mall/goods/shelf', { id: hidden.id, onShelf: true }, admin.token);
      expect((await get(`/goods/details?id=${hidden.id}`)).result).toMatchObject({ available: true });
      expect((await get('/goods/list?category=other')).result.issues).toBeDefined();
    });

    it('take pictures only as real images, re-encoded', async () => {
      const fake = await java.call('POST', '/admin/mall/uploadImage', {
        body: Buffer.from('not an image'),
        token: admin.token,
      });
      expect(fake).toMatchObject({ status: 'fail', errorCode: 6021 });
    });
  });

  describe('exchanges', () => {
    it('need recipient, address and contact for physical goods: Redemption failed with the fields', async () => {
      const jersey = await product();
      const answer = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: jersey.id, idempotencyKey: key(), recipient: ' ' },
        shopper.token,
      );
      expect(answer).toMatchObject({ status: 'fail', errorCode: 6020 });
      expect(answer.result.issues.map((i: { field: string }) => i.field)).toEqual([
        'recipient',
        'address',
        'contact',
      ]);
      expect(
        (await post('/orderpay/payGoodsOrder', { goodsId: jersey.id, idempotencyKey: key(), ...shipping }))
          .errorCode,
      ).toBe(1003);
    });

    it('confirm the price and the balance after, then charge once per key, also when retries race', async () => {
      const jersey = await product({ priceCoins: 120 });
      const before = await coinsOf(shopper.uid);
      const confirmation = await post(
        '/orderpay/goodsOrder',
        { goodsId: jersey.id, quantity: 2 },
        shopper.token,
      );
      expect(confirmation.result).toMatchObject({
        coins: 240,
        balance: before,
        balanceAfter: before - 240,
        needsShipping: true,
      });
      const body = { goodsId: jersey.id, quantity: 2, idempotencyKey: key(), remark: 'size L', ...shipping };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/orderpay/payGoodsOrder', body, shopper.token)),
      );
      expect(new Set(answers.map((a) => a.result.orderNo)).size).toBe(1);
      expect(answers[0]?.result).toMatchObject({
        status: 'review',
        coins: 240,
        remark: 'size L',
        history: [{ to: 'review' }],
      });
      expect(await coinsOf(shopper.uid)).toBe(before - 240);
      expect(await stockOf(jersey.id)).toEqual({ inventory: 8, exchangeCount: 2 });
      const again = await post('/orderpay/payGoodsOrder', body, shopper.token);
      expect(again.result.orderNo).toBe(answers[0]?.result.orderNo);
      expect(await coinsOf(shopper.uid)).toBe(before - 240);
    });

    it('never oversell: 100 concurrent exchanges of 10 in stock make exactly 10 orders', async () => {
      const scarce = await product({ name: 'Signed ball', priceCoins: 150, inventory: 10 });
      const buyers = [];
      for (let i = 0; i < 100; i += 1) buyers.push(await person());
      const answers = await Promise.all(
        buyers.map((buyer) =>
          post(
            '/orderpay/payGoodsOrder',
            { goodsId: scarce.id, idempotencyKey: key(), ...shipping },
            buyer.token,
          ),
        ),
      );
      const won = answers.filter((a) => a.status === 'success');
      expect(won).toHaveLength(10);
      expect(answers.filter((a) => a.status === 'fail').every((a) => a.errorCode === 5008)).toBe(true);
      expect(await stockOf(scarce.id)).toEqual({ inventory: 0, exchangeCount: 10 });
      const paid = (await ledgerRows('mall_exchange')).filter((r) =>
        won.some((a) => a.result.orderNo === r.reference),
      );
      expect(paid).toHaveLength(10);
      expect(paid.every((r) => r.amount === -150)).toBe(true);
      expect(await app.services.wallet.audit()).toEqual([]);
    }, 120_000);

    it('refuse above the limit per user and when coins are short', async () => {
      const limited = await product({ limitPerUser: 1 });
      await post(
        '/orderpay/payGoodsOrder',
        { goodsId: limited.id, idempotencyKey: key(), ...shipping },
        shopper.token,
      );
      const second = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: limited.id, idempotencyKey: key(), ...shipping },
        shopper.token,
      );
      expect(second).toMatchObject({ status: 'fail', errorCode: 5009 });
      const poor = await person();
      const dear = await product({ priceCoins: 5000 });
      const refused = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: dear.id, idempotencyKey: key(), ...shipping },
        poor.token,
      );
      expect(refused).toMatchObject({ status: 'fail', errorCode: 4005 });
      expect(await stockOf(dear.id)).toEqual({ inventory: 10, exchangeCount: 0 });
    });

    it('apply in-site items at once: VIP days through the memberships, diamonds through the ledger', async () => {
      const vip = await product({ name: 'VIP 7 days', category: 'vip_days', grant: 7 });
      const diamonds = await product({ name: 'Diamonds', category: 'diamonds', grant: 100 });
      const buyer = await person({ coins: 1000 });
      const before = Date.now();
      const days = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: vip.id, idempotencyKey: key() },
        buyer.token,
      );
      expect(days.result).toMatchObject({ status: 'redeemed', grant: 7, recipient: null });
      const gems = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: diamonds.id, quantity: 2, idempotencyKey: key() },
        buyer.token,
      );
      expect(gems.result).toMatchObject({ status: 'redeemed', grant: 200 });
      const [row] = await app.services.database.db.select().from(users).where(eq(users.uid, buyer.uid));
      expect(row?.diamonds).toBe(200);
      expect(row?.vipExpiresAt?.getTime()).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
      // Coins become diamonds through the platform account, each currency balancing on its own.
      const me = `user:${buyer.uid}`;
      expect(
        await transactionsOf(app.services.database.db, eq(coinRecords.reference, gems.result.orderNo)),
      ).toEqual([
        [
          { holder: 'account:platform', currency: 'diamond', amount: -200, type: 'mall_exchange' },
          { holder: me, currency: 'diamond', amount: 200, type: 'mall_exchange' },
        ],
        [
          { holder: me, currency: 'coin', amount: -200, type: 'mall_exchange' },
          { holder: 'account:platform', currency: 'coin', amount: 200, type: 'mall_exchange' },
        ],
      ]);
      expect(await app.services.wallet.audit()).toEqual([]);
      const refund = await post(
        '/admin/mall/orders/transition',
        { orderNo: days.result.orderNo, to: 'charged_back' },
        admin.token,
      );
      expect(refund).toMatchObject({ status: 'fail', errorCode: 5010 });
    });
  });

  describe('orders', () => {
    async function order(over: Record<string, unknown> = {}, buyer = shopper) {
      const item = await product(over);
      const placed = await post(
        '/orderpay/payGoodsOrder',
        { goodsId: item.id, idempotencyKey: key(), ...shipping },
        buyer.token,
      );
      expect(placed.status, JSON.stringify(placed)).toBe('success');
      return { goodsId: item.id, orderNo: placed.result.orderNo as string };
    }
    const move = (orderNo: string, to: string, extra: Record<string, unknown> = {}, token = admin.token) =>
      post('/admin/mall/orders/transition', { orderNo, to, ...extra }, token);

    it('go review -> exchanging -> redeemed with a tracking number, and the buyer sees the history', async () => {
      const { orderNo } = await order();
      expect(
        (await get('/admin/mall/orders?status=review', admin.token)).result.list.map(
          (o: { orderNo: string }) => o.orderNo,
        ),
      ).toContain(orderNo);
      expect((await move(orderNo, 'exchanging', {}, shopper.token)).errorCode).toBe(1004);
      expect((await move(orderNo, 'exchanging')).result.status).toBe('exchanging');
      const untracked = await move(orderNo, 'redeemed');
      expect(untracked).toMatchObject({ status: 'fail', errorCode: 5011 });
      expect(untracked.result.issues).toMatchObject([{ field: 'trackingNumber' }]);
      await move(orderNo, 'redeemed', { trackingNumber: 'SF1234567890', remark: 'Sent by SF' });
      const mine = await get('/user/order/list', shopper.token);
      const seen = mine.result.list.find((o: { orderNo: string }) => o.orderNo === orderNo);
      expect(seen).toMatchObject({
        status: 'redeemed',
        trackingNumber: 'SF1234567890',
        adminRemark: 'Sent by SF',
      });
      expect(seen.history.map((h: { to: string }) => h.to)).toEqual(['review', 'exchanging', 'redeemed']);
      const audited = await app.services.database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.action, 'mall_order_redeemed'));
      expect(audited.some((a) => (a.details as { orderNo?: string }).orderNo === orderNo)).toBe(true);
    });

    it('refuse every move the decision record does not allow', async () => {
      const { orderNo } = await order();
      for (const to of ['redeemed', 'review']) expect((await move(orderNo, to)).errorCode).toBe(5010);
      await move(orderNo, 'cancelled');
      for (const to of ['review', 'exchanging', 'redeemed', 'charged_back', 'cancelled'])
        expect((await move(orderNo, to)).errorCode, `cancelled -> ${to}`).toBe(5010);
    });

    it('let the buyer cancel under review only, with the coins back and the goods in stock again', async () => {
      const before = await coinsOf(shopper.uid);
      const { orderNo, goodsId } = await order({ priceCoins: 300 });
      const other = await person();
      expect((await post('/user/order/cancel', { orderNo }, other.token)).httpStatus).toBe(404);
      expect((await post('/user/order/cancel', { orderNo }, shopper.token)).result.status).toBe('cancelled');
      expect(await coinsOf(shopper.uid)).toBe(before);
      expect(await stockOf(goodsId)).toEqual({ inventory: 10, exchangeCount: 0 });
      const approved = await order();
      await move(approved.orderNo, 'exchanging');
      expect((await post('/user/order/cancel', { orderNo: approved.orderNo }, shopper.token)).errorCode).toBe(
        5010,
      );
    });

    it('refund a charge-back once, also when it is sent twice at once', async () => {
      const before = await coinsOf(shopper.uid);
      const { orderNo, goodsId } = await order({ priceCoins: 400 });
      await move(orderNo, 'exchanging');
      const both = await Promise.all([
        move(orderNo, 'charged_back', { remark: 'The item cannot ship' }),
        move(orderNo, 'charged_back', { remark: 'The item cannot ship' }),
      ]);
      expect(both.map((a) => a.status).sort()).toEqual(['fail', 'success']);
      expect(await ledgerRows('mall_refund', orderNo)).toHaveLength(1);
      expect(await coinsOf(shopper.uid)).toBe(before);
      expect(await stockOf(goodsId)).toEqual({ inventory: 10, exchangeCount: 0 });
      expect(await app.services.wallet.audit()).toEqual([]);
    });

    it('take a delivered physical item back (returned) once; a delivered card stays delivered', async () => {
      const { orderNo } = await order();
      await move(orderNo, 'exchanging');
      await move(orderNo, 'redeemed', { trackingNumber: 'YT0000000001' });
      expect((await move(orderNo, 'charged_back')).result.status).toBe('charged_back');
      expect(await ledgerRows('mall_refund', orderNo)).toHaveLength(1);
      const card = await order({ category: 'virtual_card' });
      await move(card.orderNo, 'exchanging');
      await move(card.orderNo, 'redeemed', { cardNumber: 'CARD-1234-5678-9999' });
      expect((await move(card.orderNo, 'charged_back')).errorCode).toBe(5010);
    });

    it('show a virtual card number to its buyer only', async () => {
      const buyer = await person({ coins: 1000 });
      const card = await order({ category: 'virtual_card' }, buyer);
      await move(card.orderNo, 'exchanging');
      expect((await move(card.orderNo, 'redeemed')).result.issues).toMatchObject([{ field: 'cardNumber' }]);
      await move(card.orderNo, 'redeemed', { cardNumber: 'CARD-1234-5678-9999' });
      const own = await get(`/user/order/details?orderNo=${card.orderNo}`, buyer.token);
      expect(own.result.cardNumber).toBe('CARD-1234-5678-9999');
      expect((await get(`/user/order/details?orderNo=${card.orderNo}`, shopper.token)).httpStatus).toBe(404);
      const staff = await get('/admin/mall/orders?status=redeemed', admin.token);
      const listed = staff.result.list.find((o: { orderNo: string }) => o.orderNo === card.orderNo);
      expect(listed.cardNumber).toBe('••••9999');
    });
  });

  describe('the blind box', () => {
    async function box(prizes?: unknown[]) {
      const card = await product({ name: 'Phone card', category: 'virtual_card', inventory: 100 });
      const saved = await post(
        '/admin/mall/boxes',
        {
          name: 'Lucky box',
          priceCoins: 100,
          prizes: prizes ?? [
            { kind: 'coins', amount: 50, weight: 60 },
            { kind: 'vip_days', amount: 3, weight: 30 },
            { kind: 'goods', goodsId: card.id, amount: 1, weight: 10 },
          ],
        },
        admin.token,
      );
      expect(saved.status, JSON.stringify(saved)).toBe('success');
      return saved.result as { id: number; seedHash: string; prizes: { id: number; odds: number }[] };
    }
    const open = (boxId: number, token: string, over: Record<string, unknown> = {}) =>
      post('/blindBox/open', { boxId, clientSeed: 'my-lucky-seed', idempotencyKey: key(), ...over }, token);

    it('publishes the odds and the committed seed hash before any opening', async () => {
      const made = await box();
      const shown = await get(`/blindBox/details?id=${made.id}`);
      expect(shown.result.prizes.map((p: { odds: number }) => p.odds)).toEqual([60, 30, 10]);
      expect(shown.result.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(shown.result).toMatchObject({ nextNonce: 0 });
    });

    it('charges the price, places the prize in an order and answers a retry with the first opening', async () => {
      const made = await box();
      const buyer = await person({ coins: 1000 });
      const body = { boxId: made.id, clientSeed: 'abc', idempotencyKey: key(), seedHash: made.seedHash };
      const [first, retry] = await Promise.all([
        post('/blindBox/open', body, buyer.token),
        post('/blindBox/open', body, buyer.token),
      ]);
      expect(retry.result.id).toBe(first.result.id);
      expect(first.result).toMatchObject({ nonce: 0, seedHash: made.seedHash, serverSeed: null, coins: 100 });
      const orders = await get('/user/order/list', buyer.token);
      expect(orders.result.list).toMatchObject([
        { orderNo: first.result.orderNo, source: 'blind_box', coins: 0 },
      ]);
      const paid = (await ledgerRows('blind_box')).filter((r) => r.userId === buyer.uid && r.amount === -100);
      expect(paid).toHaveLength(1);
      expect(await app.services.wallet.audit()).toEqual([]);
    });

    it('refuses an opening against a seed hash that is no longer committed', async () => {
      const made = await box();
      const refused = await open(made.id, shopper.token, { seedHash: hashSeed('something else') });
      expect(refused).toMatchObject({ status: 'fail', errorCode: 5013 });
    });

    it('verifies every opening made with a seed once it is revealed, and fails a changed seed', async () => {
      const made = await box();
      const openings = [];
      for (let i = 0; i < 20; i += 1)
        openings.push((await open(made.id, shopper.token, { clientSeed: `seed-${i}` })).result);
      const early = await get(`/blindBox/verify?openingId=${openings[0].id}`);
      expect(early.result).toMatchObject({ verified: false, serverSeed: null });
      const rotated = await post('/blindBox/rotateSeed', { boxId: made.id }, shopper.token);
      expect(rotated.result.seedHash).not.toBe(made.seedHash);
      for (const opening of openings) {
        const check = await get(`/blindBox/verify?openingId=${opening.id}`);
        expect(check.result).toMatchObject({
          verified: true,
          hashMatches: true,
          recomputedPrizeId: opening.prize.id,
        });
        expect(hashSeed(check.result.serverSeed)).toBe(made.seedHash);
      }
      const revealed = (await get(`/blindBox/verify?openingId=${openings[0].id}`)).result
        .serverSeed as string;
      const changed = `${revealed.slice(0, -1)}${revealed.endsWith('0') ? '1' : '0'}`;
      const forged = await get(`/blindBox/verify?openingId=${openings[0].id}&serverSeed=${changed}`);
      expect(forged.result).toMatchObject({ verified: false, hashMatches: false });
      expect((await post('/blindBox/rotateSeed', { boxId: made.id }, shopper.token)).errorCode).toBe(5014);
    });

    it('asks for recipient, address and contact only when the prize drawn ships, from its winner', async () => {
      const jersey = await product({ inventory: 50 });
      const made = await box([
        { kind: 'coins', amount: 10, weight: 1 },
        { kind: 'goods', goodsId: jersey.id, amount: 1, weight: 1 },
      ]);
      const winner = await person({ coins: 5000 });
      // No delivery details at the opening: the draw decides whether anything ships.
      const openings = [];
      for (let i = 0; i < 12; i += 1)
        openings.push((await open(made.id, winner.token, { clientSeed: `draw-${i}` })).result);
      const coins = openings.find((o) => o.prize.kind === 'coins');
      const ships = openings.find((o) => o.prize.kind === 'goods');
      expect(coins).toMatchObject({ needsAddress: false });
      expect(ships).toMatchObject({ needsAddress: true });

      const approve = (orderNo: string) =>
        post('/admin/mall/orders/transition', { orderNo, to: 'exchanging' }, admin.token);
      // Staff cannot approve a delivery without an address.
      expect((await approve(ships.orderNo)).errorCode).toBe(6020);
      const address = (openingId: number, body: object, token = winner.token) =>
        post('/blindBox/prizeAddress', { openingId, ...body }, token);
      const missing = await address(ships.id, { recipient: 'Li Lei' });
      expect(missing).toMatchObject({ status: 'fail', errorCode: 6020 });
      expect(missing.result.issues.map((i: { field: string }) => i.field)).toEqual(['address', 'contact']);
      expect((await address(ships.id, shipping, shopper.token)).errorCode).toBe(1001);
      expect((await address(coins.id, shipping)).errorCode).toBe(1001);
      expect((await address(ships.id, shipping)).result).toMatchObject({ needsAddress: false });
      const order = await get(`/user/order/details?orderNo=${ships.orderNo}`, winner.token);
      expect(order.result).toMatchObject(shipping);
      expect((await approve(ships.orderNo)).result.status).toBe('exchanging');
      // Reviewed, the details stay as they were given.
      expect((await address(ships.id, shipping)).errorCode).toBe(5010);
    });
  });
});
