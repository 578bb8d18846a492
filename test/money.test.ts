import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { anchors, liveRooms, users } from '../db/schema/index';
import { MESSAGES } from '../lib/messages';
import { SOURCE } from '../modules/matches/test-fixtures';
import { soccer } from '../modules/sports/soccer';
import { buildTestApp } from './app';
import { cleanUpAfterFile, databaseTargets } from './databases';
import { type JavaClient, javaClient } from './java';
import { grant } from './ledger';
import { approvedPlan, notifySandboxPaid } from './sales';

/**
 * The money property: thousands of random operations, many at once, over every way coins and
 * diamonds move (recharges and their charge-backs, memberships, gifts, paid rooms, mall
 * exchanges and refunds, blind boxes, plans, their settlement and refunds, administrators'
 * adjustments). Each answer tells the test what moved; in the end every balance is what the
 * answers add up to, none is negative, and the ledger audit is clean: no coin made or lost.
 */

const OPERATIONS = { PostgreSQL: 4_000, PGlite: 1_000 } as const;
const AT_ONCE = 16;
const FANS = 40;
const START_COINS = 3_000;

interface Person {
  uid: number;
  token: string;
}

/** A small seeded generator (mulberry32), so that a failing run can be repeated from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

describe.each(databaseTargets)('money under random concurrent operations on $name', (target) => {
  let app: FastifyInstance;
  let java: JavaClient;
  let serial = 0;

  async function person(roles: string[] = ['user'], coins = 0): Promise<Person> {
    serial += 1;
    const row = await app.services.accounts.register({
      email: `money${serial}-${Date.now()}@example.com`,
      source: 'email',
      type: 1,
    });
    await app.services.database.db.update(users).set({ roles }).where(eq(users.uid, row.uid));
    if (coins > 0) await grant(app.services.wallet, row.uid, coins, `money-start:${row.uid}`);
    const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
    return { uid: row.uid, token };
  }

  /** Refusals by error code: every one must be a catalogue answer, never a server error. */
  const refusals = new Map<number, number>();
  async function post(url: string, body: unknown, who: Person) {
    const answer = await java.call('POST', url, { body, token: who.token });
    if (answer.status !== 'success')
      refusals.set(answer.errorCode, (refusals.get(answer.errorCode) ?? 0) + 1);
    return answer;
  }
  const _get = (url: string, who: Person) => java.call('GET', url, { token: who.token });
  const key = () => `money-${randomBytes(8).toString('hex')}`;

  /** An approved anchor with a live room of the given access. */
  async function room(access: 'free' | 'paid', price = 0): Promise<{ id: number; anchor: Person }> {
    const anchor = await person(['user', 'anchor']);
    const { db } = app.services.database;
    await db.insert(anchors).values({
      userId: anchor.uid,
      state: 'approved',
      name: `Anchor ${anchor.uid}`,
      documentType: 'resident',
      idNumber: '-',
      birthDate: '1990-01-01',
      introduction: '',
      content: '',
      phone: '-',
      photoFront: '-',
      photoBack: '-',
      photoHolding: '-',
    });
    const [made] = await db
      .insert(liveRooms)
      .values({ anchorId: anchor.uid, title: 'Derby', cover: '-', gameId: 1, live: true, access, price })
      .returning({ id: liveRooms.id });
    return { id: made?.id as number, anchor };
  }

  /** An approved expert's plan on an upcoming match; answers the plan and the match. */
  async function plan(admin: Person, refundOnMiss: boolean) {
    const expert = await person();
    const made = await approvedPlan(app, java, { admin, expert, refundOnMiss, tag: 'money' });
    return { ...made, price: 28, expert, refundOnMiss };
  }

  beforeAll(async () => {
    app = await buildTestApp({
      database: await target.create({ poolSize: 20 }),
      env: { DEV_ADAPTERS: 'true' },
    });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  it('leaves every balance as the answers add up to, none negative, and the ledger audit clean', async () => {
    const seed = Number(process.env.MONEY_SEED ?? Date.now() % 1_000_000);
    const random = randomFrom(seed);
    const admin = await person(['user', 'admin']);
    const fans = await Promise.all(Array.from({ length: FANS }, () => person(['user'], START_COINS)));
    const freeRoom = await room('free');
    const paidRoom = await room('paid', 30);
    const coinGifts = (await app.services.gifts.catalogue('zh_CN')).filter((g) => g.currency === 'coin');
    const goods = await post(
      '/admin/mall/goods',
      {
        name: 'Scarf',
        images: [],
        category: 'physical',
        priceCoins: 60,
        inventory: 1_000_000,
        onShelf: true,
      },
      admin,
    );
    const box = await app.services.mall.boxes.save(null, {
      name: 'Lucky box',
      description: '',
      image: null,
      priceCoins: 50,
      active: true,
      prizes: [
        { kind: 'coins', amount: 20, weight: 3 },
        { kind: 'coins', amount: 120, weight: 1 },
        { kind: 'vip_days', amount: 1, weight: 1 },
      ],
    });
    const plans = [await plan(admin, true), await plan(admin, false)];
    const shipping = { recipient: 'Li Lei', address: '1 Panda Road, Chengdu', contact: '13800000000' };

    // What the answers say moved: each user's coins (and the free room's anchor's diamonds).
    const expected = new Map<number, number>(fans.map((f) => [f.uid, START_COINS + 200]));
    const add = (uid: number, coins: number) => expected.set(uid, (expected.get(uid) ?? 0) + coins);
    let anchorDiamonds = 0;
    const paidRecharges: { orderNo: string; coins: number; fan: Person }[] = [];
    const exchanges: { orderNo: string; coins: number; fan: Person }[] = [];
    const planBuyers = new Map<number, Set<number>>(plans.map((p) => [p.id, new Set<number>()]));
    const counts: Record<string, { ok: number; refused: number }> = {};
    const share = 0.5;

    /** Sends the same request once or twice (a retry), as a client on a bad network would. */
    async function maybeTwice<T>(send: () => Promise<T>): Promise<T[]> {
      return random.chance(0.2) ? Promise.all([send(), send()]) : [await send()];
    }

    const operations: Record<string, (fan: Person) => Promise<boolean>> = {
      async recharge(fan) {
        const created = await post('/orderpay/payByAlipay', { product: 'coins', rmb: 10 }, fan);
        if (created.status !== 'success') return false;
        const order = created.result.order as {
          orderNo: string;
          amount: number;
          currency: string;
          coins: number;
        };
        const notify = () => notifySandboxPaid(app, order);
        const answers = await maybeTwice(notify);
        if (!answers.some((a) => a.statusCode === 200)) return false;
        add(fan.uid, order.coins);
        paidRecharges.push({ orderNo: order.orderNo, coins: order.coins, fan });
        return true;
      },
      async chargeBack() {
        const order = paidRecharges.splice(random.below(paidRecharges.length), 1)[0];
        if (!order) return false;
        const answer = await post(
          '/admin/payments/refund',
          { orderNo: order.orderNo, reason: 'Charged back by the bank' },
          admin,
        );
        if (answer.status !== 'success') return false;
        add(order.fan.uid, -order.coins);
        return true;
      },
      async vip(fan) {
        const requestId = key();
        const answers = await maybeTwice(() =>
          post('/orderpay/buyVip', { tier: 'vip', months: 1, requestId }, fan),
        );
        const ok = answers.find((a) => a.status === 'success');
        if (!ok) return false;
        add(fan.uid, -ok.result.coins);
        return true;
      },
      async gift(fan) {
        const gift = random.pick(coinGifts);
        const count = 1 + random.below(3);
        const giftKey = key();
        const answers = await maybeTwice(() =>
          post('/gift', { roomId: freeRoom.id, giftId: gift.id, count, key: giftKey }, fan),
        );
        if (!answers.some((a) => a.status === 'success')) return false;
        add(fan.uid, -gift.price * count);
        anchorDiamonds += Math.floor(gift.price * count * share);
        return true;
      },
      async unlock(fan) {
        const answers = await maybeTwice(() =>
          post('/orderpay/match/pay/liveUnlock', { roomId: paidRoom.id }, fan),
        );
        const ok = answers.filter((a) => a.status === 'success');
        for (const answer of ok) add(fan.uid, -answer.result.charged);
        return ok.length > 0;
      },
      async exchange(fan) {
        const idempotencyKey = key();
        const answers = await maybeTwice(() =>
          post('/orderpay/payGoodsOrder', { goodsId: goods.result.id, idempotencyKey, ...shipping }, fan),
        );
        const ok = answers.find((a) => a.status === 'success');
        if (!ok) return false;
        add(fan.uid, -ok.result.coins);
        exchanges.push({ orderNo: ok.result.orderNo, coins: ok.result.coins, fan });
        return true;
      },
      async cancelExchange() {
        const order = exchanges.splice(random.below(exchanges.length), 1)[0];
        if (!order) return false;
        const answers = await maybeTwice(() =>
          post('/admin/mall/orders/transition', { orderNo: order.orderNo, to: 'cancelled' }, admin),
        );
        if (!answers.some((a) => a.status === 'success')) return false;
        add(order.fan.uid, order.coins);
        return true;
      },
      async blindBox(fan) {
        const idempotencyKey = key();
        const answers = await maybeTwice(() =>
          post('/blindBox/open', { boxId: box.id, clientSeed: key(), idempotencyKey, ...shipping }, fan),
        );
        const ok = answers.find((a) => a.status === 'success');
        if (!ok) return false;
        add(fan.uid, -ok.result.coins);
        if (ok.result.prize.kind === 'coins') add(fan.uid, ok.result.prize.amount);
        return true;
      },
      async adjust(fan) {
        const amount = random.pick([-80, -30, 25, 100]);
        const formKey = key();
        const answers = await maybeTwice(() =>
          post(
            '/admin/users/coins',
            { uid: fan.uid, amount, reason: 'Goodwill for a lost stream', key: formKey },
            admin,
          ),
        );
        if (!answers.some((a) => a.status === 'success')) return false;
        add(fan.uid, amount);
        return true;
      },
      async buyPlan(fan) {
        const chosen = random.pick(plans);
        const answers = await maybeTwice(() => post('/orderpay/goldExpertPlan', { planId: chosen.id }, fan));
        if (!answers.some((a) => a.status === 'success')) return false;
        const buyers = planBuyers.get(chosen.id) as Set<number>;
        if (!buyers.has(fan.uid)) add(fan.uid, -chosen.price);
        buyers.add(fan.uid);
        return true;
      },
    };
    const names = Object.keys(operations);
    for (const name of names) counts[name] = { ok: 0, refused: 0 };

    const total = OPERATIONS[target.name];
    let started = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (started < total) {
          started++;
          const name = random.pick(names);
          const ok = await (operations[name] as (fan: Person) => Promise<boolean>)(random.pick(fans));
          (counts[name] as { ok: number; refused: number })[ok ? 'ok' : 'refused']++;
        }
      }),
    );

    // The matches end: the plan that refunds on a miss misses (blue win), its buyers get their coins back.
    for (const chosen of plans) {
      await app.services.matches.store.applyUpdate(SOURCE, {
        externalId: chosen.externalId,
        seq: 500,
        status: 'finished',
        state: {
          ...soccer.initial(),
          status: 'finished',
          score: { home: 0, away: 1 },
          winner: 'away',
          periods: [
            { period: 'H1', home: 0, away: 1 },
            { period: 'H2', home: 0, away: 0 },
          ],
        },
      });
      if (chosen.refundOnMiss) for (const uid of planBuyers.get(chosen.id) ?? []) add(uid, chosen.price);
    }
    const { db } = app.services.database;
    for (let i = 0; i < 200; i++) {
      const [row] = await db
        .execute(
          sql`select count(*)::int as pending from expert_plans where settlement = 'pending' and id in (${sql.join(
            plans.map((p) => sql`${p.id}`),
            sql`, `,
          )})`,
        )
        .then((r) => (r as unknown as { rows: { pending: number }[] }).rows);
      if (row?.pending === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    console.log(`money: seed ${seed}, ${total} operations`, counts, 'refusals by code', refusals);
    // Refusals are the rules at work (too few coins, an order already moved); never a failure.
    for (const failure of ['systemError', 'serverError', 'giftFailed'] as const)
      expect(refusals.get(MESSAGES[failure].code), failure).toBeUndefined();
    const balances = await db
      .select({ uid: users.uid, coins: users.coins, diamonds: users.diamonds })
      .from(users)
      .where(or(sql`${users.coins} < 0`, sql`${users.diamonds} < 0`));
    expect(balances, 'negative balances').toEqual([]);
    const actual = new Map(
      (await db.select({ uid: users.uid, coins: users.coins }).from(users)).map((u) => [u.uid, u.coins]),
    );
    for (const fan of fans)
      expect(actual.get(fan.uid), `coins of fan ${fan.uid} (seed ${seed})`).toBe(expected.get(fan.uid));
    const [anchor] = await db
      .select({ diamonds: users.diamonds })
      .from(users)
      .where(eq(users.uid, freeRoom.anchor.uid));
    expect(anchor?.diamonds).toBe(anchorDiamonds);
    expect(await app.services.wallet.audit()).toEqual([]);
    for (const name of names) expect(counts[name]?.ok, `${name} never went through`).toBeGreaterThan(0);
  }, 600_000);
});
