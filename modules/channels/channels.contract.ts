import { z } from 'zod';
import { CHANNEL_RANGES, type ChannelRange } from './channels-constants.contract';

/** A channel's id: the code in its link, safe in a URL as it is. */
export const channelIdRule = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,31}$/);

export const visitInput = z.object({ channel: z.string().max(64) });

export const rangeQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days): days is ChannelRange => (CHANNEL_RANGES as readonly number[]).includes(days))
    .default(7),
  /** One of the caller's channels; all of them when absent. */
  channelId: z.string().max(64).optional(),
});
export type RangeQuery = { days: ChannelRange; channelId?: string };

export const createChannelInput = z.object({
  ownerId: z.coerce.number().int().positive(),
  id: channelIdRule,
  name: z.string().trim().min(1).max(40),
});
export type CreateChannelInput = z.infer<typeof createChannelInput>;

/** The numbers of spec point 3 (Promotion channel), plus the recharges they led to. */
export const channelCounts = z.object({
  visits: z.number().int(),
  registeredVisits: z.number().int(),
  registrations: z.number().int(),
  downloads: z.number().int(),
  recharges: z.number().int(),
  /** Paid recharges in RMB fen. */
  rechargeFen: z.number().int(),
});
export type ChannelCounts = z.infer<typeof channelCounts>;

export const channelSummary = channelCounts.extend({
  id: z.string(),
  name: z.string(),
  /** The channel link's path and query; pages put the site's address before it. */
  link: z.string(),
});
export type ChannelSummary = z.infer<typeof channelSummary>;

export const channelStatistics = z.object({
  days: z.number().int(),
  totals: channelCounts,
  series: z.array(channelCounts.extend({ day: z.string() })),
});
export type ChannelStatistics = z.infer<typeof channelStatistics>;

export const channelUser = z.object({
  uid: z.number().int(),
  username: z.string(),
  channelId: z.string(),
  registeredAt: z.string(),
  rechargeFen: z.number().int(),
});
export type ChannelUser = z.infer<typeof channelUser>;

export const channelRecharge = z.object({
  orderNo: z.string(),
  uid: z.number().int(),
  username: z.string(),
  channelId: z.string(),
  product: z.string(),
  priceFen: z.number().int(),
  coins: z.number().int(),
  diamonds: z.number().int(),
  paidAt: z.string(),
});
export type ChannelRecharge = z.infer<typeof channelRecharge>;

export const channelFlow = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  channelId: z.string(),
  currency: z.string(),
  type: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export type ChannelFlow = z.infer<typeof channelFlow>;

export const adminChannel = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.number().int(),
  owner: z.string(),
  createdAt: z.string(),
});
export type AdminChannel = z.infer<typeof adminChannel>;
