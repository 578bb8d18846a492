import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { settings } from '../../db/schema/index';
import { audit } from '../../platform/audit';

/** Deployment-wide settings kept in the database, so every instance sees the same values. */
export function createSettings(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value as T | undefined;
    },

    /** Stores a value; inside the caller's transaction when given one (an audited change). */
    async set(key: string, value: unknown, tx: Executor = db): Promise<void> {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** An administrator's change: stored and written to the audit log in one transaction. */
    async setAudited(
      key: string,
      value: unknown,
      entry: { actorId: number; action: string; details: Record<string, unknown> },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await this.set(key, value, tx);
        await audit.record(tx, { targetId: null, ...entry });
      });
    },

    /** The stored value, or `make()` stored first; concurrent instances agree on one value. */
    async getOrCreate<T>(key: string, make: () => T): Promise<T> {
      await db.insert(settings).values({ key, value: make() }).onConflictDoNothing();
      const value = await this.get<T>(key);
      if (value === undefined) throw new Error(`setting ${key} vanished`);
      return value;
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
