import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminActions,
  coinRecords,
  expertPlans,
  matches,
  planCommitments,
  planOrders,
  users,
} from '../../db/schema/index';
import { MESSAGES, type MessageKey } from '../../lib/messages';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { grant, transactionOf } from '../../test/ledger';
import { fixtures, SOURCE, soccerMatch } from '../matches/test-fixtures';
import type { SoccerState } from '../sports';
import { soccer } from '../sports/soccer';

const HOUR = 3_600_000;
const enUS: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../app/i18n/locales/en_US/messages.json', import.meta.url), 'utf8'),
);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

let app: FastifyInstance;
let java: JavaClient;
let serial = 0;

interface Person {
  uid: number;
  token: string;
}

async function person(roles: string[] = ['user'], coins = 0): Promise<Person> {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `tips${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  await app.services.database.db.update(users).set({ roles }).where(eq(users.uid, row.uid));
  if (coins > 0) await grant(app.services.wallet, row.uid, coins, `test-coins:${row.uid}`);
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, token };
}

const lan = { lan: 'en_US' };
const get = (url: string, who?: Person) => java.call('GET', url, { token: who?.token, headers: lan });
const post = (url: string, body: unknown, who?: Person) =>
  java.call('POST', url, { body, token: who?.token, headers: lan });

/** The answer failed with this catalogue message, in the caller's language. */
function refusedWith(answer: { status: string; errorCode: number; errorMsg: string }, key: MessageKey) {
  expect(answer.status).toBe('fail');
  expect(answer.errorCode).toBe(MESSAGES[key].code);
  expect(answer.errorMsg).toBe(enUS[key]);
}

async function coins(uid: number): Promise<number> {
  const [row] = await app.services.database.db
    .select({ coins: users.coins })
    .from(users)
    .where(eq(users.uid, uid));
  return row?.coins ?? 0;
}

const escrow = async () => (await app.services.wallet.accountBalance('escrow')).coins;
const platform = async () => (await app.services.wallet.accountBalance('platform')).coins;

async function expectBooksRight() {
  expect(await app.services.wallet.audit()).toEqual([]);
}

let matchSerial = 0;
/** A soccer match of the test league, stored as the feed would store it; answers our id. */
async function match(startsAt: Date): Promise<{ id: number; externalId: string }> {
  matchSerial += 1;
  const externalId = `tips-${matchSerial}`;
  await app.services.matches.store.upsertFixtures(
    SOURCE,
    fixtures([soccerMatch(externalId, 'red', 'blue', startsAt)]),
  );
  const [row] = await app.services.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.source, SOURCE), eq(matches.externalId, externalId)));
  if (!row) throw new Error('match not stored');
  return { id: row.id, externalId };
}

/** The final state of a soccer match: goals per half. */
function final(h1: [number, number], h2: [number, number]): SoccerState {
  const home = h1[0] + h2[0];
  const away = h1[1] + h2[1];
  return {
    ...soccer.initial(),
    status: 'finished',
    score: { home, away },
    winner: home > away ? 'home' : home < away ? 'away' : null,
    periods: [
      { period: 'H1', home: h1[0], away: h1[1] },
      { period: 'H2', home: h2[0], away: h2[1] },
    ],
  };
}

/** The feed tells the store a match ended: the store publishes it and the settlement job follows. */
async function feedEnds(externalId: string, status: 'finished' | 'cancelled', state: SoccerState) {
  await app.services.matches.store.applyUpdate(SOURCE, {
    externalId,
    seq: 500,
    status,
    state: { ...state, status },
  });
}

async function settlementOf(planId: number): Promise<string | undefined> {
  const [row] = await app.services.database.db
    .select({ settlement: expertPlans.settlement })
    .from(expertPlans)
    .where(eq(expertPlans.id, planId));
  return row?.settlement;
}

const planBody = (matchId: number, over: Record<string, unknown> = {}) => ({
  matchId,
  playLevel: 'Premier',
  prediction: { market: '1x2', pick: 'home', odds: 1.9 },
  title: 'Red take the derby at home',
  summary: 'Form, injuries and the head-to-head',
  content: '<p>Red have won five in a row.</p><script>window.x = 1</script>',
  price: 28,
  cover: '/uploads/demo/cover.webp',
  ...over,
});

describe.each(databaseTargets)('expert tips on $name', (target) => {
  let admin: Person;

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create() });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    admin = await person(['user', 'admin']);
  });

  afterEach(() => vi.restoreAllMocks());

  /** An account that applied and was approved by the administrator. */
  async function expert(): Promise<Person> {
    const who = await person();
    await post(
      '/user/expertApply',
      { displayName: `Tipster ${who.uid}`, introduction: 'Ten years of league football.', gameIds: [202] },
      who,
    );
    const [application] = (await get('/admin/experts/applications', admin)).result.list.filter(
      (a: { uid: number }) => a.uid === who.uid,
    );
    expect(
      (await post('/admin/experts/applications/review', { id: application.id, approve: true }, admin)).status,
    ).toBe('success');
    return who;
  }

  /** A plan submitted and approved: on sale. */
  async function published(by: Person, matchId: number, over: Record<string, unknown> = {}): Promise<number> {
    const saved = await post('/creator_platform/savePlan', planBody(matchId, over), by);
    expect(saved.status).toBe('success');
    expect(
      (await post('/admin/experts/plans/review', { planId: saved.result.id, approve: true }, admin)).status,
    ).toBe('success');
    return saved.result.id;
  }

  describe('expert accounts', () => {
    it('apply, are rejected with a reason, reapply and are approved by an audited review', async () => {
      const who = await person();
      expect((await post('/user/expertApplyStart', {}, who)).result.state).toBe('none');
      refusedWith(await post('/creator_platform/savePlan', planBody(1), who), 'applyCreatorFirst');

      const application = {
        displayName: 'Derby Doctor',
        introduction: 'Premier League since 2015.',
        gameIds: [202],
      };
      expect((await post('/user/expertApply', application, who)).result.state).toBe('review');
      refusedWith(await post('/user/expertApply', application, who), 'expertApplicationPending');

      const queued = (await get('/admin/experts/applications?state=review', admin)).result.list;
      const { id } = queued.find((a: { uid: number }) => a.uid === who.uid);
      expect((await post('/admin/experts/applications/review', { id, approve: false }, admin)).status).toBe(
        'fail',
      );
      await post('/admin/experts/applications/review', { id, approve: false, reason: 'Tell us more' }, admin);
      expect((await post('/user/expertApplyStart', {}, who)).result).toMatchObject({
        state: 'rejected',
        rejectReason: 'Tell us more',
      });
      refusedWith(
        await post('/admin/experts/applications/review', { id, approve: true }, admin),
        'alreadyReviewed',
      );

      expect((await post('/user/expertApply', application, who)).result.state).toBe('review');
      await post('/admin/experts/applications/review', { id, approve: true }, admin);
      expect((await post('/user/expertApplyStart', {}, who)).result.state).toBe('approved');
      const [account] = await app.services.database.db
        .select({ roles: users.roles })
        .from(users)
        .where(eq(users.uid, who.uid));
      expect(account?.roles).toContain('expert');
      refusedWith(await post('/user/expertApply', application, who), 'expertAlreadyApproved');

      const actions = await app.services.database.db
        .select({ action: adminActions.action, reason: adminActions.reason })
        .from(adminActions)
        .where(eq(adminActions.targetId, who.uid));
      expect(actions).toEqual(
        expect.arrayContaining([
          { action: 'reject_expert', reason: 'Tell us more' },
          { action: 'approve_expert', reason: null },
        ]),
      );
      // Only administrators review.
      refusedWith(await get('/admin/experts/applications', who), 'accessDenied');
    });

    it("the admin console's direct grant and revocation write the same application record", async () => {
      const who = await person();
      await post('/admin/users/roles/grant', { uid: who.uid, role: 'expert', reason: 'Known pundit' }, admin);
      expect((await post('/user/expertApplyStart', {}, who)).result.state).toBe('approved');
      await post('/admin/users/roles/revoke', { uid: who.uid, role: 'expert', reason: 'Left' }, admin);
      expect((await post('/user/expertApplyStart', {}, who)).result).toMatchObject({
        state: 'rejected',
        rejectReason: 'Left',
      });
      const actions = await app.services.database.db
        .select({ action: adminActions.action, details: adminActions.details })
        .from(adminActions)
        .where(eq(adminActions.targetId, who.uid));
      expect(actions).toEqual([
        { action: 'grant_role', details: { role: 'expert' } },
        { action: 'revoke_role', details: { role: 'expert' } },
      ]);
    });
  });

  describe('plan rules, each with its own message', () => {
    let tipster: Person;
    let upcoming: { id: number };

    beforeAll(async () => {
      tipster = await expert();
      upcoming = await match(inHours(4));
    });

    const refused = async (over: Record<string, unknown>, key: MessageKey, matchId = upcoming.id) =>
      refusedWith(await post('/creator_platform/savePlan', planBody(matchId, over), tipster), key);

    it('title 5 to 60 characters; required fields; a price from the list; images; cover; the market', async () => {
      await refused({ title: 'Red' }, 'planTitleRule');
      await refused({ title: 'x'.repeat(61) }, 'planTitleRule');
      await refused({ content: undefined }, 'planFieldsRequired');
      await refused({ prediction: undefined }, 'planFieldsRequired');
      await refused({ price: 19 }, 'planPriceRule');
      await refused({ price: undefined }, 'planPriceRule');
      await refused({ cover: undefined }, 'coverRequired');
      await refused({ images: ['/uploads/avatars/someone.webp'] }, 'planImagesRule');
      await refused(
        { prediction: { market: 'map_winner', line: 1, pick: 'home', odds: 2 } },
        'planMarketRule',
      );
    });

    it('images: square pictures only, checked on the server when uploaded', async () => {
      const picture = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: '#c00' } })
          .png()
          .toBuffer();
      const wide = await java.call('POST', '/creator_platform/uploadPlanImage', {
        body: await picture(200, 100),
        token: tipster.token,
        headers: lan,
      });
      refusedWith(wide, 'planImagesRule');
      const notAPicture = await java.call('POST', '/creator_platform/uploadPlanImage', {
        body: Buffer.from('hello'),
        token: tipster.token,
        headers: lan,
      });
      refusedWith(notAPicture, 'planImagesRule');
      const square = await java.call('POST', '/creator_platform/uploadPlanImage', {
        body: await picture(120, 120),
        token: tipster.token,
        headers: lan,
      });
      expect(square.result.url).toMatch(/^\/uploads\/plans\/sq-[0-9a-f]{32}\.webp$/);
      const other = await match(inHours(5));
      const saved = await post(
        '/creator_platform/savePlan',
        planBody(other.id, { images: [square.result.url] }),
        tipster,
      );
      expect(saved.result).toMatchObject({ state: 'review', images: [square.result.url] });
      // The content is sanitised.
      expect(saved.result.content).toBe('<p>Red have won five in a row.</p>');
    });

    it('a match that has started is refused', async () => {
      const kickedOff = await match(new Date(Date.now() - 60_000));
      await refused({}, 'planMatchStarted', kickedOff.id);
      const live = await match(inHours(1));
      await app.services.matches.store.applyUpdate(SOURCE, {
        externalId: `tips-${matchSerial}`,
        seq: 50,
        status: 'in_progress',
        state: { ...soccer.initial(), status: 'in_progress' },
      });
      await refused({}, 'planMatchStarted', live.id);
    });

    it('three plans per match and expert; the fourth is refused', async () => {
      const derby = await match(inHours(6));
      for (const pick of ['home', 'draw', 'away']) {
        const saved = await post(
          '/creator_platform/savePlan',
          planBody(derby.id, { prediction: { market: '1x2', pick, odds: 2 } }),
          tipster,
        );
        expect(saved.result.state).toBe('review');
      }
      await refused({ title: 'One more for the road' }, 'plansPerMatchLimit', derby.id);
      expect(enUS.plansPerMatchLimit).toBe('Only 3 plans are supported per match!');
      // Another expert still may.
      const other = await expert();
      expect((await post('/creator_platform/savePlan', planBody(derby.id), other)).status).toBe('success');
    });
  });

  describe('reading and buying', () => {
    let tipster: Person;
    let planId: number;

    beforeAll(async () => {
      tipster = await expert();
      planId = await published(tipster, (await match(inHours(8))).id, { price: 58 });
    });

    it('a plan under review is seen only by its expert and administrators', async () => {
      const saved = await post('/creator_platform/savePlan', planBody((await match(inHours(8))).id), tipster);
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${saved.result.id}`)).httpStatus).toBe(404);
      expect(
        (await get(`/expert_plan/getExpertPlanInfo?planId=${saved.result.id}`, tipster)).result.state,
      ).toBe('review');
      expect(
        (await get(`/expert_plan/getExpertPlanInfo?planId=${saved.result.id}`, admin)).result.access,
      ).toBe('granted');
    });

    it('everyone sees the summary and the commitment; only buyers read the content', async () => {
      const reader = await person();
      for (const who of [undefined, reader]) {
        const seen = (await get(`/expert_plan/getExpertPlanInfo?planId=${planId}`, who)).result;
        expect(seen).toMatchObject({
          title: 'Red take the derby at home',
          price: 58,
          access: 'buy',
          content: null,
          prediction: null,
        });
        expect(seen.commitment.hash).toMatch(/^[0-9a-f]{64}$/);
      }
      const free = await published(tipster, (await match(inHours(8))).id, { price: 0, viewMode: 'login' });
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${free}`)).result.access).toBe('login');
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${free}`, reader)).result.content).toContain(
        'five in a row',
      );
    });

    it('too few coins: refused, nothing charged; the check names price and balance', async () => {
      const poor = await person();
      expect((await get(`/expert_plan/checkGold?planId=${planId}`, poor)).result).toMatchObject({
        price: 58,
        balance: 200,
        enough: true,
      });
      const broke = await person();
      await app.services.wallet.transfer({
        from: { userId: broke.uid },
        to: { account: 'issuance' },
        currency: 'coin',
        amount: 190,
        type: 'admin_adjustment',
        idempotencyKey: 'drain',
      });
      expect((await get(`/expert_plan/checkGold?planId=${planId}`, broke)).result).toMatchObject({
        balance: 10,
        enough: false,
      });
      refusedWith(await post('/orderpay/goldExpertPlan', { planId }, broke), 'insufficientCoins');
      expect(await coins(broke.uid)).toBe(10);
      await expectBooksRight();
    });

    it('buying moves the coins into escrow once; the buyer reads the content; buying again charges nothing', async () => {
      const buyer = await person();
      const held = await escrow();
      const bought = await post('/orderpay/goldExpertPlan', { planId }, buyer);
      expect(bought.result).toEqual({ planId, price: 58, balance: 142 });
      expect(await escrow()).toBe(held + 58);
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${planId}`, buyer)).result).toMatchObject({
        access: 'granted',
        purchased: true,
        purchasable: false,
        prediction: { market: '1x2', pick: 'home' },
      });
      expect((await post('/orderpay/goldExpertPlan', { planId }, buyer)).result.balance).toBe(142);
      expect((await get('/expert_plan/userExpertPlanOrderPC', buyer)).result.list).toMatchObject([
        { plan: { id: planId }, escrow: 'held', price: 58 },
      ]);
      refusedWith(await post('/orderpay/goldExpertPlan', { planId }, tipster), 'planNotForSale');
      await expectBooksRight();
    });

    it('100 concurrent purchases of one plan by one user charge once', async () => {
      const buyer = await person();
      const held = await escrow();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => post('/orderpay/goldExpertPlan', { planId }, buyer)),
      );
      expect(answers.every((a) => a.status === 'success')).toBe(true);
      expect(await coins(buyer.uid)).toBe(142);
      expect(await escrow()).toBe(held + 58);
      const rows = await app.services.database.db
        .select()
        .from(coinRecords)
        .where(and(eq(coinRecords.userId, buyer.uid), eq(coinRecords.type, 'plan_purchase')));
      expect(rows).toHaveLength(1);
      // The buyer's coins into escrow, one transaction.
      expect(await transactionOf(app.services.database.db, buyer.uid, 'plan_purchase')).toEqual([
        { holder: `user:${buyer.uid}`, currency: 'coin', amount: -58, type: 'plan_purchase' },
        { holder: 'account:escrow', currency: 'coin', amount: 58, type: 'escrow_hold' },
      ]);
      await expectBooksRight();
    });

    it('removed from shelves: no new buyers, buyers keep access; deleting needs no buyers', async () => {
      const [sold] = await app.services.database.db
        .select({ sales: expertPlans.sales })
        .from(expertPlans)
        .where(eq(expertPlans.id, planId));
      expect(sold?.sales).toBe(2);
      refusedWith(await post('/creator_platform/deletePlan', { planId }, tipster), 'planHasBuyers');
      // Nor is a plan with buyers revised: what they paid for stays as it was.
      const revised = planBody((await match(inHours(9))).id, { id: planId, title: 'A different idea now' });
      refusedWith(await post('/creator_platform/savePlan', revised, tipster), 'planNotEditable');
      const other = await published(tipster, (await match(inHours(9))).id);
      const buyer = await person();
      await post('/orderpay/goldExpertPlan', { planId: other }, buyer);
      expect((await post('/creator_platform/removePlan', { planId: other }, tipster)).result.state).toBe(
        'removed',
      );
      refusedWith(
        await post('/orderpay/goldExpertPlan', { planId: other }, await person()),
        'planNotForSale',
      );
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${other}`, buyer)).result.access).toBe(
        'granted',
      );

      const unsold = await published(tipster, (await match(inHours(9))).id);
      expect((await post('/creator_platform/deletePlan', { planId: unsold }, tipster)).result).toEqual({
        planId: unsold,
      });
      expect((await get(`/expert_plan/getExpertPlanInfo?planId=${unsold}`)).httpStatus).toBe(404);
    });

    it('a plan still under review at kick-off is never sold', async () => {
      const soon = await match(inHours(2));
      const saved = await post('/creator_platform/savePlan', planBody(soon.id), tipster);
      await app.services.database.db
        .update(matches)
        .set({ startsAt: new Date(Date.now() - 1000) })
        .where(eq(matches.id, soon.id));
      await post('/admin/experts/plans/review', { planId: saved.result.id, approve: true }, admin);
      const buyer = await person();
      expect((await get(`/expert_plan/checkGold?planId=${saved.result.id}`, buyer)).result.purchasable).toBe(
        false,
      );
      refusedWith(
        await post('/orderpay/goldExpertPlan', { planId: saved.result.id }, buyer),
        'planNotForSale',
      );
      expect(await coins(buyer.uid)).toBe(200);
    });
  });

  describe('settlement when the feed ends the match', () => {
    it('win pays the expert less the share, a miss with the refund flag refunds, a miss without pays the expert', async () => {
      const tipster = await expert();
      const buyer = await person();
      const game = await match(inHours(3));
      const win = await published(tipster, game.id, {
        prediction: { market: '1x2', pick: 'home', odds: 1.8 },
        price: 58,
      });
      const missRefund = await published(tipster, game.id, {
        prediction: { market: '1x2', pick: 'away', odds: 4 },
        price: 28,
        refundOnMiss: true,
      });
      const missPaid = await published(tipster, game.id, {
        prediction: { market: '1x2', pick: 'draw', odds: 3.2 },
        price: 18,
      });
      for (const planId of [win, missRefund, missPaid])
        await post('/orderpay/goldExpertPlan', { planId }, buyer);
      expect(await coins(buyer.uid)).toBe(200 - 58 - 28 - 18);
      const [held, earned] = [await escrow(), await platform()];

      await feedEnds(game.externalId, 'finished', final([1, 0], [1, 1]));
      await expect.poll(() => settlementOf(missPaid), { timeout: 20_000 }).toBe('lose');
      expect(await settlementOf(win)).toBe('win');
      expect(await settlementOf(missRefund)).toBe('lose');

      // Win: 58 less 20% (11) -> 47. Miss without refund: 18 less 3 -> 15. Miss with refund: 28 back.
      expect(await coins(tipster.uid)).toBe(200 + 47 + 15);
      expect(await coins(buyer.uid)).toBe(200 - 58 - 18);
      expect(await platform()).toBe(earned + 11 + 3);
      expect(await escrow()).toBe(held - 58 - 28 - 18);
      await expectBooksRight();
      const orders = await app.services.database.db
        .select()
        .from(planOrders)
        .where(eq(planOrders.buyerId, buyer.uid));
      expect(orders.map((o) => [o.planId, o.escrow, o.income]).sort()).toEqual(
        [
          [win, 'paid', 47],
          [missRefund, 'refunded', 0],
          [missPaid, 'paid', 15],
        ].sort(),
      );
      // The record counts them: one hit in two (the refund flag does not change the record).
      const stats = (await get(`/expert_plan/getExpertInfoAccuracy?expertId=${tipster.uid}`)).result;
      expect(stats).toMatchObject({ settled: 3, hits: 1, hitRate: 33.3, currentStreak: 0, bestStreak: 1 });
    });

    it('a cancelled match refunds every buyer', async () => {
      const tipster = await expert();
      const game = await match(inHours(3));
      const planId = await published(tipster, game.id, { price: 28 });
      const buyers = [await person(), await person()];
      for (const buyer of buyers) await post('/orderpay/goldExpertPlan', { planId }, buyer);
      await feedEnds(game.externalId, 'cancelled', soccer.initial());
      await expect.poll(() => settlementOf(planId), { timeout: 20_000 }).toBe('void');
      for (const buyer of buyers) expect(await coins(buyer.uid)).toBe(200);
      expect(await coins(tipster.uid)).toBe(200);
      await expectBooksRight();
    });

    it('a restart in the middle of a settlement settles each purchase exactly once', async () => {
      const tipster = await expert();
      const game = await match(inHours(3));
      const other = await published(tipster, game.id, {
        price: 28,
        prediction: { market: 'btts', pick: 'yes', odds: 1.7 },
      });
      const planId = await published(tipster, game.id, { price: 18 });
      const buyers = [await person(), await person(), await person()];
      await post('/orderpay/goldExpertPlan', { planId: other }, buyers[0]);
      for (const buyer of buyers) await post('/orderpay/goldExpertPlan', { planId }, buyer);

      // The match ends (home win, both scored) while the process settling it dies half-way.
      await app.services.database.db
        .update(matches)
        .set({ status: 'finished', state: final([1, 1], [1, 0]) })
        .where(eq(matches.id, game.id));
      const { wallet } = app.services;
      const transfer = wallet.transfer.bind(wallet);
      let calls = 0;
      vi.spyOn(wallet, 'transfer').mockImplementation(async (t, tx) => {
        calls += 1;
        // The first plan (two transfers) is settled; the second dies at its second purchase.
        if (calls === 5) throw new Error('the process died');
        return transfer(t, tx);
      });
      await expect(app.services.experts.settlement.settleMatch(game.id)).rejects.toThrow('the process died');
      vi.restoreAllMocks();
      expect([await settlementOf(other), await settlementOf(planId)]).toEqual(['win', 'pending']);
      await expectBooksRight();

      // After the restart the job runs again, and once more for good measure.
      await app.services.experts.settlement.settleMatch(game.id);
      await app.services.experts.settlement.settleMatch(game.id);
      expect([await settlementOf(planId), await settlementOf(other)]).toEqual(['win', 'win']);
      // 3 x (18 less 3) + (28 less 5).
      expect(await coins(tipster.uid)).toBe(200 + 3 * 15 + 23);
      const releases = await app.services.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(coinRecords)
        .where(and(eq(coinRecords.userId, tipster.uid), eq(coinRecords.type, 'escrow_release')));
      expect(releases[0]?.n).toBe(4);
      await expectBooksRight();
    });
  });

  describe('the commitment chain', () => {
    it('re-verifies; altering a committed prediction in the database breaks it', async () => {
      const tipster = await expert();
      const ids: number[] = [];
      for (const hours of [10, 11, 12]) ids.push(await published(tipster, (await match(inHours(hours))).id));
      const verified = (await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result;
      expect(verified).toMatchObject({ valid: true, length: 3, brokenAt: null });
      expect(verified.entries[1].prevHash).toBe(verified.entries[0].hash);

      // A revision goes back to review and commits its prediction again, as the next link.
      const [first] = (await get(`/expert_plan/getPlansPC?expertId=${tipster.uid}&sort=kickoff`)).result.list;
      const revision = await post(
        '/creator_platform/savePlan',
        planBody(first.match.id, { id: first.id, prediction: { market: 'btts', pick: 'no', odds: 2.1 } }),
        tipster,
      );
      expect(revision.result).toMatchObject({
        id: first.id,
        state: 'review',
        prediction: { market: 'btts', pick: 'no' },
      });
      const recommitted = (await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result;
      expect(recommitted).toMatchObject({ valid: true, length: 4 });
      expect(recommitted.entries[3]).toMatchObject({ planId: first.id, pick: 'no' });

      const { db } = app.services.database;
      await db
        .update(planCommitments)
        .set({ pick: 'away' })
        .where(eq(planCommitments.planId, ids[1] as number));
      // The commitment row and the plan were both changed: the hash no longer matches.
      await db
        .update(expertPlans)
        .set({ pick: 'away' })
        .where(eq(expertPlans.id, ids[1] as number));
      expect((await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result).toMatchObject({
        valid: false,
        brokenAt: 2,
        reason: 'hash',
      });

      await db
        .update(planCommitments)
        .set({ pick: 'home' })
        .where(eq(planCommitments.planId, ids[1] as number));
      expect((await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result).toMatchObject({
        valid: false,
        brokenAt: 2,
      });
      await db
        .update(expertPlans)
        .set({ pick: 'home' })
        .where(eq(expertPlans.id, ids[1] as number));
      expect((await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result.valid).toBe(true);

      // A rewritten commitment with a fresh hash still breaks the link to the next one.
      const [second] = await db
        .select()
        .from(planCommitments)
        .where(eq(planCommitments.planId, ids[1] as number));
      await db
        .update(planCommitments)
        .set({ hash: 'f'.repeat(64) })
        .where(eq(planCommitments.id, second?.id as number));
      const broken = (await get(`/expert_plan/verifyChain?expertId=${tipster.uid}`)).result;
      expect(broken).toMatchObject({ valid: false, brokenAt: 2 });
    });
  });

  describe('the expert pages read', () => {
    it('home, all experts, rankings, an expert, and the composer options', async () => {
      const home = (await get('/expert_plan/home')).result;
      expect(home).toHaveProperty('recommended');
      expect(home.hotPlans.length).toBeGreaterThan(0);
      expect((await get('/expert_plan/expertLibraryPC?sort=roi&gameId=202')).result.total).toBeGreaterThan(0);
      expect((await get('/expert_plan/rankings?period=weekly')).status).toBe('success');
      const tipster = await expert();
      expect((await get(`/expert_plan/getExpertInfo?expertId=${tipster.uid}`)).result).toMatchObject({
        expert: { uid: tipster.uid, displayName: `Tipster ${tipster.uid}` },
        followers: 0,
      });
      const options = (await get('/creator_platform/planOptions', tipster)).result;
      expect(options).toMatchObject({
        approved: true,
        titleMin: 5,
        titleMax: 60,
        plansPerMatch: 3,
        imagesMax: 3,
      });
      expect(options.prices).toContain(0);
      expect(
        (await get('/creator_platform/getReturnsDetailedSummary?days=14', tipster)).result.series,
      ).toHaveLength(14);
      refusedWith(
        await get('/creator_platform/getReturnsDetailedSummary?days=14', await person()),
        'accessDenied',
      );
    });

    it('recommends only experts with a record: not a just-approved one, one with ten settled plans', async () => {
      const tipster = await expert();
      const recommended = async () =>
        ((await get('/expert_plan/recommendExpert')).result as { expert: { uid: number } }[]).map(
          (card) => card.expert.uid,
        );
      expect(await recommended()).not.toContain(tipster.uid);
      // Four matches of three plans each: twelve settled, the threshold (ten) passed.
      const plans: number[] = [];
      const games = [];
      for (let i = 0; i < 4; i++) {
        const game = await match(inHours(3 + i));
        games.push(game);
        for (let n = 0; n < 3; n++) plans.push(await published(tipster, game.id, { price: 0 }));
      }
      for (const game of games.slice(0, 3))
        await feedEnds(game.externalId, 'finished', final([1, 0], [0, 0]));
      await expect.poll(() => settlementOf(plans[8] as number), { timeout: 20_000 }).toBe('win');
      // Nine settled plans are not yet a record.
      expect(await recommended()).not.toContain(tipster.uid);
      await feedEnds(games[3]?.externalId as string, 'finished', final([1, 0], [0, 0]));
      await expect.poll(() => settlementOf(plans[11] as number), { timeout: 20_000 }).toBe('win');
      expect(await recommended()).toContain(tipster.uid);
    });

    it("a creator's own record: an expert's as its card has it, an administrator's empty rather than missing", async () => {
      const { stats } = app.services.experts;
      const tipster = await expert();
      expect(await stats.ownStats(tipster.uid)).toEqual(await stats.stats(tipster.uid));
      await expect(stats.stats(admin.uid)).rejects.toMatchObject({ key: 'notFound' });
      expect(await stats.ownStats(admin.uid)).toMatchObject({
        settled: 0,
        hitRate: 0,
        plans: 0,
        plansOnSale: 0,
      });
    });
  });
});
