import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { header, type PaymentProvider, SignatureError } from './provider';

const require = createRequire(import.meta.url);

/**
 * Card payments on Stripe Checkout: `start` creates a Checkout Session carrying our order number
 * and answers its hosted page; the webhook `checkout.session.completed` (with payment_status
 * "paid") settles the order. The signature header is checked by the stripe library.
 */
export function stripeProvider(config: { secretKey: string; webhookSecret: string }): PaymentProvider {
  // Loaded here, where Stripe is configured, not on every start: the library adds about 35 MB.
  const StripeClient: typeof Stripe = require('stripe');
  const stripe = new StripeClient(config.secretKey);
  return {
    name: 'stripe',
    acknowledgement: '{"received":true}',
    async start(order) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: order.orderNo,
        metadata: { orderNo: order.orderNo },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: order.amount, product_data: { name: order.subject } },
          },
        ],
        success_url: order.returnUrl,
        cancel_url: order.returnUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a page');
      return { kind: 'redirect', url: session.url };
    },
    verify({ headers, body }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          body,
          header(headers, 'stripe-signature') ?? '',
          config.webhookSecret,
        );
      } catch (err) {
        throw new SignatureError('stripe signature does not match', { cause: err });
      }
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired')
        return null;
      const session = event.data.object;
      if (!session.client_reference_id || session.amount_total == null) return null;
      return {
        orderNo: session.client_reference_id,
        currency: 'USD',
        amount: session.amount_total,
        outcome: session.payment_status === 'paid' ? 'paid' : 'declined',
        providerRef: session.id,
      };
    },
  };
}
