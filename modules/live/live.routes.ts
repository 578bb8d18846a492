import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { privateFileToken } from '../../platform/session-cookie';
import type { SessionResolver } from '../../platform/sessions';
import { acceptBinaryBody } from '../../platform/uploads';
import type { LiveRooms } from './live';
import {
  ANCHOR_PAGE_SIZE,
  anchorApplicationInput,
  anchorListQuery,
  anchorMatchLiveQuery,
  anchorProfileInput,
  applicationQueueQuery,
  cancelReservationInput,
  followAnchorInput,
  heartbeatInput,
  ID_PHOTO_MAX_BYTES,
  idRule,
  ipAllowListInput,
  isMatchLiveParams,
  type LiveInfo,
  type LiveLinks,
  liveRecordQuery,
  liveUnlockInput,
  PICTURE_KINDS,
  PICTURE_MAX_BYTES,
  proclamationQuery,
  RECORD_PAGE_SIZE,
  ROOM_PAGE_SIZE,
  reserveBroadcastInput,
  reviewInput,
  roomListQuery,
  roomSettingsInput,
  toggleMatchInput,
} from './live.contract';
import { liveLinkSettingsRule } from './live-links.service';
import type { Media } from './media/index';
import { PLAY_TOKEN_MS } from './play-tokens';

interface LiveServices {
  liveRooms: LiveRooms;
  media: Media;
}

const tags = ['live'];
const signedIn = { auth: 'required' } as const;

/** The address of the anchor's push, without the key; from the host the anchor reached the site by. */
const pushUrlOf = (media: Media, host: string | undefined) => media.pushUrl(host ?? 'localhost');

/** Anchors' certification, profile, live settings, broadcasting and live links (spec point 7, anchors). */
export async function anchorRoutes(app: FastifyInstance, { liveRooms, media }: LiveServices) {
  const { anchors, rooms, broadcasts } = liveRooms;

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/V2/anchor/user',
    summary:
      'Apply to be an anchor: name, ID number, introduction, content, the three ID photos and the content rules agreed',
    tags,
    body: anchorApplicationInput,
    handler: ({ body, user }) => anchors.apply(user.uid, body),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, ID_PHOTO_MAX_BYTES, 'imageRule');
    defineApi(scope, {
      ...signedIn,
      method: 'POST',
      path: '/anchor/idPhoto',
      summary: 'Upload an ID photo (the image itself as the body): stored privately; answers its id',
      tags,
      handler: ({ request, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('imageRule');
        return anchors.uploadIdPhoto(user.uid, request.body);
      },
    });
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, PICTURE_MAX_BYTES, 'imageRule');
    defineApi(scope, {
      ...signedIn,
      method: 'POST',
      path: '/anchor/picture',
      summary:
        'Upload an anchor picture (the image itself as the body): cover, room cover, or a 1:1 detail picture',
      tags,
      query: z.object({ kind: z.enum(PICTURE_KINDS) }),
      handler: async ({ request, query, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('imageRule');
        await anchors.approved(user.uid);
        return anchors.uploadPicture(user.uid, query.kind, request.body);
      },
    });
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/whether',
    summary: "The caller's anchor certification: not applied, under review, approved, rejected or banned",
    tags,
    handler: ({ user }) => anchors.whether(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/status',
    summary: "The caller's application as sent, with its state; null when never applied",
    tags,
    handler: ({ user }) => anchors.application(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/isBroadcast',
    summary: 'Whether the push arrives (resolution, bitrate) and whether the room is on air',
    tags,
    handler: ({ user }) => broadcasts.state(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/broadcast',
    summary: 'Start live: the push must be arriving',
    tags,
    handler: ({ user }) => broadcasts.start(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/downcast',
    summary: 'End live',
    tags,
    handler: ({ user }) => broadcasts.stop(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/liveInfo',
    summary: "The live settings page: the room's settings, the broadcasting state and the push address",
    tags,
    handler: async ({ user, request }): Promise<LiveInfo> => {
      const anchor = await anchors.approved(user.uid);
      const room = await rooms.ofAnchor(user.uid);
      return {
        room: room ? rooms.settingsOf(room) : null,
        broadcast: await broadcasts.state(user.uid),
        pushUrl: pushUrlOf(media, request.hostname),
        hasStreamKey: !!anchor.streamKeyHash,
      };
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/liveInfo',
    summary:
      'Save the room: title and cover required, a match in progress or starting within 1 hour, access and price',
    tags,
    body: roomSettingsInput,
    handler: async ({ body, user }) => {
      await anchors.approved(user.uid);
      return rooms.save(user.uid, body);
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/streamKey/reset',
    summary: 'A new stream key, shown this once (the old one stops working)',
    tags,
    handler: async ({ user, request }) => {
      const streamKey = await anchors.resetStreamKey(user.uid);
      const pushUrl = pushUrlOf(media, request.hostname);
      return { pushUrl, streamKey, fullUrl: `${pushUrl}/${streamKey}` };
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/liveLinks',
    summary: "The anchor's live links: the playback lines of its room, the push address and the caller's IP",
    tags,
    handler: async ({ user, request }): Promise<LiveLinks> => {
      const anchor = await anchors.approved(user.uid);
      const room = await rooms.ofAnchor(user.uid);
      const streamId = room ? rooms.streamIdOf(room.id) : '';
      const lines = await liveRooms.linkSettings.apply(streamId ? media.linesFor(streamId) : []);
      const until = new Date(Date.now() + PLAY_TOKEN_MS);
      return {
        pushUrl: pushUrlOf(media, request.hostname),
        hasStreamKey: !!anchor.streamKeyHash,
        links: lines.map((line) => ({
          priority: line.priority,
          kind: line.kind,
          link: liveRooms.playTokens.sign(line.url, streamId, until),
          language: line.language,
          pro: line.pro,
        })),
        currentIp: request.ip,
      };
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/getAnchorIP',
    summary: "The caller's current IP and the push allow-list (empty: any IP)",
    tags,
    handler: ({ user, request }) => anchors.ipAllowList(user.uid, request.ip),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/addIpWhite',
    summary: 'Replace the push allow-list',
    tags,
    body: ipAllowListInput,
    handler: ({ user, body, request }) => anchors.setIpAllowList(user.uid, body.ips, request.ip),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/toggleMatchId',
    summary: 'The anchor reserves a match it will commentate, or drops it',
    tags,
    body: toggleMatchInput,
    handler: ({ user, body }) => broadcasts.toggleMatch(user.uid, body.matchId),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/cancelReservation',
    summary: 'The anchor drops a reserved match',
    tags,
    body: cancelReservationInput,
    handler: ({ user, body }) => broadcasts.cancelMatch(user.uid, body.matchId),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/anchor/reservations',
    summary: "The caller's reserved matches, soonest first",
    tags,
    handler: ({ user }) => broadcasts.schedule(user.uid, null),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/updateAnchor',
    summary: 'The anchor profile: introduction, detailed introduction, up to 3 detail pictures at 1:1, cover',
    tags,
    body: anchorProfileInput,
    handler: async ({ user, body }) => {
      await anchors.updateProfile(user.uid, body);
      return null;
    },
  });
}

/** What viewers call: rooms, access, unlock, heartbeats, anchors' pages, follows and reservations. */
export async function viewerRoutes(app: FastifyInstance, { liveRooms }: LiveServices) {
  const { anchors, rooms, broadcasts, follows } = liveRooms;
  const optional = { auth: 'optional' } as const;

  defineApi(app, {
    ...optional,
    method: 'GET',
    path: '/live/rooms',
    summary: 'Rooms by game, live first with the most viewers',
    tags,
    query: roomListQuery,
    handler: ({ query }) => rooms.list(query, ROOM_PAGE_SIZE),
  });

  defineApi(app, {
    ...optional,
    method: 'GET',
    path: '/live/room/:roomId',
    summary: "A room with its playback lines and the caller's access (paid, VIP trial, SVIP)",
    tags,
    params: z.object({ roomId: idRule }),
    handler: ({ params, user, locale }) => rooms.view(params.roomId, user, locale),
  });

  defineApi(app, {
    ...optional,
    method: 'POST',
    path: '/live/heartbeat',
    summary: 'The viewer is watching: answers the viewer count and the access now',
    tags,
    body: heartbeatInput,
    handler: async ({ body, user, request }) => {
      const { room, count, access } = await rooms.heartbeat(body.roomId, user, request.ip);
      if (room.live) await broadcasts.countPeak(room.id, count);
      return { viewers: count, access, live: room.live };
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/orderpay/match/pay/liveUnlock',
    summary: 'Unlock a paid room with coins, once',
    tags,
    body: liveUnlockInput,
    handler: ({ body, user }) => rooms.unlock(user, body.roomId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/app/getProclamation',
    summary: "A room's pre-stream announcement",
    tags,
    query: proclamationQuery,
    handler: ({ query }) => rooms.proclamation(query.roomId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/isMatchLive/:matchId/:gameId',
    summary: 'Whether a live room shows this match, and the room to link to',
    tags,
    params: isMatchLiveParams,
    handler: ({ params }) => rooms.onMatch(params.matchId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/getAnchorMatchLive',
    summary: 'The anchors live on a match',
    tags,
    query: anchorMatchLiveQuery,
    handler: ({ query }) => rooms.anchorsOnMatch(query.matchId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/anchor/anchorList',
    summary: 'Approved anchors, live first',
    tags,
    query: anchorListQuery,
    handler: ({ query }) => rooms.anchorList(query.gameId, query.pageIndex, ANCHOR_PAGE_SIZE),
  });

  defineApi(app, {
    ...optional,
    method: 'GET',
    path: '/anchorInfo',
    summary: "An anchor's public profile with its schedule (no anchorId: the caller's)",
    tags,
    query: z.object({ anchorId: idRule.optional() }),
    handler: async ({ query, user }) => {
      const anchorId = query.anchorId ?? user?.uid;
      if (!anchorId) throw new AppError('pleaseLogIn');
      const anchor = await anchors.row(anchorId);
      if (!anchor || (anchor.state !== 'approved' && anchorId !== user?.uid)) throw new AppError('notFound');
      return {
        ...(await rooms.anchorCard(anchorId)),
        introduction: anchor.introduction,
        detail: anchor.detail,
        pictures: anchor.pictures,
        following: user ? await follows.isFollowing(user.uid, anchorId) : false,
        schedule: await broadcasts.schedule(anchorId, user?.uid ?? null),
      };
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/anchor/follow',
    summary: 'Follow the anchor, or stop following',
    tags,
    body: followAnchorInput,
    handler: async ({ body, user }) => {
      const anchor = await anchors.row(body.anchorId);
      if (anchor?.state !== 'approved') throw new AppError('notFound');
      const { followed, followers } = await follows.toggle(user.uid, body.anchorId);
      return { following: followed, followers };
    },
  });

  defineApi(app, {
    ...optional,
    method: 'GET',
    path: '/liveRecord',
    summary: "Past broadcasts with start, end and peak viewers (no anchorId: the caller's)",
    tags,
    query: liveRecordQuery,
    handler: ({ query, user }) => {
      const anchorId = query.anchorId ?? user?.uid;
      if (!anchorId) throw new AppError('pleaseLogIn');
      return broadcasts.records(anchorId, query.pageIndex, RECORD_PAGE_SIZE);
    },
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/live/reserve',
    summary: "Reserve an anchor's upcoming broadcast (notified when it goes live), or drop the reservation",
    tags,
    body: reserveBroadcastInput,
    handler: ({ body, user }) => broadcasts.toggleReservation(user.uid, body.scheduleId),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/live/myReservations',
    summary: 'The broadcasts the caller reserved, soonest first',
    tags,
    handler: ({ user }) => broadcasts.reservationsOf(user.uid),
  });
}

/** The administrators' review of anchors: the queue, approve, reject, ban, unban (audited). */
export async function reviewRoutes(app: FastifyInstance, { liveRooms }: LiveServices) {
  const { anchors } = liveRooms;
  const admin = { auth: 'required' as const, roles: ['admin' as const] };

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/anchor/applications',
    summary: 'Anchor applications by state, newest first',
    tags,
    query: applicationQueueQuery,
    handler: ({ query }) => anchors.queue(query.state, query.pageIndex),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/anchor/review',
    summary: 'Approve, reject (with a reason), ban (with a reason) or unban an anchor',
    tags,
    body: reviewInput,
    handler: ({ body, user }) => anchors.review(user, body),
  });

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/live/links',
    summary: 'How each kind of playback line (flv, hls) is offered: priority, language, Pro flag',
    tags,
    handler: () => liveRooms.linkSettings.get(),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/live/links',
    summary: 'Set the priority (1 first), language and Pro flag of the flv and hls lines',
    tags,
    body: z.object({ links: liveLinkSettingsRule }),
    handler: ({ body, user }) => liveRooms.linkSettings.set(user, body.links),
  });
}

/** The private ID photos: only their applicant and reviewers see them, in the pages' `<img>`. */
export async function idPhotoEndpoint(
  app: FastifyInstance,
  { liveRooms, sessions }: LiveServices & { sessions: SessionResolver },
) {
  app.get<{ Params: { photoId: string } }>('/anchor-id-photos/:photoId', async (request, reply) => {
    const token = privateFileToken(request);
    if (!token) throw new AppError('pleaseLogIn');
    const user = await sessions.resolve(token);
    const photo = await liveRooms.anchors.idPhoto(user, request.params.photoId);
    if (!photo) throw new AppError('notFound');
    return reply.type('image/webp').header('cache-control', 'private, no-store').send(photo);
  });
}
