/**
 * Promotion channels' plain values (ranges, link parameters, cookie, paths), without zod: code every
 * page runs imports these, so the browser's first load need not carry the schemas.
 */

/** The ranges the promoter's pages offer (spec point 9: 7, 14 and 30 days). */
export const CHANNEL_RANGES = [7, 14, 30] as const;
export type ChannelRange = (typeof CHANNEL_RANGES)[number];

/** The query parameters a channel link may carry: `?channel=` or the spec's `promotionChannelId`. */
export const CHANNEL_LINK_PARAMS = ['channel', 'promotionChannelId'] as const;

/** The cookie that keeps the first channel a visitor came through; scripts read it for registration. */
export const CHANNEL_COOKIE = 'promotionChannelId';

/** The promoter's pages and their /java calls. */
export const CHANNEL_PATHS = {
  visit: '/channel/visit',
  download: '/channel/download',
  list: '/channel/list',
  statistical: '/channel/statistical',
  users: '/channel/user',
  gold: '/channel/gold',
  water: '/channel/water',
  adminList: '/channel/admin/list',
  adminCreate: '/channel/admin/create',
} as const;

/** The views that export as CSV, at /channel/export/<view>.csv. */
export const EXPORT_VIEWS = ['statistical', 'user', 'gold', 'water'] as const;
export type ExportView = (typeof EXPORT_VIEWS)[number];
