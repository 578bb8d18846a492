import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * What a user wrote through the feedback form of the user centre. Closing the account clears
 * `user_id` and `contact`, so the text stays for the team without pointing at the person.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** An email, phone number or other handle the user chose to leave. */
    contact: text('contact'),
    /** The page language, so the answer can be in it. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);
