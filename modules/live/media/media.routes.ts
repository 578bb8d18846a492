import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Media, STREAM_ID } from './media';

/** A player this far behind (bytes not yet sent) is cut off rather than buffered without end. */
const MAX_FLV_BACKLOG = 8 << 20;

export interface MediaRoutesOptions {
  media: Media;
  /** Guards the publish hooks: the `secret` query parameter nginx-rtmp's hook URLs carry. */
  hookSecret?: string;
  /** Guards the publish hooks: the addresses allowed to call them. */
  hookAllow?: string[];
  /**
   * The live module's check of a player: the `t` query parameter of the line it was given. Without
   * it every live stream plays. HLS segments get the playlist's token appended.
   */
  authorizePlay?: (streamId: string, token: string | undefined) => boolean;
}

/**
 * Playback by stream id (never by key): HTTP-FLV at /media/live/<id>.flv, HLS at
 * /media/hls/<id>/index.m3u8; and, for an external media server, the publish hooks
 * /media/hooks/on_publish and /media/hooks/on_publish_done (offered only when guarded).
 */
export async function mediaRoutes(
  app: FastifyInstance,
  { media, hookSecret, hookAllow = [], authorizePlay }: MediaRoutesOptions,
) {
  const mayPlay = (streamId: string, token: string | undefined) =>
    !authorizePlay || authorizePlay(streamId, token);

  // Ends the players' endless responses before the server waits for its connections to close.
  app.addHook('preClose', () => media.close());

  app.get<{ Params: { file: string }; Querystring: { t?: string } }>(
    '/media/live/:file',
    (request, reply) => {
      const streamId = /^(.+)\.flv$/.exec(request.params.file)?.[1];
      if (!streamId || !STREAM_ID.test(streamId) || !media.isLive(streamId))
        return reply.code(404).send({ status: 'not live' });
      if (!mayPlay(streamId, request.query.t)) return reply.code(403).send({ status: 'forbidden' });
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'video/x-flv',
        'Cache-Control': 'no-store',
        'Access-Control-Allow-Origin': '*',
      });
      const stop = media.playFlv(
        streamId,
        (chunk) => {
          if (raw.writableLength > MAX_FLV_BACKLOG) raw.destroy();
          else raw.write(chunk);
        },
        () => raw.end(),
      );
      raw.once('close', () => stop?.());
    },
  );

  app.get<{ Params: { streamId: string; file: string }; Querystring: { t?: string } }>(
    '/media/hls/:streamId/:file',
    async (request, reply) => {
      const { streamId, file } = request.params;
      const filePath = STREAM_ID.test(streamId) ? media.hlsFile(streamId, file) : null;
      const found = filePath && (await readFile(filePath).catch(() => null));
      if (!found) return reply.code(404).send({ status: 'not found' });
      const token = request.query.t;
      if (!mayPlay(streamId, token)) return reply.code(403).send({ status: 'forbidden' });
      const playlist = file.endsWith('.m3u8');
      // The player asks for the segments relative to the playlist: they carry its token on.
      const body =
        playlist && token
          ? found.toString('utf8').replace(/^(seg-\d+\.ts)$/gm, `$1?t=${encodeURIComponent(token)}`)
          : found;
      return reply
        .header('Content-Type', playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('Cache-Control', playlist ? 'no-cache' : 'public, max-age=60')
        .header('Access-Control-Allow-Origin', '*')
        .send(body);
    },
  );

  if (!hookSecret && hookAllow.length === 0) return;
  await app.register(async (hooks) => {
    // nginx-rtmp posts its calls as a form: app, name (the stream key), addr (the pusher), ...
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    type HookCall = { Body: Record<string, string | undefined>; Querystring: { secret?: string } };
    const allowed = (request: FastifyRequest<HookCall>) =>
      (!hookSecret || sameSecret(request.query.secret, hookSecret)) &&
      (hookAllow.length === 0 || hookAllow.includes(request.ip.replace(/^::ffff:/, '')));

    hooks.post<HookCall>('/media/hooks/on_publish', async (request, reply) => {
      if (!allowed(request)) return reply.code(403).send({ status: 'forbidden' });
      const { app: application, name, addr } = request.body ?? {};
      const streamId = application === 'live' && name ? await media.hookPublish(name, addr ?? '') : null;
      if (!streamId) return reply.code(403).send({ status: 'refused' });
      // A redirect renames the stream: nginx-rtmp then writes HLS under the stream id, not the key.
      return reply.code(302).header('Location', streamId).send();
    });

    hooks.post<HookCall>('/media/hooks/on_publish_done', async (request, reply) => {
      if (!allowed(request)) return reply.code(403).send({ status: 'forbidden' });
      if (request.body?.name) media.hookPublishDone(request.body.name);
      return reply.send({ status: 'ok' });
    });
  });
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
