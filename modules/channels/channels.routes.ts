import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import type { Env } from '../../platform/env';
import { page, pageQuery } from '../../platform/paging';
import {
  adminChannel,
  channelFlow,
  channelRecharge,
  channelStatistics,
  channelSummary,
  channelUser,
  createChannelInput,
  rangeQuery,
  visitInput,
} from './channels.contract';
import type { Channels } from './channels.service';
import { CHANNEL_COOKIE, type ChannelRange, CHANNEL_PATHS as PATHS } from './channels-constants.contract';

/** The browser's random id, so a visitor's reloads and returns count once a day. */
const VISITOR_COOKIE = 'channelVisitor';
const YEAR_SECONDS = 365 * 24 * 3600;

const paged = pageQuery({ defaultSize: 20, maxSize: 100 });
const tags = ['channels'];
const asRange = <Q extends { days: number }>(query: Q) => ({ ...query, days: query.days as ChannelRange });

function cookieOptions(request: FastifyRequest, maxAge: number, httpOnly: boolean) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge, httpOnly };
}

function visitorOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = request.cookies?.[VISITOR_COOKIE];
  if (known && /^[0-9a-f]{32}$/.test(known)) return known;
  const made = randomBytes(16).toString('hex');
  reply.setCookie(VISITOR_COOKIE, made, cookieOptions(request, YEAR_SECONDS, true));
  return made;
}

/**
 * Attribution (decision 027): the page calls these when it opens with a channel link and when the
 * web app is installed. The first channel is kept in a cookie for CHANNEL_ATTRIBUTION_DAYS; a
 * later link counts as a visit of its own channel but does not take the visitor over.
 */
export async function channelTrafficRoutes(
  app: FastifyInstance,
  { channels, env }: { channels: Channels; env: Env },
) {
  defineApi(app, {
    method: 'POST',
    path: PATHS.visit,
    summary: 'A visit through a channel link: counted, and the first channel kept in the attribution cookie',
    tags,
    auth: 'optional',
    body: visitInput,
    response: z.object({ channel: z.string().nullable() }),
    handler: async ({ body, user, request, reply }) => {
      const counted = await channels.visit(body.channel, visitorOf(request, reply), user);
      const kept = request.cookies?.[CHANNEL_COOKIE];
      if (kept && (await channels.exists(kept))) return { channel: kept };
      if (!counted) return { channel: null };
      const maxAge = env.CHANNEL_ATTRIBUTION_DAYS * 24 * 3600;
      reply.setCookie(CHANNEL_COOKIE, body.channel, cookieOptions(request, maxAge, false));
      return { channel: body.channel };
    },
  });
  defineApi(app, {
    method: 'POST',
    path: PATHS.download,
    summary: 'The web app was installed from the download page: a download of the attributed channel',
    tags,
    auth: 'optional',
    handler: async ({ request, reply }) => {
      const kept = request.cookies?.[CHANNEL_COOKIE];
      if (kept) await channels.download(kept, visitorOf(request, reply));
      return null;
    },
  });
}

/** The promoter's pages (spec point 6): only their own channels, checked on every call. */
export async function channelPromoterRoutes(app: FastifyInstance, { channels }: { channels: Channels }) {
  const auth = 'required' as const;
  const roles = ['promoter' as const];
  defineApi(app, {
    method: 'GET',
    path: PATHS.list,
    summary: "The promoter's channels: name, visits, registered-user visits, registrations, downloads, link",
    tags,
    auth,
    roles,
    query: rangeQuery.pick({ days: true }),
    response: z.array(channelSummary),
    handler: ({ user, query }) => channels.list(user, query.days),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.statistical,
    summary: "Day by day numbers of one of the promoter's channels, or all of them, over 7, 14 or 30 days",
    tags,
    auth,
    roles,
    query: rangeQuery,
    response: channelStatistics,
    handler: ({ user, query }) => channels.statistics(user, asRange(query)),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.users,
    summary: "Accounts registered through the promoter's channels in the range",
    tags,
    auth,
    roles,
    query: rangeQuery.extend(paged.shape),
    response: page(channelUser),
    handler: ({ user, query }) => channels.users(user, asRange(query)),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.gold,
    summary: "Gold: paid recharges of the promoter's users in the range, with their total",
    tags,
    auth,
    roles,
    query: rangeQuery.extend(paged.shape),
    response: page(channelRecharge).extend({ totalFen: z.number().int() }),
    handler: ({ user, query }) => channels.gold(user, asRange(query)),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.water,
    summary: "Water: the coin and diamond flow of the promoter's users in the range",
    tags,
    auth,
    roles,
    query: rangeQuery.extend(paged.shape),
    response: page(channelFlow).extend({ coinsIn: z.number().int(), coinsOut: z.number().int() }),
    handler: ({ user, query }) => channels.water(user, asRange(query)),
  });
}

/** The administrators' part: every channel, and a new one for an account (audited). */
export async function channelAdminRoutes(app: FastifyInstance, { channels }: { channels: Channels }) {
  defineApi(app, {
    method: 'GET',
    path: PATHS.adminList,
    summary: 'Administrators: every promotion channel and its promoter',
    tags: ['admin', ...tags],
    auth: 'required',
    roles: ['admin'],
    response: z.array(adminChannel),
    handler: () => channels.all(),
  });
  defineApi(app, {
    method: 'POST',
    path: PATHS.adminCreate,
    summary: 'Administrators: a new channel for an account, which is granted the promoter role',
    tags: ['admin', ...tags],
    auth: 'required',
    roles: ['admin'],
    body: createChannelInput,
    response: adminChannel,
    handler: ({ user, body }) => channels.create(user, body),
  });
}
