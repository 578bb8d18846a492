import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { METHOD_CURRENCY } from '../wallet.contract';
import { header, type PaymentProvider, SignatureError, type VerifiedNotification } from './provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const notification = z.object({
  orderNo: z.string(),
  currency: z.enum(Object.values(METHOD_CURRENCY) as [string, ...string[]]),
  amount: z.number().int(),
  outcome: z.enum(['paid', 'declined']),
  providerRef: z.string(),
});

/**
 * The embedded default's provider for every method: its own checkout page (/pay/sandbox/<order>)
 * where a tester approves or declines, which then sends our callback a notification signed with
 * HMAC-SHA256 under a key only this deployment knows.
 */
export function sandboxProvider(secret: string): PaymentProvider & {
  sign(body: string): string;
  notificationFor(fields: VerifiedNotification): { body: string; signature: string };
} {
  const key = createHmac('sha256', secret).update('payment sandbox').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('hex');
  return {
    name: 'sandbox',
    acknowledgement: 'success',
    sign,
    notificationFor(fields) {
      const body = JSON.stringify(fields);
      return { body, signature: sign(body) };
    },
    async start(order) {
      return { kind: 'redirect', url: `/pay/sandbox/${encodeURIComponent(order.orderNo)}` };
    },
    verify({ headers, body }) {
      const given = Buffer.from(header(headers, SANDBOX_SIGNATURE_HEADER) ?? '', 'hex');
      const expected = Buffer.from(sign(body.toString('utf8')), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new SignatureError('sandbox signature does not match');
      const parsed = notification.safeParse(safeJson(body));
      if (!parsed.success) throw new SignatureError('sandbox notification unreadable');
      return parsed.data as VerifiedNotification;
    },
  };
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
