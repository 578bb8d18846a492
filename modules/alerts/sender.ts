import webpush from 'web-push';
import type { Vapid } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the push service no longer knows the subscription (404, 410), so it is dropped. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  send(
    target: PushTarget,
    payload: string,
    options: { topic: string; ttlSeconds: number },
  ): Promise<PushOutcome>;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends one message by the Web Push protocol: web-push encrypts it (RFC 8291, aes128gcm) and
 * signs the VAPID header (RFC 8292); the POST (RFC 8030) is ours, with a timeout, since the
 * package's own request speaks only https and the stand-in push service in tests is plain http.
 */
export function createPushSender(vapid: Vapid): PushSender {
  return {
    async send(target, payload, { topic, ttlSeconds }) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: vapid, TTL: ttlSeconds, topic, urgency: 'high' },
      );
      const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}

/** Where the sandbox copies each alert: the dev outbox (modules/delivery). */
export type PushRecorder = (copy: { to: string; subject: string; text: string }) => Promise<void>;

/**
 * The sandbox's push adapter (dev adapters on): each alert goes by Web Push as always, and a copy
 * (title, text, link) goes to the dev outbox, so the demo shows what fans are sent even where the
 * browsers' push services cannot be reached. A push service that cannot be reached is logged and
 * the alert counts as delivered: the outbox holds it, and no job retries it for ever.
 */
export function sandboxPushSender(
  real: PushSender,
  record: PushRecorder,
  warn: (err: unknown, endpoint: string) => void,
): PushSender {
  return {
    async send(target, payload, options) {
      const message = JSON.parse(payload) as { title: string; body: string; url: string };
      let outcome: PushOutcome = 'sent';
      try {
        outcome = await real.send(target, payload, options);
      } catch (err) {
        warn(err, target.endpoint);
      }
      await record({
        to: new URL(target.endpoint).origin,
        subject: message.title,
        text: `${message.body}\n${message.url}`,
      });
      return outcome;
    },
  };
}
