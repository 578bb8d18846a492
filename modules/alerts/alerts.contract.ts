import { z } from 'zod';

/** Web Push alerts: what the page sends and reads (zod only; shared by server and client). */

/** The /java paths of the alerts. */
export const ALERT_PATHS = {
  key: '/alerts/key',
  subscribe: '/alerts/subscription',
  unsubscribe: '/alerts/subscription/remove',
  choices: '/alerts/choices',
} as const;

/** The events a fan may be alerted of. */
export const ALERT_EVENTS = ['kickoff', 'goals', 'final'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

/** What an alert can be chosen for: a favourite (or reserved) match, or a favourite team. */
export const alertTarget = z.enum(['match', 'team']);
export type AlertTarget = z.infer<typeof alertTarget>;

export const alertChoice = z.object({ kickoff: z.boolean(), goals: z.boolean(), final: z.boolean() });
export type AlertChoice = z.infer<typeof alertChoice>;

/**
 * Without a choice of their own a fan hears everything of a match they follow or reserved, and
 * the goals and final scores of a favourite team (a team's kick-offs would be every few days).
 */
export const DEFAULT_CHOICES: Record<AlertTarget, AlertChoice> = {
  match: { kickoff: true, goals: true, final: true },
  team: { kickoff: false, goals: true, final: true },
};

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const choiceQuery = z.object({ kind: alertTarget, targetId: id });
export const choiceInput = choiceQuery.extend(alertChoice.shape);
export type ChoiceInput = z.infer<typeof choiceInput>;

/** A push subscription as the browser's `PushSubscription.toJSON()` gives it. */
export const subscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, base64url. */
    p256dh: z.string().regex(/^[\w-]{86,88}={0,2}$/),
    /** The 16-byte auth secret, base64url. */
    auth: z.string().regex(/^[\w-]{22,24}={0,2}$/),
  }),
});
export type SubscriptionInput = z.infer<typeof subscriptionInput>;

export const unsubscribeInput = z.object({ endpoint: z.string().max(1000) });

export const vapidKey = z.object({ publicKey: z.string() });

/** What the worker gets in a push message: shown as it is. */
export const alertMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** One per match, so a later score replaces the earlier one. */
  tag: z.string(),
  /** The match page in the subscriber's language, opened on a click. */
  url: z.string(),
});
export type AlertMessage = z.infer<typeof alertMessage>;
