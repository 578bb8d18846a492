// The instance under test of the live benchmark: the media layer of live rooms with its RTMP ingest
// in this process, its playback routes (HTTP-FLV, HLS), and a page that plays one line with the
// room's player settings. Every key is admitted under its own name as the stream id.
// Streams whose key starts with "rec-" are also recorded into RECORDINGS_DIR, as a room's are.
// LADDER_ROOMS streams at once get the quality ladder, as LIVE_LADDER_ROOMS sets for the app (default 0).
// Env: PORT, HLS_DIR, RECORDINGS_DIR, LADDER_ROOMS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { FLV_PLAYER_CONFIG, HLS_PLAYER_CONFIG } from '../../app/components/live/player-config';
import { createMedia, mediaRoutes } from '../../modules/live/media';
import { readTimecode } from '../../modules/live/media/test-push';

const root = path.resolve(import.meta.dirname, '../..');
const media = createMedia({
  ingest: 'embedded',
  rtmpPort: 0,
  rtmpHost: '127.0.0.1',
  publicUrl: '',
  hlsDir: process.env.HLS_DIR ?? path.join(root, 'bench/.tmp/live-hls'),
  recordingsDir: process.env.RECORDINGS_DIR ?? path.join(root, 'bench/.tmp/live-recordings'),
  authorizePublish: async (key) => ({ streamId: key, record: key.startsWith('rec-') }),
  ladderRooms: Number(process.env.LADDER_ROOMS ?? 0),
  log: pino({ level: 'warn' }),
});
await media.start();

const app = Fastify();
await app.register(mediaRoutes, { media });
const page = readFileSync(path.join(import.meta.dirname, 'delay.html'), 'utf8').replace(
  '/*CONFIG*/',
  `const FLV_CONFIG = ${JSON.stringify(FLV_PLAYER_CONFIG)}; const HLS_CONFIG = ${JSON.stringify(HLS_PLAYER_CONFIG)}; const readTimecode = ${readTimecode.toString()};`,
);
const scripts: Record<string, string> = {
  '/mpegts.js': 'node_modules/mpegts.js/dist/mpegts.js',
  '/hls.js': 'node_modules/hls.js/dist/hls.min.js',
};
app.get('/', (_request, reply) => reply.type('text/html').send(page));
for (const [url, file] of Object.entries(scripts))
  app.get(url, (_request, reply) => reply.type('text/javascript').send(readFileSync(path.join(root, file))));
app.get('/rtmp', () => ({ port: media.rtmpPort() }));
app.get<{ Params: { id: string } }>('/lines/:id', (request) => media.linesFor(request.params.id));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
