import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../test/databases';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

describe.skipIf(!postgres)('the PostgreSQL pool', () => {
  it('survives the loss of a connection a transaction holds: the transaction fails, the next one works', async () => {
    const database = await openTestDatabase(postgres as NonNullable<typeof postgres>, { poolSize: 2 });
    const { db } = database;
    const failed = db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as { rows: { pid: number }[] };
      const [row] = rows;
      // Another connection ends this one between two statements, as a restart of the server does.
      await db.execute(sql`select pg_terminate_backend(${row?.pid})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(failed).rejects.toThrow();
    await expect(database.ping()).resolves.toBeUndefined();
    const { rows } = (await db.execute(sql`select 2 as two`)) as { rows: unknown[] };
    const [after] = rows;
    expect(after).toEqual({ two: 2 });
  });
});

describe('the embedded database', () => {
  it('lets timers and sockets have their turn during a long run of statements, in a transaction too', async () => {
    const embedded = databaseTargets[0] as (typeof databaseTargets)[number];
    const { db } = await openTestDatabase(embedded);
    /** Runs statements until a timer of 1 ms has fired, at most 20,000: answers how many ran. */
    const statementsUntilATimerFires = async (executor: Pick<typeof db, 'execute'>) => {
      let fired = false;
      setTimeout(() => {
        fired = true;
      }, 1);
      let statements = 0;
      // Without a turn of the event loop the timer cannot fire, and the loop runs to its bound.
      while (!fired && statements < 20_000) {
        await executor.execute(sql`select 1`);
        statements += 1;
      }
      return statements;
    };
    expect(await statementsUntilATimerFires(db)).toBeLessThan(20_000);
    expect(await db.transaction((tx) => statementsUntilATimerFires(tx))).toBeLessThan(20_000);
  });
});
