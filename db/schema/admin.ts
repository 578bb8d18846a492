import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The administrators' audit log: who did what to which account, when and why. Rows are only
 * ever added, so the history holds even after a decision is reversed.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when the server acted itself (the first administrator from its configuration). */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.uid),
    /** The user acted on, or whose content it was; null for content nobody owns (the demo videos). */
    targetId: bigint('target_id', { mode: 'number' }).references(() => users.uid),
    /** ban, unban, grant_role, revoke_role; review queues add their own. */
    action: text('action').notNull(),
    /** What the action needs besides its target, e.g. {"role": "expert"}. */
    details: jsonb('details').notNull().default({}),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_target_idx').on(t.targetId, t.createdAt),
    index('admin_actions_created_idx').on(t.createdAt),
  ],
);
