import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Web Push (decision 028): one row per browser a user turned alerts on in. The endpoint is the
 * push service's address for that browser; p256dh and auth are its keys for the message's
 * encryption; locale is the page's language when it subscribed, which the alerts are written in.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Each alert sent to a subscription, by the event's key: an event reaches a browser once. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.eventKey] })],
);

/**
 * What a user wants to hear of one favourite (kind 'match' or 'team'): no row means the
 * defaults of `DEFAULT_CHOICES` (modules/alerts/alerts.contract.ts).
 */
export const alertChoices = pgTable(
  'alert_choices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    kickoff: boolean('kickoff').notNull(),
    goals: boolean('goals').notNull(),
    final: boolean('final').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.targetId] })],
);
