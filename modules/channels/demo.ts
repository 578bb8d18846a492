import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { channelEvents, promotionChannels, users } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { type Accounts, hashPassword } from '../accounts';
import type { WalletDomain } from '../wallet';
import { type Channels, dayOf } from './channels.service';

/** The demo promoter signs in with these (the login dialog's password login). */
export const DEMO_PROMOTER = { username: 'DemoPromoter', password: 'promoter2026' } as const;
const DEMO_CHANNELS = [
  { id: 'demo-spring', name: '春季推广' },
  { id: 'demo-forum', name: '论坛合作' },
] as const;
const DAYS = 30;
const REGISTRATIONS = 14;
const DAY_MS = 86_400_000;
const RECHARGES_RMB = [10, 200, 10, 1000, 200];

const DEMO_CHECK_MS = 3_600_000;

export interface DemoDeps {
  env: Env;
  log: Logger;
  database: Database;
  accounts: Accounts;
  wallet: WalletDomain;
  channels: Channels;
  jobs: Jobs;
  devAdapters: boolean;
}

/**
 * On the embedded default (or with DEMO_DATA): seeds the demo channels on the leader once the app
 * runs, so the demo never delays readiness; later runs only see that they are there.
 */
export function scheduleDemoChannels(deps: DemoDeps) {
  const wanted = deps.env.DEMO_DATA ?? (deps.env.NODE_ENV !== 'test' && !deps.env.DATABASE_URL);
  if (!wanted) return;
  deps.jobs.every('channels:demo', DEMO_CHECK_MS, () =>
    seedDemoChannels(deps).catch((err) =>
      deps.log.warn({ err }, 'could not seed the demo promotion channels'),
    ),
  );
}

/**
 * Once: a demo promoter with two channels, a month of
 * visits and installs, accounts registered through the links, and (with the sandbox) recharges
 * paid through the sandbox provider, so the channel pages show numbers and charts.
 */
export async function seedDemoChannels(deps: DemoDeps, now = new Date()) {
  const { log, accounts, wallet, channels } = deps;
  const { db } = deps.database;
  const ids = DEMO_CHANNELS.map((channel) => channel.id);
  const seeded = await db.select().from(promotionChannels).where(inArray(promotionChannels.id, ids));
  if (seeded.length > 0) return;

  const [promoter] = await db
    .insert(users)
    .values({
      username: DEMO_PROMOTER.username,
      passwordHash: await hashPassword(DEMO_PROMOTER.password),
      registrationSource: 'demo',
      registrationType: 2,
      roles: ['user', 'promoter'],
    })
    .onConflictDoNothing()
    .returning({ uid: users.uid });
  if (!promoter) return log.warn('the demo promoter’s username is taken; no demo channels');
  await db.insert(promotionChannels).values(DEMO_CHANNELS.map((c) => ({ ...c, ownerId: promoter.uid })));

  // A month of visits and installs, more on the first channel, varied by day.
  const events: (typeof channelEvents.$inferInsert)[] = [];
  for (let back = 0; back < DAYS; back += 1) {
    const at = new Date(now.getTime() - back * DAY_MS);
    for (const [index, channelId] of ids.entries()) {
      const visits = ((back * 7 + index * 5) % 13) + (index === 0 ? 12 : 4);
      for (let v = 0; v < visits; v += 1)
        events.push({
          channelId,
          kind: v % 9 === 0 ? 'download' : 'visit',
          visitor: randomBytes(16).toString('hex'),
          day: dayOf(at),
          occurredAt: at,
        });
    }
  }
  await db.insert(channelEvents).values(events);

  // Accounts registered through the links over the month, and some of their recharges.
  for (let i = 0; i < REGISTRATIONS; i += 1) {
    const channelId = ids[i % 3 === 2 ? 1 : 0] as string;
    const user = await accounts.register({ source: 'demo', type: 1, promotionChannelId: channelId });
    await db
      .update(users)
      .set({ createdAt: new Date(now.getTime() - ((i * 2) % DAYS) * DAY_MS) })
      .where(eq(users.uid, user.uid));
    const rmb = RECHARGES_RMB[i];
    if (rmb && deps.devAdapters) {
      const { order } = await wallet.payments.create(user.uid, 'alipay', { product: 'coins', rmb }, '/');
      await wallet.decideInSandbox(order.orderNo, 'paid');
    }
  }
  await channels.rollUp(new Date(now.getTime() - DAYS * DAY_MS), now);
  log.info(
    `demo promoter seeded: sign in as ${DEMO_PROMOTER.username} / ${DEMO_PROMOTER.password} and open /channel`,
  );
}
