import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userDataStatus } from '../../db/schema/index';

export type DataStatus = Record<string, unknown>;

/** Per-user client flags and preferences: one small JSON object, replaced as a whole on save. */
export function createDataStatus(db: Db) {
  return {
    async get(uid: number): Promise<DataStatus> {
      const [row] = await db
        .select({ data: userDataStatus.data })
        .from(userDataStatus)
        .where(eq(userDataStatus.userId, uid));
      return (row?.data as DataStatus | undefined) ?? {};
    },

    async save(uid: number, data: DataStatus): Promise<DataStatus> {
      await db
        .insert(userDataStatus)
        .values({ userId: uid, data })
        .onConflictDoUpdate({ target: userDataStatus.userId, set: { data, updatedAt: sql`now()` } });
      return data;
    },
  };
}

export type DataStatusStore = ReturnType<typeof createDataStatus>;
