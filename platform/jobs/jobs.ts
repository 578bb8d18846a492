import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, lte, notLike, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { jobs, leases } from '../../db/schema/index';
import { counter, gaugeReadAtScrape, type Metrics } from '../metrics';

/** The lease the leader instance holds (the `leases` table). */
export const LEADER_LEASE = 'jobs:leader';

export interface JobsOptions {
  db: Db;
  log: Logger;
  /** How often due work is looked for. */
  pollMs?: number;
  /** How long the lease lasts without renewal (renewed every third of it): a crashed leader is replaced within it. */
  leaseMs?: number;
  /** How long a running durable job is held; past it (a crash) another run takes it again. */
  lockMs?: number;
  /** Where the leader, the queue and the failures are told (jobs_leader, jobs_due, jobs_failed_total). */
  metrics?: Metrics;
}

/** Work the leader holds while it leads: started when it becomes the leader, stopped when it stops being it. */
export interface LeaderWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Jobs {
  /**
   * Runs `run` every `everyMs`: on the leader, once per interval across all instances (the next
   * slot is kept in the database); with `everyInstance`, on each instance for its own state.
   */
  every(name: string, everyMs: number, run: () => Promise<void>, options?: { everyInstance?: boolean }): void;
  /** Holds `work` running on the leader only (a feed that must not run twice). */
  lead(name: string, work: LeaderWork): void;
  /** The handler of the durable jobs of that name; it may run again after a crash, so it must be idempotent. */
  handle<P>(name: string, handler: (payload: P) => Promise<void>): void;
  /**
   * Stores a job to run at `runAt` on the leader, retried until it succeeds; false when a job
   * with this key was already enqueued (it is enqueued once).
   */
  enqueue(name: string, runAt: Date, payload: unknown, key: string): Promise<boolean>;
  /** Whether this instance holds the leader lease now. */
  readonly leading: boolean;
  /** Resolves after this instance's first contest for the lease (in `start`). */
  readonly contested: Promise<void>;
  /** Starts the schedules of this instance and contends for the lease; resolves after the first contest. */
  start(): Promise<void>;
  /** Stops everything, waits for the work in flight and hands the lease on. */
  stop(): Promise<void>;
}

/** A failed durable job is tried again after 2, 4, 8 ... seconds, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 1000, 3600_000);

const after = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Timers and durable jobs (docs/decisions/014-realtime-and-jobs.md). One instance leads, by a
 * lease row it renews (PGlite and PostgreSQL alike); it runs the leader schedules, the
 * leader work and the due durable jobs. Claims are single statements, so even two instances that
 * both believe they lead (a lease just lost) never take the same slot or job.
 */
export function createJobs(options: JobsOptions): Jobs {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 15_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const instance = randomUUID();

  const schedules = new Map<string, { everyMs: number; run: () => Promise<void>; running: boolean }>();
  const local: { name: string; everyMs: number; run: () => Promise<void> }[] = [];
  const leaderWork = new Map<string, LeaderWork>();
  const handlers = new Map<string, (payload: unknown) => Promise<void>>();
  const inFlight = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let leading = false;
  /** Until when this instance may take itself for the leader without a renewal (a database blip). */
  let heldUntil = 0;
  let contestedAt = 0;
  let started = false;
  const failures = options.metrics && countFailures(options.metrics, db, () => leading);
  let stopped = false;
  let draining = false;
  let poller: NodeJS.Timeout | undefined;
  let markContested: () => void = () => {};
  const contested = new Promise<void>((resolve) => {
    markContested = resolve;
  });

  function claimName(name: string) {
    if (
      schedules.has(name) ||
      handlers.has(name) ||
      leaderWork.has(name) ||
      local.some((job) => job.name === name)
    )
      throw new Error(`job ${name} is registered twice`);
  }

  /** Runs a piece of work, logging its failure, and keeps it until it settles so `stop` can wait. */
  function track(name: string, work: () => Promise<unknown>): Promise<unknown> {
    const promise = work()
      .catch((err) => log.error({ err, job: name }, 'job failed'))
      .finally(() => inFlight.delete(promise));
    inFlight.add(promise);
    return promise;
  }

  function startLocal(job: (typeof local)[number]) {
    const timer = setInterval(() => void track(job.name, job.run), job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  async function renewLease(): Promise<boolean> {
    const [row] = await db
      .insert(leases)
      .values({ name: LEADER_LEASE, holder: instance, expiresAt: after(leaseMs) })
      .onConflictDoUpdate({
        target: leases.name,
        set: { holder: instance, expiresAt: after(leaseMs) },
        setWhere: or(eq(leases.holder, instance), lte(leases.expiresAt, sql`now()`)),
      })
      .returning({ holder: leases.holder });
    return row?.holder === instance;
  }

  async function contend(): Promise<void> {
    const asked = Date.now();
    let won: boolean;
    try {
      won = await renewLease();
      if (won) heldUntil = asked + leaseMs;
    } catch (err) {
      log.warn({ err }, 'could not renew the jobs lease');
      won = leading && Date.now() < heldUntil;
    }
    if (won === leading || stopped) return;
    leading = won;
    log.info({ instance }, won ? 'this instance leads the jobs' : 'this instance no longer leads the jobs');
    for (const [name, work] of leaderWork) void track(name, won ? work.start : work.stop);
  }

  /** Takes the schedule's slot if it is due (inserting its first one), then runs it. */
  async function runIfDue(name: string, schedule: { everyMs: number; run: () => Promise<void> }) {
    const key = `every:${name}`;
    const [slot] = await db
      .insert(jobs)
      .values({ name, key, runAt: after(schedule.everyMs) })
      .onConflictDoUpdate({
        target: jobs.key,
        set: { runAt: after(schedule.everyMs), attempts: sql`${jobs.attempts} + 1` },
        setWhere: lte(jobs.runAt, sql`now()`),
      })
      .returning({ id: jobs.id });
    if (slot) await schedule.run();
  }

  /** Takes one due durable job (one whose lock has passed too) and holds it while it runs. */
  async function claimDue() {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, [...handlers.keys()]),
          isNull(jobs.doneAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({ lockedUntil: after(lockMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning({ id: jobs.id, name: jobs.name, payload: jobs.payload, attempts: jobs.attempts });
    return job;
  }

  async function runDueJobs() {
    for (let job = await claimDue(); job && !stopped; job = await claimDue()) {
      const handler = handlers.get(job.name) as (payload: unknown) => Promise<void>;
      try {
        await handler(job.payload);
        await db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null }).where(eq(jobs.id, job.id));
      } catch (err) {
        log.error({ err, job: job.name, attempts: job.attempts }, 'durable job failed; it is tried again');
        failures?.inc({ name: job.name });
        await db
          .update(jobs)
          .set({ runAt: after(retryDelayMs(job.attempts)), lockedUntil: null, lastError: String(err) })
          .where(eq(jobs.id, job.id));
      }
    }
  }

  async function poll() {
    if (Date.now() - contestedAt >= leaseMs / 3) {
      contestedAt = Date.now();
      await contend();
    }
    if (!leading || stopped) return;
    for (const [name, schedule] of schedules) {
      if (schedule.running) continue;
      schedule.running = true;
      void track(name, () => runIfDue(name, schedule)).finally(() => {
        schedule.running = false;
      });
    }
    if (handlers.size > 0 && !draining) {
      draining = true;
      void track('durable jobs', runDueJobs).finally(() => {
        draining = false;
      });
    }
  }

  function loop() {
    poll()
      .catch((err) => log.warn({ err }, 'jobs poll failed'))
      .finally(() => {
        if (!stopped) {
          poller = setTimeout(loop, pollMs);
          poller.unref();
        }
      });
  }

  return {
    every(name, everyMs, run, { everyInstance = false } = {}) {
      claimName(name);
      if (!everyInstance) return void schedules.set(name, { everyMs, run, running: false });
      const job = { name, everyMs, run };
      local.push(job);
      if (started) startLocal(job);
    },
    lead(name, work) {
      claimName(name);
      leaderWork.set(name, work);
      if (leading) void track(name, work.start);
    },
    handle(name, handler) {
      claimName(name);
      handlers.set(name, handler as (payload: unknown) => Promise<void>);
    },
    async enqueue(name, runAt, payload, key) {
      const inserted = await db
        .insert(jobs)
        .values({ name, key, runAt, payload: payload ?? {} })
        .onConflictDoNothing({ target: jobs.key })
        .returning({ id: jobs.id });
      return inserted.length > 0;
    },
    get leading() {
      return leading;
    },
    contested,
    async start() {
      started = true;
      for (const job of local) startLocal(job);
      await poll().catch((err) => log.warn({ err }, 'jobs poll failed'));
      markContested();
      poller = setTimeout(loop, pollMs);
      poller.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(poller);
      for (const timer of timers) clearInterval(timer);
      if (leading) for (const [name, work] of leaderWork) void track(name, work.stop);
      await Promise.allSettled([...inFlight]);
      if (leading) {
        leading = false;
        await db
          .delete(leases)
          .where(and(eq(leases.name, LEADER_LEASE), eq(leases.holder, instance)))
          .catch((err) => log.warn({ err }, 'could not hand the jobs lease on'));
      }
    },
  };
}

/**
 * The jobs' metrics: whether this instance leads, the durable jobs due and not yet done by name
 * (the same figure from every instance: one database), and the failed runs counted here.
 */
function countFailures(metrics: Metrics, db: Db, leading: () => boolean) {
  gaugeReadAtScrape(
    metrics,
    { name: 'jobs_leader', help: '1 while this instance holds the jobs lease' },
    () => [[{}, leading() ? 1 : 0]],
  );
  gaugeReadAtScrape(
    metrics,
    {
      name: 'jobs_due',
      help: 'Durable jobs due and not done, by name; failing: tried at least once',
      labelNames: ['name', 'state'],
    },
    async () => {
      const failing = sql<boolean>`${jobs.attempts} > 0`;
      const rows = await db
        .select({ name: jobs.name, failing, jobs: count() })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, sql`now()`), notLike(jobs.key, 'every:%')))
        .groupBy(jobs.name, failing);
      return rows.map((row) => [{ name: row.name, state: row.failing ? 'failing' : 'waiting' }, row.jobs]);
    },
  );
  return counter(metrics, {
    name: 'jobs_failed_total',
    help: 'Durable job runs that failed on this instance (each is tried again), by name',
    labelNames: ['name'],
  });
}
