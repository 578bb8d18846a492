import { desc } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema/index';

export interface OutgoingMessage {
  /** 'push' is only ever recorded: alerts go by Web Push from the alerts module, which the sandbox copies here. */
  channel: 'email' | 'sms' | 'push';
  /** An email address, a phone number with its area code ("+86 13800000000"), or a push service. */
  to: string;
  subject: string;
  text: string;
}

/** Sends one message; a failure throws. */
export type Sender = (message: OutgoingMessage) => Promise<void>;

/** Mail over SMTP, e.g. smtp://user:pass@mail.example:587. */
export function smtpSender(url: string, from: string): Sender {
  // Loaded with the first mail, not on every start: the library adds about 25 MB.
  let transport: Promise<Transporter> | undefined;
  return async (message) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}

/** Text messages through an HTTP provider: a JSON POST {to, text} with a bearer token. */
export function httpSmsSender(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Sender {
  return async (message) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  };
}

/** Sandbox: keeps messages in the database, to read at /dev/outbox. */
export function devOutboxSender(db: Db): Sender {
  return async (message) => {
    await db.insert(devOutbox).values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
  };
}

export async function readDevOutbox(db: Db, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
}

/** Routes each message to its channel's sender. */
export function createDelivery(senders: Record<OutgoingMessage['channel'], Sender>): Sender {
  return (message) => senders[message.channel](message);
}
