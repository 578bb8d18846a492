import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import {
  alertChoices,
  matchFavourites,
  matchReservations,
  pushDeliveries,
  pushSubscriptions,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type Locale, localizePath } from '../../lib/locales';
import type { Bus } from '../../platform/bus/bus';
import type { Translator } from '../../platform/i18n';
import type { Jobs } from '../../platform/jobs/index';
import type { RateLimiter } from '../../platform/rate-limit';
import { type LocalNames, MATCHES_CHANGED, type MatchChanged } from '../matches';
import { rulesForGame } from '../sports';
import {
  type AlertChoice,
  type AlertMessage,
  type AlertTarget,
  type ChoiceInput,
  DEFAULT_CHOICES,
  type SubscriptionInput,
} from './alerts.contract';
import { alertsOf, type MatchAlert, type SeenMatch, seenOf } from './match-events';
import type { PushSender } from './sender';

export const SEND_JOB = 'alerts:send';

/** A fan turns alerts on in a few browsers; more in an hour is a script. */
const SUBSCRIBES_PER_HOUR = 20;
/** An alert an hour late is no news: the push service may drop it after that. */
const TTL_SECONDS = 3600;
/** Bounds what the listener remembers (a fortnight's window holds a few thousand matches). */
const MAX_SEEN = 20_000;

export interface AlertsDeps {
  db: Db;
  log: Logger;
  i18n: Translator;
  limiter: RateLimiter;
  sender: PushSender;
  /** Teams' names in each language (the matches module's face). */
  names: Pick<LocalNames, 'of'>;
  /** Tests only (PUSH_LOCAL_HTTP): take http endpoints on localhost, the stand-in push service. */
  allowLocalHttp?: boolean;
}

/**
 * Web Push alerts (decision 028): the browsers' subscriptions, the fans' choices per favourite,
 * and the delivery of kick-offs, goals and final scores of the matches they follow.
 */
export function createAlerts({ db, log, i18n, limiter, sender, names, allowLocalHttp = false }: AlertsDeps) {
  /** Push services are https; plain http only to the local stand-in, and only when allowed. */
  function endpointAllowed(endpoint: string): boolean {
    const url = new URL(endpoint);
    if (url.protocol === 'https:') return true;
    return (
      allowLocalHttp && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    );
  }

  /** The users who want to hear `alert`: by their reservation, favourite match or favourite team. */
  async function audience(alert: MatchAlert): Promise<number[]> {
    const { match, event } = alert;
    const teamIds = [match.home?.id, match.away?.id].filter((id): id is number => id !== undefined);
    const [reservers, favourites] = await Promise.all([
      db
        .select({ userId: matchReservations.userId, choice: alertChoices })
        .from(matchReservations)
        .leftJoin(
          alertChoices,
          and(
            eq(alertChoices.userId, matchReservations.userId),
            eq(alertChoices.kind, 'match'),
            eq(alertChoices.targetId, matchReservations.matchId),
          ),
        )
        .where(and(eq(matchReservations.matchId, match.id), isNull(matchReservations.cancelledAt))),
      db
        .select({ userId: matchFavourites.userId, kind: matchFavourites.kind, choice: alertChoices })
        .from(matchFavourites)
        .leftJoin(
          alertChoices,
          and(
            eq(alertChoices.userId, matchFavourites.userId),
            eq(alertChoices.kind, matchFavourites.kind),
            eq(alertChoices.targetId, matchFavourites.targetId),
          ),
        )
        .where(
          or(
            and(eq(matchFavourites.kind, 'match'), eq(matchFavourites.targetId, match.id)),
            teamIds.length
              ? and(eq(matchFavourites.kind, 'team'), inArray(matchFavourites.targetId, teamIds))
              : undefined,
          ),
        ),
    ]);
    const wanted = new Set<number>();
    const consider = (userId: number, kind: AlertTarget, choice: AlertChoice | null) => {
      if ((choice ?? DEFAULT_CHOICES[kind])[event]) wanted.add(userId);
    };
    for (const row of reservers) consider(row.userId, 'match', row.choice);
    for (const row of favourites) consider(row.userId, row.kind as AlertTarget, row.choice);
    return [...wanted];
  }

  /** The alert's text in the subscriber's language: the event, then the match and its score. */
  function messageOf(alert: MatchAlert, locale: Locale): AlertMessage {
    const { match, event } = alert;
    const t = (key: string, params?: Record<string, unknown>) => i18n.t(locale, `alerts:push.${key}`, params);
    const book = names.of(locale);
    const sides =
      match.home && match.away
        ? ([book.team(match.home).name, book.team(match.away).name] as const)
        : undefined;
    const title =
      event === 'goals'
        ? t(rulesForGame(match.gameId)?.family === 'soccer' ? 'goal' : 'scoreChange')
        : t(event);
    const body =
      event === 'kickoff'
        ? t('kickoffBody', { match: sides ? `${sides[0]} - ${sides[1]}` : match.league })
        : sides
          ? `${sides[0]} ${match.score.home} - ${match.score.away} ${sides[1]}`
          : match.league;
    return { title, body, tag: `match-${match.id}`, url: localizePath(`/${match.game}/${match.id}`, locale) };
  }

  /**
   * Sends `alert` to every subscription of its audience that has not had it. The delivery row is
   * claimed before the send and given back when the send fails, so a retry of the job sends
   * only what is left and no browser hears an event twice.
   */
  async function deliver(alert: MatchAlert): Promise<void> {
    const users = await audience(alert);
    if (users.length === 0) return;
    const targets = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, users));
    let failure: unknown;
    for (const target of targets) {
      const claimed = await db
        .insert(pushDeliveries)
        .values({ subscriptionId: target.id, eventKey: alert.key })
        .onConflictDoNothing()
        .returning({ id: pushDeliveries.subscriptionId });
      if (claimed.length === 0) continue;
      const message = messageOf(alert, target.locale as Locale);
      try {
        const outcome = await sender.send(target, JSON.stringify(message), {
          topic: message.tag.replace(/[^\w-]/g, ''),
          ttlSeconds: TTL_SECONDS,
        });
        if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      } catch (err) {
        log.warn({ err, subscription: target.id, alert: alert.key }, 'could not send a push alert');
        await db
          .delete(pushDeliveries)
          .where(and(eq(pushDeliveries.subscriptionId, target.id), eq(pushDeliveries.eventKey, alert.key)));
        failure = err;
      }
    }
    if (failure) throw failure;
  }

  return {
    deliver,

    /**
     * Saves the browser's subscription for the caller, with the page's language for the alerts'
     * text; a browser that changed hands follows its new user.
     */
    async subscribe(userId: number, input: SubscriptionInput, locale: Locale): Promise<void> {
      if (!endpointAllowed(input.endpoint)) throw new AppError('formatError');
      const limit = await limiter.hit(`push-subscribe:${userId}`, SUBSCRIBES_PER_HOUR, 3600);
      if (!limit.allowed) throw new AppError('tooManyRequests');
      const row = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, locale };
      await db
        .insert(pushSubscriptions)
        .values({ endpoint: input.endpoint, ...row })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    },

    /** Forgets one of the caller's browsers; forgetting again is harmless. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async choice(userId: number, kind: AlertTarget, targetId: number): Promise<AlertChoice> {
      const [row] = await db
        .select({ kickoff: alertChoices.kickoff, goals: alertChoices.goals, final: alertChoices.final })
        .from(alertChoices)
        .where(
          and(
            eq(alertChoices.userId, userId),
            eq(alertChoices.kind, kind),
            eq(alertChoices.targetId, targetId),
          ),
        );
      return row ?? DEFAULT_CHOICES[kind];
    },

    async choose(userId: number, { kind, targetId, ...choice }: ChoiceInput): Promise<AlertChoice> {
      await db
        .insert(alertChoices)
        .values({ userId, kind, targetId, ...choice })
        .onConflictDoUpdate({
          target: [alertChoices.userId, alertChoices.kind, alertChoices.targetId],
          set: choice,
        });
      return choice;
    },

    /**
     * Registers the sending job and listens to the matches' changes on every instance; each
     * enqueues what it sees under the alert's key, so the leader sends it once. Answers the
     * unsubscribe.
     */
    async start({ jobs, bus }: { jobs: Jobs; bus: Bus }) {
      jobs.handle<MatchAlert>(SEND_JOB, deliver);
      const seen = new Map<number, SeenMatch>();
      return bus.subscribe(MATCHES_CHANGED, (message) => {
        const { summary } = message as MatchChanged;
        const alerts = alertsOf(seen.get(summary.id), summary);
        if (seen.size >= MAX_SEEN && !seen.has(summary.id)) seen.delete(seen.keys().next().value as number);
        seen.set(summary.id, seenOf(summary));
        for (const alert of alerts)
          jobs
            .enqueue(SEND_JOB, new Date(), alert, `${SEND_JOB}:${alert.key}`)
            .catch((err) => log.warn({ err, alert: alert.key }, 'could not enqueue a push alert'));
      });
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
