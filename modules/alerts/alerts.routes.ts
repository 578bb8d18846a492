import type { FastifyInstance } from 'fastify';
import { defineApi } from '../../platform/define-api';
import {
  ALERT_PATHS,
  alertChoice,
  choiceInput,
  choiceQuery,
  subscriptionInput,
  unsubscribeInput,
  vapidKey,
} from './alerts.contract';
import type { Alerts } from './alerts.service';

/** Web Push alerts: the key browsers subscribe with, the caller's subscriptions and choices. */
export async function alertsRoutes(
  app: FastifyInstance,
  { alerts }: { alerts: Alerts & { publicKey: string } },
) {
  defineApi(app, {
    method: 'GET',
    path: ALERT_PATHS.key,
    summary: "The server's VAPID public key, which browsers subscribe to push with",
    tags: ['alerts'],
    auth: 'none',
    response: vapidKey,
    handler: () => ({ publicKey: alerts.publicKey }),
  });

  defineApi(app, {
    method: 'POST',
    path: ALERT_PATHS.subscribe,
    summary:
      "Save this browser's push subscription (PushSubscription.toJSON()) for the caller; alerts come in the caller's language",
    tags: ['alerts'],
    auth: 'required',
    body: subscriptionInput,
    handler: async ({ body, user, locale }) => {
      await alerts.subscribe(user.uid, body, locale);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: ALERT_PATHS.unsubscribe,
    summary: "Remove one of the caller's push subscriptions by its endpoint; removing again is harmless",
    tags: ['alerts'],
    auth: 'required',
    body: unsubscribeInput,
    handler: async ({ body, user }) => {
      await alerts.unsubscribe(user.uid, body.endpoint);
      return null;
    },
  });

  defineApi(app, {
    method: 'GET',
    path: ALERT_PATHS.choices,
    summary:
      'What the caller hears of a favourite match or team (kick-off, goals, final score); defaults when never chosen',
    tags: ['alerts'],
    auth: 'required',
    query: choiceQuery,
    response: alertChoice,
    handler: ({ query, user }) => alerts.choice(user.uid, query.kind, query.targetId),
  });

  defineApi(app, {
    method: 'POST',
    path: ALERT_PATHS.choices,
    summary: 'Choose what the caller hears of a favourite match or team',
    tags: ['alerts'],
    auth: 'required',
    body: choiceInput,
    response: alertChoice,
    handler: ({ body, user }) => alerts.choose(user.uid, body),
  });
}
