import webpush from 'web-push';
import type { Env } from '../../platform/env';
import type { Settings } from '../system';

/** The application server's identity towards push services (RFC 8292). */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** An https: or mailto: address the push services may contact. */
  subject: string;
}

/**
 * The VAPID keys from the environment, else a pair generated once and kept in the database, so
 * every instance signs with the same key and the browsers' subscriptions stay valid.
 */
export async function vapidKeys(env: Env, settings: Settings): Promise<Vapid> {
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : await settings.getOrCreate('vapid_keys', () => webpush.generateVAPIDKeys());
  return { ...keys, subject: env.VAPID_SUBJECT ?? defaultSubject(env) };
}

function defaultSubject(env: Env): string {
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address}`;
}
