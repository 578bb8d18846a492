import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { competitions, expertApplications, expertPlans, matches, teams, users } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import { UPLOADS_PREFIX } from '../../platform/file-storage';
import type { Jobs } from '../../platform/jobs/index';
import { uploadsDir } from '../../platform/uploads';
import type { SportFamily } from '../sports';
import { commitPrediction } from './chain';
import type { Prediction } from './experts.contract';

/** Demo experts: a name, an introduction, the games they cover, a colour for their covers. */
const DEMO_EXPERTS = [
  {
    username: 'TipsterLeo',
    name: '足球老李',
    intro: '十年欧洲联赛研究，专注亚盘与大小球。',
    games: [202],
    color: '#15803d',
  },
  {
    username: 'HoopsMaster',
    name: '篮球大师',
    intro: '专注职业篮球，擅长让分与总分分析。',
    games: [201],
    color: '#c2410c',
  },
  {
    username: 'RiftOracle',
    name: '峡谷先知',
    intro: '英雄联盟赛事分析师，关注版本与BP。',
    games: [1],
    color: '#1d4ed8',
  },
  {
    username: 'ClutchKing',
    name: '残局之王',
    intro: 'CS 与 DOTA2 数据党，地图池与经济局研究。',
    games: [2, 4],
    color: '#7c3aed',
  },
  {
    username: 'AllRounder',
    name: '全能观察员',
    intro: '足球、篮球、电竞全覆盖，稳健路线。',
    games: [202, 201, 1],
    color: '#be123c',
  },
] as const;

const HISTORY_PER_EXPERT = 24;
const ON_SALE_PER_EXPERT = 4;
const PRICES = [0, 18, 28, 58];
const HOUR = 3_600_000;
// Often enough that a fresh start shows plans within seconds of the feed's first fill.
const TOP_UP_MS = 10_000;

/** A prediction for the demo, varied by the match id. */
function demoPrediction(family: SportFamily, matchId: number): Prediction {
  const odds = 1.6 + (matchId % 9) / 10;
  const side = matchId % 2 === 0 ? 'home' : 'away';
  const choice = matchId % 3;
  if (family === 'soccer') {
    if (choice === 0)
      return { market: '1x2', line: null, pick: ['home', 'draw', 'away'][matchId % 3] as string, odds };
    if (choice === 1)
      return { market: 'over_under', line: 2.5, pick: side === 'home' ? 'over' : 'under', odds };
    return { market: 'handicap', line: -0.25, pick: side, odds };
  }
  if (family === 'basketball') {
    if (choice === 0) return { market: 'winner', line: null, pick: side, odds };
    return { market: 'handicap', line: side === 'home' ? -3.5 : 3.5, pick: side, odds };
  }
  return choice === 0
    ? { market: 'map_winner', line: 1, pick: side, odds }
    : { market: 'series_winner', line: null, pick: side, odds };
}

async function demoCover(env: Env, name: string, color: string, label: string): Promise<string> {
  const dir = path.join(uploadsDir(env), 'demo');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `plan-${name}.webp`);
  if (!existsSync(file)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
<rect width="640" height="360" fill="${color}"/><circle cx="540" cy="60" r="160" fill="#fff" opacity="0.1"/>
<text x="40" y="290" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">${label}</text></svg>`;
    await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file);
  }
  return `${UPLOADS_PREFIX}demo/plan-${name}.webp`;
}

/**
 * Keeps the demo experts' plans going on the embedded default (or with DEMO_DATA): approved
 * experts, a settled history on the simulator's finished matches (committed before kick-off, and
 * settled by the settlement job like any plan), and plans on sale on its upcoming matches. Runs
 * every ten seconds on the leader, so the simulator's matches are there and new ones keep coming.
 */
export function seedDemoExperts(services: {
  env: Env;
  log: Logger;
  database: Database;
  jobs: Jobs;
  /** Settles the history at once rather than at the next minute's sweep. */
  settleEnded: () => Promise<void>;
}) {
  const { env, log, jobs } = services;
  const wanted = env.DEMO_DATA ?? (env.NODE_ENV !== 'test' && !env.DATABASE_URL);
  if (!wanted) return;
  jobs.every('experts:demo-plans', TOP_UP_MS, () =>
    topUpDemoExperts(services, Date.now())
      .then((historyAdded) => (historyAdded ? services.settleEnded() : undefined))
      .catch((err) => log.warn({ err }, 'could not add the demo expert plans')),
  );
}

/**
 * Makes the demo experts, their history once, and tops up their plans on sale, as of `now`.
 * Answers whether it added history (plans on ended matches, waiting to be settled).
 */
export async function topUpDemoExperts(services: { env: Env; database: Database }, now: number) {
  let historyAdded = false;
  const { env } = services;
  const { db } = services.database;
  async function expertUid(demo: (typeof DEMO_EXPERTS)[number]): Promise<number> {
    const [found] = await db.select({ uid: users.uid }).from(users).where(eq(users.username, demo.username));
    if (found) return found.uid;
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          registrationSource: 'demo',
          registrationType: 2,
          roles: ['user', 'expert'],
        })
        .returning({ uid: users.uid });
      if (!user) throw new Error('demo expert not written');
      await tx.insert(expertApplications).values({
        uid: user.uid,
        state: 'approved',
        displayName: demo.name,
        introduction: demo.intro,
        gameIds: [...demo.games],
        reviewedAt: new Date(),
      });
      return user.uid;
    });
  }

  /** Matches of the games, in a time range, that have no plan of this expert yet. */
  async function candidates(
    uid: number,
    games: readonly number[],
    status: string,
    from: Date,
    to: Date,
    limit: number,
  ) {
    return db
      .select({
        id: matches.id,
        gameId: matches.gameId,
        startsAt: matches.startsAt,
        family: sql<SportFamily>`${matches.state}->>'family'`,
        league: competitions.shortName,
        home: teams.name,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .leftJoin(teams, eq(teams.id, matches.homeTeamId))
      .where(
        and(
          inArray(matches.gameId, [...games]),
          eq(matches.status, status),
          gt(matches.startsAt, from),
          lt(matches.startsAt, to),
          isNotNull(matches.homeTeamId),
          sql`not exists (select 1 from expert_plans p where p.match_id = ${matches.id} and p.expert_id = ${uid})`,
        ),
      )
      .orderBy(asc(matches.startsAt))
      .limit(limit);
  }

  async function addPlans(
    uid: number,
    demo: (typeof DEMO_EXPERTS)[number],
    list: Awaited<ReturnType<typeof candidates>>,
    history: boolean,
  ) {
    const cover = await demoCover(env, demo.username, demo.color, demo.name);
    for (const [i, match] of list.entries()) {
      const prediction = demoPrediction(match.family, match.id);
      const price = PRICES[(match.id + i) % PRICES.length] as number;
      const submitted = history ? new Date(match.startsAt.getTime() - 3 * HOUR) : new Date(now);
      await db.transaction(async (tx) => {
        const [plan] = await tx
          .insert(expertPlans)
          .values({
            expertId: uid,
            matchId: match.id,
            gameId: match.gameId,
            playLevel: match.league,
            ...prediction,
            title: `${match.league}：${match.home ?? ''} 赛前深度分析`.slice(0, 60),
            summary: '状态、交锋与伤停全面梳理，给出本场核心判断。',
            content: `<p>${demo.intro}</p><p>本场核心观点：关注比赛节奏与关键球员的发挥，理性参考。</p>`,
            price,
            label: price === 0 ? '免费' : '精选',
            refundOnMiss: price > 0 && match.id % 2 === 0,
            cover,
            state: 'published',
            publishedAt: new Date(submitted.getTime() + HOUR / 2),
            createdAt: submitted,
          })
          .returning();
        if (plan) await commitPrediction(tx, plan, submitted);
      });
    }
  }

  for (const demo of DEMO_EXPERTS) {
    const uid = await expertUid(demo);
    const [planned] = await db.select({ n: count() }).from(expertPlans).where(eq(expertPlans.expertId, uid));
    if ((planned?.n ?? 0) === 0) {
      const finished = await candidates(
        uid,
        demo.games,
        'finished',
        new Date(now - 7 * 24 * HOUR),
        new Date(now - 3 * HOUR),
        400,
      );
      // The feed is still filling the week: the history (first in the chain) waits for it.
      if (finished.length < HISTORY_PER_EXPERT) continue;
      // Spread over the week: every so many finished matches.
      const step = Math.floor(finished.length / HISTORY_PER_EXPERT);
      await addPlans(uid, demo, finished.filter((_, i) => i % step === 0).slice(0, HISTORY_PER_EXPERT), true);
      historyAdded = true;
    }
    const [onSale] = await db
      .select({ n: count() })
      .from(expertPlans)
      .innerJoin(matches, eq(matches.id, expertPlans.matchId))
      .where(
        and(
          eq(expertPlans.expertId, uid),
          eq(expertPlans.state, 'published'),
          gt(matches.startsAt, new Date(now)),
        ),
      );
    const missing = ON_SALE_PER_EXPERT - (onSale?.n ?? 0);
    if (missing > 0)
      await addPlans(
        uid,
        demo,
        await candidates(
          uid,
          demo.games,
          'not_started',
          new Date(now + HOUR),
          new Date(now + 48 * HOUR),
          missing,
        ),
        false,
      );
  }
  return historyAdded;
}
