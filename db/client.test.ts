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
