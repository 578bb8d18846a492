import { data } from 'react-router';
import { isAppError } from '../../../lib/errors';
import { CHANNEL_RANGES, type ChannelRange } from '../../../modules/channels/channels-constants.contract';
import { requirePageRole } from '../../../platform/roles';
import type { SessionUser } from '../../../platform/sessions';
import type { AppLoadContext } from '../../load-context';

/**
 * What the promoter's pages ask for: the signed-in promoter (a guest gets the login prompt, anyone
 * else the no-permission page), the range and the channel from the query, and their service.
 */
export function promoterPage(request: Request, context: AppLoadContext) {
  const user = requirePageRole(context, 'promoter');
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get('days'));
  const days: ChannelRange = CHANNEL_RANGES.find((range) => range === asked) ?? CHANNEL_RANGES[0];
  const channelId = params.get('channelId') || undefined;
  const page = Number(params.get('page'));
  const pageIndex = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  return { user, days, channelId, pageIndex, channels: context.services.channels };
}

/** Someone else's channel, or none of that name, is the page's 404. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isAppError(err) && err.key === 'channelNotFound') throw data(null, { status: 404 });
    throw err;
  }
}

/** "<page> - <brand>" in the page language. */
export function channelTitle(context: AppLoadContext, key: string): string {
  const { i18n } = context.services;
  return `${i18n.t(context.locale, `channels:${key}`)} - ${i18n.t(context.locale, 'common:brand')}`;
}

const LIST_PAGE_SIZE = 20;

/**
 * A paged list view's loader data (users, gold, water): its title, the range, the channel and the
 * page `read` gives for them.
 */
export async function listPage<T>(
  request: Request,
  context: AppLoadContext,
  view: 'user' | 'gold' | 'water',
  read: (
    channels: AppLoadContext['services']['channels'],
    user: SessionUser,
    query: { days: ChannelRange; channelId?: string; pageIndex: number; pageSize: number },
  ) => Promise<T>,
) {
  const { user, days, channelId, pageIndex, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, `nav.${view}`),
    days,
    channelId,
    rows: await orNotFound(read(channels, user, { days, channelId, pageIndex, pageSize: LIST_PAGE_SIZE })),
  };
}
