import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../../platform/env';
import { defineModule } from '../../platform/module';
import { createMedia, type Media, mediaRoutes } from './media/index';
import { roomsForChat } from './rooms-for-chat';

export type { Media, PlaybackLine, StreamInfo } from './media/index';

interface LiveDeps {
  env: Env;
  log: Logger;
}

/** Live rooms: anchors' RTMP pushes and their playback lines (decision 017). */
export const liveModule = defineModule({
  name: 'live',
  services: ({ env, log }: LiveDeps) => ({
    media: createMedia({
      ingest: env.MEDIA_INGEST,
      rtmpPort: env.RTMP_PORT,
      rtmpHost: env.HOST,
      publicUrl: env.MEDIA_PUBLIC_URL ?? '',
      pushUrl: env.MEDIA_PUSH_URL,
      hlsDir: path.resolve(env.DATA_DIR, 'hls'),
      ffmpeg: env.FFMPEG_PATH,
      // Every push is refused until anchors' stream keys are checked here.
      authorizePublish: async () => null,
      log: log.child({ component: 'media' }),
    }),
    liveRooms: roomsForChat,
  }),
  endpoints: [
    (app, { env, media }: LiveDeps & { media: Media }) =>
      mediaRoutes(app, { media, hookSecret: env.MEDIA_HOOK_SECRET, hookAllow: env.MEDIA_HOOK_ALLOW }),
  ],
  start: async ({ media }: { media: Media }) => {
    await media.start();
  },
});
