import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails and text messages kept by the sandbox delivery adapter instead of being sent, and copies of push alerts. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
