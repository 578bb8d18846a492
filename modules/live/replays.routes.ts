import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import type { LiveRooms } from './live';
import { clipListQuery, idRule, replayListQuery, replayStateInput, viewerClipInput } from './live.contract';

const tags = ['live'];

/** Replays of broadcasts: the lists, one to watch, and its anchor's hide and delete (decision 037). */
export async function replayRoutes(app: FastifyInstance, { liveRooms }: { liveRooms: LiveRooms }) {
  const { replays } = liveRooms;

  defineApi(app, {
    method: 'GET',
    path: '/live/replays',
    summary: "Replays of past broadcasts, newest first: a room's, an anchor's or a match's",
    tags,
    auth: 'optional',
    query: replayListQuery,
    handler: ({ query, user }) => {
      const { pageIndex, pageSize, ...filter } = query;
      return replays.list(filter, pageIndex, pageSize, user);
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/live/replay/:id',
    summary: 'One replay with its signed playlist address (none while the room is locked to the caller)',
    tags,
    auth: 'optional',
    params: z.object({ id: idRule }),
    handler: ({ params, user }) => replays.view(params.id, user),
  });

  defineApi(app, {
    method: 'GET',
    path: '/live/clips',
    summary:
      "Clips of broadcasts: a match's (cut by its goals, rounds and maps), a room's (viewers' too) or any match's",
    tags,
    query: clipListQuery,
    handler: ({ query }) => {
      const { pageSize, ...filter } = query;
      return replays.clips(filter, pageSize);
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/live/clips',
    summary:
      "A viewer clips the last 30 seconds of the room's broadcast; answers the clip and when it is listed",
    tags,
    auth: 'required',
    body: viewerClipInput,
    handler: ({ body, user }) => replays.viewerClip(user, body.roomId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/live/clip/:id',
    summary: 'One clip with its signed playlist address (none while the room is locked to the caller)',
    tags,
    auth: 'optional',
    params: z.object({ id: idRule }),
    handler: ({ params, user }) => replays.clipView(params.id, user),
  });

  defineApi(app, {
    method: 'POST',
    path: '/anchor/replay',
    summary:
      'Shows, hides or deletes a replay (its anchor, or an administrator); deleting removes the recording',
    tags,
    auth: 'required',
    body: replayStateInput,
    handler: async ({ body, user }) => {
      await replays.setState(user, body.id, body.state);
      return null;
    },
  });
}

/**
 * The playlists and segments of replays and clips, under /media/replays/<id>/ and
 * /media/clips/<id>/, by the token of the address the caller was given.
 */
export async function replayMediaEndpoint(app: FastifyInstance, { liveRooms }: { liveRooms: LiveRooms }) {
  const { replays } = liveRooms;
  type Query = { Querystring: { t?: string } };
  const kinds = {
    replays: { playlist: replays.playlist, segment: replays.segmentFile },
    clips: { playlist: replays.clipPlaylist, segment: replays.clipSegmentFile },
  };

  for (const [kind, { playlist, segment }] of Object.entries(kinds)) {
    app.get<Query & { Params: { id: string } }>(`/media/${kind}/:id/index.m3u8`, async (request, reply) => {
      const id = idRule.safeParse(request.params.id);
      const text = id.success ? await playlist(id.data, request.query.t) : null;
      if (!text) return reply.code(404).send({ status: 'not found' });
      return reply
        .header('Content-Type', 'application/vnd.apple.mpegurl')
        .header('Cache-Control', 'private, no-cache')
        .send(text);
    });

    app.get<Query & { Params: { id: string; folder: string; file: string } }>(
      `/media/${kind}/:id/:folder/:file`,
      async (request, reply) => {
        const { folder, file } = request.params;
        const id = idRule.safeParse(request.params.id);
        const path = id.success ? await segment(id.data, folder, file, request.query.t) : null;
        const found = path && (await readFile(path).catch(() => null));
        if (!found) return reply.code(404).send({ status: 'not found' });
        return reply
          .header('Content-Type', 'video/mp2t')
          .header('Cache-Control', 'private, max-age=3600')
          .send(found);
      },
    );
  }
}
