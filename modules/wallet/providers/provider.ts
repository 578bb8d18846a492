import type { PayMethod, PaymentStart, SettlementCurrency } from '../wallet.contract';

/** What a provider needs to know about an order to take its payment. */
export interface ProviderOrder {
  orderNo: string;
  method: PayMethod;
  currency: SettlementCurrency;
  /** In the currency's minor unit: fen, cents or micro-USDT. */
  amount: number;
  /** A short description shown by the provider, e.g. "2000 coins". */
  subject: string;
  /** Where the provider sends the browser back to. */
  returnUrl: string;
}

/** A notification whose signature the provider's adapter has checked. */
export interface VerifiedNotification {
  orderNo: string;
  currency: SettlementCurrency;
  amount: number;
  outcome: 'paid' | 'declined';
  /** The provider's own id of the payment. */
  providerRef: string;
}

/** A provider's callback as it arrived: the raw bytes matter, signatures cover them. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One payment provider. `start` tells the browser how to pay; `verify` checks a callback's
 * signature and reads it, throwing when it is not authentic, or answering null for events that
 * do not settle an order. `acknowledgement` is the body the provider expects back.
 */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe' | 'alipay' | 'usdt';
  start(order: ProviderOrder): Promise<PaymentStart>;
  verify(notification: IncomingNotification): VerifiedNotification | null;
  acknowledgement: string;
}

/** A callback that failed its signature check (or could not be read): refused, nothing credited. */
export class SignatureError extends Error {
  override name = 'SignatureError';
}

/** A header's single value. */
export function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
