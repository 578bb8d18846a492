import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Deployment-wide settings that outlive a restart and are shared by every app instance. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
