import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../platform/bus/bus';
import { defineApi } from '../../platform/define-api';
import { histogram, type Metrics } from '../../platform/metrics';
import { pageIndexRule } from '../../platform/paging';
import { serveSockets } from '../../platform/realtime/index';
import { acceptBinaryBody } from '../../platform/uploads';
import {
  chatClientMessage,
  EARNING_DAYS,
  EMOTE_MAX_BYTES,
  emoteCodeRule,
  giftCatalogueInput,
  giftInput,
  LEADERBOARD_TYPES,
  MUTE_MINUTES,
  operateInput,
  pinInput,
  roomIdRule,
  roomModesInput,
  roomModesRule,
  sendMessageInput,
} from './chat.contract';
import type { Chat } from './chat.service';
import type { Emotes } from './emotes.service';
import { GIFT_ANIMATION_MAX_BYTES } from './gift-animation';
import type { Gifts } from './gifts.service';
import { createChatHub } from './hub';

const tags = ['chat'];

/** Live-room chat, moderation and gifts (spec point 7). */
export async function chatRoutes(
  app: FastifyInstance,
  { chat, emotes, gifts }: { chat: Chat; emotes: Emotes; gifts: Gifts },
) {
  defineApi(app, {
    method: 'GET',
    path: '/live/getChatroomSpeech',
    summary: "A room's last messages and gifts, oldest first, and the sequence number they reach",
    tags,
    query: z.object({ roomId: roomIdRule }),
    handler: async ({ query }) => {
      await chat.room(query.roomId);
      return chat.history(query.roomId);
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/sendMsg',
    summary:
      'Says something in a room, if every chat rule allows it, perhaps as a reply to one of its messages',
    tags,
    auth: 'required',
    body: sendMessageInput,
    handler: ({ body, user }) => chat.send(user, body.roomId, body.text, body.replyTo),
  });

  defineApi(app, {
    method: 'POST',
    path: '/chatroom/delete',
    summary: 'Removes a message from the room for everyone and from history (anchor, moderators, admins)',
    tags,
    auth: 'required',
    body: z.object({ roomId: roomIdRule, seq: z.coerce.number().int().positive() }),
    handler: async ({ body, user }) => {
      await chat.remove(user, body.roomId, body.seq);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/chatroom/operate',
    summary:
      'Mutes or unmutes a user (in the room, or platform-wide by admins); appoints or dismisses a moderator',
    tags,
    auth: 'required',
    body: operateInput,
    handler: async ({ body, user }) => {
      await chat.operate(user, body);
      return null;
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/chatroom/userInfo',
    summary:
      "A user's card in a room: level, badges, and their mute state for themselves and the room's moderators",
    tags,
    auth: 'optional',
    query: z.object({ roomId: roomIdRule, userId: roomIdRule }),
    handler: ({ query, user }) => chat.card(query.roomId, query.userId, user),
  });

  defineApi(app, {
    method: 'GET',
    path: '/chatroom/modes',
    summary: "A room's chat modes: slow mode, followers only, minimum level, links blocked",
    tags,
    auth: 'optional',
    query: z.object({ roomId: roomIdRule }),
    handler: ({ query }) => chat.modes(query.roomId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/chatroom/modes',
    summary: "Sets a room's chat modes (anchor, moderators, admins); every viewer's chat shows them at once",
    tags,
    auth: 'required',
    body: roomModesInput,
    handler: ({ body, user }) => chat.setModes(user, body),
  });

  defineApi(app, {
    method: 'GET',
    path: '/chatroom/emotes',
    summary: "A room's own emotes, said in its chat as :code:",
    tags,
    query: z.object({ roomId: roomIdRule }),
    response: z.array(z.object({ code: z.string(), url: z.string() })),
    handler: ({ query }) => emotes.list(query.roomId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/chatroom/emotes/remove',
    summary: "Takes an emote out of the room (its anchor, admins); answers the room's emotes",
    tags,
    auth: 'required',
    body: z.object({ roomId: roomIdRule, code: emoteCodeRule }),
    handler: ({ body, user }) => emotes.remove(user, body.roomId, body.code),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, EMOTE_MAX_BYTES, 'emoteRule');
    defineApi(scope, {
      method: 'POST',
      path: '/chatroom/emotes/upload',
      summary:
        "Adds an emote to the room, or a new picture to one (its anchor, admins): the picture itself as the body, jpg, png or webp up to 512 KB; answers the room's emotes",
      tags,
      auth: 'required',
      query: z.object({ roomId: roomIdRule, code: emoteCodeRule }),
      handler: async ({ request, query, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('emoteRule');
        return emotes.upload(user, query.roomId, query.code, request.body);
      },
    });
  });

  defineApi(app, {
    method: 'GET',
    path: '/chatroom/pinned',
    summary: 'The message pinned above a room’s chat, or null',
    tags,
    auth: 'optional',
    query: z.object({ roomId: roomIdRule }),
    handler: ({ query }) => chat.pinned(query.roomId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/chatroom/pin',
    summary:
      'Pins a message above the room’s chat, or unpins it (anchor, moderators, admins); pushed to the room',
    tags,
    auth: 'required',
    body: pinInput,
    handler: ({ body, user }) => chat.pin(user, body.roomId, body.seq),
  });

  defineApi(app, {
    method: 'GET',
    path: '/admin/chat/defaultModes',
    summary: 'The chat modes of rooms whose anchor and moderators set none',
    tags,
    auth: 'required',
    roles: ['admin'],
    handler: () => chat.defaultModes(),
  });

  defineApi(app, {
    method: 'POST',
    path: '/admin/chat/defaultModes',
    summary: 'Sets the chat modes of rooms whose anchor and moderators set none; audited',
    tags,
    auth: 'required',
    roles: ['admin'],
    body: roomModesRule,
    handler: ({ body, user }) => chat.setDefaultModes(user, body),
  });

  defineApi(app, {
    method: 'GET',
    path: '/chatroom/moderators',
    summary: "A room's moderators and how many it may have",
    tags,
    auth: 'required',
    query: z.object({ roomId: roomIdRule }),
    handler: ({ query }) => chat.moderators(query.roomId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/gift/list',
    summary: 'The gift catalogue',
    tags,
    handler: ({ locale }) => gifts.catalogue(locale),
  });

  defineApi(app, {
    method: 'POST',
    path: '/gift',
    summary: "Gives a gift to the room's anchor, paid once through the wallet",
    tags,
    auth: 'required',
    body: giftInput,
    handler: ({ body, user }) => gifts.send(user, body),
  });

  defineApi(app, {
    method: 'GET',
    path: '/gift/leaderboard/:type',
    summary: 'The top gift senders of the day or week, in a room or platform-wide',
    tags,
    params: z.object({ type: z.enum(LEADERBOARD_TYPES) }),
    query: z.object({ roomId: roomIdRule.optional() }),
    handler: ({ params, query }) => gifts.leaderboard(params.type, query.roomId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/userInfo/send',
    summary: 'The gifts the caller sent, newest first, with totals',
    tags,
    auth: 'required',
    query: z.object({
      pageIndex: pageIndexRule.default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(20),
    }),
    handler: ({ query, user, locale }) => gifts.sent(user.uid, query.pageIndex, query.pageSize, locale),
  });

  defineApi(app, {
    method: 'GET',
    path: '/anchor/goldDetail',
    summary: "The anchor's diamonds from gifts per day over the last 7, 14 or 30 days",
    tags,
    auth: 'required',
    roles: ['anchor', 'admin'],
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .refine((d) => (EARNING_DAYS as readonly number[]).includes(d))
        .default(7),
    }),
    handler: ({ query, user }) => gifts.earningsByDay(user.uid, query.days),
  });

  defineApi(app, {
    method: 'GET',
    path: '/anchor/goldTotal',
    summary: "The anchor's diamonds from gifts today, this week and in all",
    tags,
    auth: 'required',
    roles: ['anchor', 'admin'],
    handler: ({ user }) => gifts.earningsTotal(user.uid),
  });

  defineApi(app, {
    method: 'POST',
    path: '/admin/users/mute',
    summary: 'Mutes a user in every room for a while (0 minutes: until unmuted), or lifts it; with a reason',
    tags: ['admin'],
    auth: 'required',
    roles: ['admin'],
    body: z.object({
      uid: roomIdRule,
      action: z.enum(['mute', 'unmute']),
      minutes: z.coerce
        .number()
        .int()
        .refine((m) => (MUTE_MINUTES as readonly number[]).includes(m))
        .default(0),
      reason: z.string().trim().min(1).max(500),
    }),
    handler: ({ body, user }) => chat.platformMute(user, { ...body, userId: body.uid }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/admin/gifts',
    summary: 'Every gift of the catalogue, enabled or not',
    tags,
    auth: 'required',
    roles: ['admin'],
    handler: () => gifts.adminCatalogue(),
  });

  defineApi(app, {
    method: 'POST',
    path: '/admin/gift',
    summary: 'Adds a gift to the catalogue or changes one',
    tags,
    auth: 'required',
    roles: ['admin'],
    body: giftCatalogueInput,
    handler: ({ body, user }) => gifts.save(user, body),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, GIFT_ANIMATION_MAX_BYTES, 'animationRule');
    defineApi(scope, {
      method: 'POST',
      path: '/admin/gift/uploadAnimation',
      summary:
        "Upload a gift's animation: the SVGA 2 or Lottie JSON file itself as the body, up to 2 MB; answers its URL and type",
      tags,
      auth: 'required',
      roles: ['admin'],
      response: z.object({ url: z.string(), animationType: z.enum(['svga', 'lottie']) }),
      handler: async ({ request }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('animationRule');
        return gifts.uploadAnimation(request.body);
      },
    });
  });
}

/** /ws/chat: a room's chat, numbered, with history and resume (modules/chat/hub.ts). */
export async function chatSocket(
  app: FastifyInstance,
  { chat, bus, log, metrics }: { chat: Chat; bus: Bus; log: Logger; metrics: Metrics },
) {
  const delay = histogram(metrics, {
    name: 'chat_delivery_seconds',
    help: "From a chat event being stored (on any instance) to its frames written to this instance's chat sockets",
  });
  const hub = createChatHub({
    bus,
    store: chat,
    log: log.child({ component: 'chat' }),
    delivered: (seconds) => delay.observe(seconds),
  });
  app.addHook('onClose', async () => hub.close());
  serveSockets(app, '/ws/chat', hub.sockets, chatClientMessage);
}
