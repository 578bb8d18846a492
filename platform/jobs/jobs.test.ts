import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { jobs as jobsTable, leases } from '../../db/schema/index';
import { cleanUpAfterFile, databaseTargets, openTestDatabase } from '../../test/databases';
import { createJobs, type Jobs, type JobsOptions, LEADER_LEASE } from './index';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One instance's jobs on a shared database, polling often on a short lease; stopped after the file. */
function instance(db: Db, options: Partial<JobsOptions> = {}): Jobs {
  const jobs = createJobs({ db, log, pollMs: 50, leaseMs: 600, ...options });
  cleanUpAfterFile(() => jobs.stop());
  return jobs;
}

describe.each(databaseTargets)('jobs on $name', (target) => {
  it('runs a leader schedule once per interval across two instances, also when the leader changes', async () => {
    const { db } = await openTestDatabase(target);
    const runs: number[] = [];
    const [one, two] = [instance(db), instance(db)];
    for (const jobs of [one, two]) jobs.every('test:tick', 400, async () => void runs.push(Date.now()));
    const began = Date.now();
    await one.start();
    await two.start();
    expect([one.leading, two.leading]).toEqual([true, false]);
    await sleep(1000);
    await one.stop();
    await vi.waitFor(() => expect(two.leading).toBe(true), { timeout: 5000, interval: 50 });
    await sleep(1000);
    await two.stop();

    const span = Date.now() - began;
    expect(runs.length).toBeGreaterThanOrEqual(4);
    // One run per slot of 400 ms. A run starts a little after its slot is taken, later on a busy
    // machine, so two runs may come closer than 400 ms; two instances running one slot would
    // come within milliseconds of each other, and more runs than slots would show.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(span / 400) + 1);
    for (let i = 1; i < runs.length; i++)
      expect((runs[i] as number) - (runs[i - 1] as number)).toBeGreaterThanOrEqual(200);
  });

  it('runs a schedule of every instance on each of them', async () => {
    const { db } = await openTestDatabase(target);
    const runs = { one: 0, two: 0 };
    const [one, two] = [instance(db), instance(db)];
    one.every('test:local', 100, async () => void runs.one++, { everyInstance: true });
    two.every('test:local', 100, async () => void runs.two++, { everyInstance: true });
    await Promise.all([one.start(), two.start()]);
    await vi.waitFor(() => expect(Math.min(runs.one, runs.two)).toBeGreaterThanOrEqual(2), { timeout: 5000 });
  });

  it('keeps a durable job over a restart and runs it once, on the instance that leads next', async () => {
    const { db } = await openTestDatabase(target);
    const before = instance(db);
    before.handle('test:settle', async () => {});
    await before.start();
    const runAt = new Date(Date.now() + 500);
    expect(await before.enqueue('test:settle', runAt, { tip: 7 }, 'settle:7')).toBe(true);
    expect(await before.enqueue('test:settle', runAt, { tip: 7 }, 'settle:7')).toBe(false);
    await before.stop();

    const after = instance(db);
    const settled: unknown[] = [];
    after.handle('test:settle', async (payload) => void settled.push(payload));
    await after.start();
    await vi.waitFor(() => expect(settled).toEqual([{ tip: 7 }]), { timeout: 5000, interval: 50 });
    await sleep(300);
    expect(settled).toHaveLength(1);
    expect(await after.enqueue('test:settle', new Date(), { tip: 7 }, 'settle:7')).toBe(false);
  });

  it('tries a failed durable job again, and takes again one whose instance died while running it', async () => {
    const { db } = await openTestDatabase(target);
    // A job an instance took and never finished: it crashed with the job locked (until a moment ago).
    await db.insert(jobsTable).values({
      name: 'test:expire',
      key: 'expire:crashed',
      runAt: new Date(Date.now() - 60_000),
      payload: { order: 'crashed' },
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    const jobs = instance(db);
    const attempts: string[] = [];
    jobs.handle<{ order: string }>('test:expire', async ({ order }) => {
      attempts.push(order);
      if (order === 'flaky' && attempts.filter((seen) => seen === 'flaky').length === 1)
        throw new Error('provider down');
    });
    await jobs.enqueue('test:expire', new Date(), { order: 'flaky' }, 'expire:flaky');
    await jobs.start();

    await vi.waitFor(() => expect(attempts.sort()).toEqual(['crashed', 'flaky', 'flaky']), {
      timeout: 8000,
      interval: 100,
    });
    const rows = await db.select().from(jobsTable).where(eq(jobsTable.key, 'expire:flaky'));
    expect(rows[0]).toMatchObject({ attempts: 2, lastError: 'Error: provider down' });
    expect(rows[0]?.doneAt).not.toBeNull();
  });

  it('takes the lead when the leader died without handing it on, once its lease has passed', async () => {
    const { db } = await openTestDatabase(target);
    await db
      .insert(leases)
      .values({ name: LEADER_LEASE, holder: 'a crashed instance', expiresAt: new Date(Date.now() + 500) });
    const jobs = instance(db);
    await jobs.start();
    expect(jobs.leading).toBe(false);
    await vi.waitFor(() => expect(jobs.leading).toBe(true), { timeout: 5000, interval: 50 });
  });
});
