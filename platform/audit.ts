import type { Executor } from '../db/client';
import { adminActions } from '../db/schema/index';

/** One decision for the audit log: who did what to whose account or content, and why. */
export interface AuditEntry {
  /** Null when the server acted itself (the first administrator from its configuration). */
  actorId: number | null;
  /** The user acted on, or whose content it was; null for content nobody owns. */
  targetId: number | null;
  /** ban, grant_role, publish_article, delete_video, ...: a verb in snake case. */
  action: string;
  /** What the action needs besides its target, e.g. {"role": "expert"}. */
  details?: Record<string, unknown>;
  reason?: string | null;
}

/**
 * The administrators' audit log. A row is written in the transaction of the change it records,
 * so a change that rolls back leaves no row, and a row never exists without its change.
 */
export const audit = {
  async record(tx: Executor, entry: AuditEntry): Promise<void> {
    await tx.insert(adminActions).values({ ...entry, details: entry.details ?? {} });
  },
};
