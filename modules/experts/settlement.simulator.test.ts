import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { expertPlans, matches, users } from '../../db/schema/index';
import { createMemoryBus } from '../../platform/bus/memory';
import type { Env } from '../../platform/env';
import type { FileStorage } from '../../platform/file-storage';
import { createJobs } from '../../platform/jobs/index';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionUser } from '../../platform/sessions';
import { embeddedOnly, openTestDatabase } from '../../test/databases';
import { grant } from '../../test/ledger';
import { createSimulatorFeed } from '../feeds/simulator/simulator';
import { createMatchStore } from '../matches/store';
import type { SoccerState } from '../sports';
import { createSettings } from '../system/settings';
import { createWallet } from '../wallet/wallet.service';
import { topUpDemoExperts } from './demo';
import { createExperts } from './experts';
import { planInput } from './experts.contract';

// A Sunday afternoon (UTC), with matches of every game before and after it.
const NOW = Date.UTC(2026, 10, 22, 14, 30);
const HOUR = 3_600_000;

describe.each(embeddedOnly)('plans on simulated matches on $name', (target) => {
  it('are bought, then settled when the simulator plays the match to the end; the demo experts fill up', async () => {
    const database = await openTestDatabase(target);
    const { db } = database;
    const log = pino({ level: 'silent' });
    const bus = createMemoryBus();
    const store = createMatchStore({ db, bus, log });
    const play = async (until: number) => {
      const feed = createSimulatorFeed({ seed: 3, speed: 1, now: () => until, log, tickMs: 60_000 });
      await feed.start(store);
      await feed.stop();
    };
    await play(NOW);

    let clock = NOW;
    const wallet = createWallet(db);
    const experts = createExperts(
      {
        database,
        wallet,
        settings: createSettings(db),
        storage: {} as FileStorage,
        limiter: {} as RateLimiter,
      },
      () => new Date(clock),
    );
    const jobs = createJobs({ db, log, pollMs: 100 });
    const unsubscribe = await experts.settlement.start({ jobs, bus, log });
    await jobs.start();

    const account = async (username: string, roles: string[] = ['user']): Promise<SessionUser> => {
      const [row] = await db
        .insert(users)
        .values({ username, registrationSource: 'test', registrationType: 1, roles })
        .returning({ uid: users.uid });
      if (!row) throw new Error('no user');
      await grant(wallet, row.uid, 1000, 'start');
      return { uid: row.uid, username, roles: roles as SessionUser['roles'] };
    };
    const balance = async (uid: number) =>
      (await db.select({ coins: users.coins }).from(users).where(eq(users.uid, uid)))[0]?.coins;
    const admin = await account('admin', ['user', 'admin']);
    const approvedExpert = async (username: string) => {
      const who = await account(username);
      await experts.applications.apply(who.uid, {
        displayName: username,
        introduction: 'Football every day.',
        gameIds: [202],
      });
      const { list } = await experts.applications.queue('review', { pageIndex: 1, pageSize: 10 });
      const application = list.find((a) => a.uid === who.uid);
      await experts.applications.review(admin, { id: application?.id as number, approve: true, reason: '' });
      return who;
    };

    // A soccer match that kicks off within two hours of now.
    const [game] = await db
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(
          eq(matches.gameId, 202),
          eq(matches.status, 'not_started'),
          gt(matches.startsAt, new Date(NOW + HOUR / 2)),
          lt(matches.startsAt, new Date(NOW + 2 * HOUR)),
          isNotNull(matches.homeTeamId),
        ),
      )
      .orderBy(asc(matches.startsAt))
      .limit(1);
    if (!game) throw new Error('no upcoming soccer match');

    const careful = await approvedExpert('careful');
    const bold = await approvedExpert('bold');
    const buyer = await account('buyer');
    const plan = async (by: SessionUser, pick: 'yes' | 'no', price: number, refundOnMiss: boolean) => {
      const saved = await experts.plans.save(
        by,
        planInput.parse({
          matchId: game.id,
          playLevel: 'League',
          prediction: { market: 'btts', pick, odds: 1.9 },
          title: `Both teams to score: ${pick}`,
          content: '<p>Why</p>',
          price,
          refundOnMiss,
          cover: '/uploads/demo/cover.webp',
        }),
      );
      await experts.plans.review(admin, { planId: saved.id, approve: true, reason: '' });
      await experts.purchases.buy(buyer, saved.id);
      return saved.id;
    };
    // One of each pair wins: the careful expert refunds a miss, the bold one does not.
    const carefulYes = await plan(careful, 'yes', 28, true);
    const carefulNo = await plan(careful, 'no', 28, true);
    const boldYes = await plan(bold, 'yes', 58, false);
    const boldNo = await plan(bold, 'no', 58, false);
    expect(await balance(buyer.uid)).toBe(1000 - 2 * 28 - 2 * 58);
    expect((await wallet.accountBalance('escrow')).coins).toBe(172);

    // Five hours later the simulator has played the match: the feed ends it, the job settles it.
    clock = NOW + 5 * HOUR;
    await play(clock);
    const ids = [carefulYes, carefulNo, boldYes, boldNo];
    const settlements = async () =>
      (
        await db
          .select({ id: expertPlans.id, settlement: expertPlans.settlement })
          .from(expertPlans)
          .where(inArray(expertPlans.id, ids))
      )
        .sort((a, b) => a.id - b.id)
        .map((r) => r.settlement);
    await expect
      .poll(async () => (await settlements()).includes('pending'), { timeout: 120_000, interval: 200 })
      .toBe(false);

    const [played] = await db
      .select({ status: matches.status, state: matches.state })
      .from(matches)
      .where(eq(matches.id, game.id));
    if (!played) throw new Error('the match is gone');
    expect(played.status).toBe('finished');
    const regular = (played.state as SoccerState).periods.filter(
      (p) => p.period === 'H1' || p.period === 'H2',
    );
    const goals = (side: 'home' | 'away') => regular.reduce((sum, p) => sum + p[side], 0);
    const bothScored = goals('home') > 0 && goals('away') > 0;
    expect(await settlements()).toEqual(
      bothScored ? ['win', 'lose', 'win', 'lose'] : ['lose', 'win', 'lose', 'win'],
    );

    // Hit: 28 less 5 to the careful expert; its miss refunds 28. The bold expert is paid 58 less 11 twice.
    expect(await balance(careful.uid)).toBe(1000 + 23);
    expect(await balance(bold.uid)).toBe(1000 + 47 + 47);
    expect(await balance(buyer.uid)).toBe(1000 - 2 * 28 - 2 * 58 + 28);
    expect((await wallet.accountBalance('platform')).coins).toBe(5 + 11 + 11);
    expect((await wallet.accountBalance('escrow')).coins).toBe(0);
    expect(await wallet.audit()).toEqual([]);

    // The demo experts: a settled history on finished matches, plans on sale on upcoming ones.
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tips-demo-')) } as Env;
    // The history is made once, and says so: the demo settles it then, not at the next sweep.
    expect(await topUpDemoExperts({ env, database }, clock)).toBe(true);
    expect(await topUpDemoExperts({ env, database }, clock)).toBe(false);
    const ended = await db
      .selectDistinct({ matchId: expertPlans.matchId })
      .from(expertPlans)
      .where(eq(expertPlans.settlement, 'pending'));
    for (const { matchId } of ended) await experts.settlement.settleMatch(matchId);
    const cards = await experts.stats.cards();
    const demo = cards.filter((c) => !['careful', 'bold'].includes(c.expert.displayName));
    expect(demo).toHaveLength(5);
    for (const card of demo) {
      expect(card.stats.settled).toBeGreaterThan(10);
      expect(card.stats.plansOnSale).toBe(4);
      expect((await experts.verifyChain(card.expert.uid)).valid).toBe(true);
    }
    expect((await experts.stats.rankings('weekly')).length).toBeGreaterThan(0);

    await unsubscribe();
    await jobs.stop();
  }, 600_000);
});
