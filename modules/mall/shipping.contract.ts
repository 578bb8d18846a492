import type { Shipping } from './mall.contract';

// Without zod, so that the pages that check the delivery details carry no schema library.

/** The delivery details a physical product or prize needs (spec point 5). */
export const SHIPPING_FIELDS = ['recipient', 'address', 'contact'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

/** The delivery details left empty, checked by the page before it asks to confirm and by the server. */
export const missingShippingFields = (shipping: Shipping): ShippingField[] =>
  SHIPPING_FIELDS.filter((field) => !shipping[field]?.trim());
