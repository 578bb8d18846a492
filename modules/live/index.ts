import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { liveRooms as liveRoomsTable } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import type { MatchesService } from '../matches';
import type { Settings } from '../system';
import { demoLiveWanted, linkDemoMatch, linkDemoReplay, seedDemoLive, seedDemoReplay } from './demo';
import { createLive, type LiveDeps, type LiveRooms } from './live';
import { anchorRoutes, idPhotoEndpoint, reviewRoutes, viewerRoutes } from './live.routes';
import { findFfmpeg, type Media, mediaRoutes } from './media/index';
import { replayMediaEndpoint, replayRoutes } from './replays.routes';

export type { LiveRooms } from './live';
export type { LiveLinkSettings } from './live-links.service';
export type { Media, PlaybackLine, StreamInfo } from './media/index';

/** How often the grace-period job looks for lives whose push stopped. */
const GRACE_JOB_EVERY_MS = 10_000;
/** How often recordings past their retention are deleted. */
const REPLAY_EXPIRY_EVERY_MS = 3600_000;

interface StartDeps {
  env: Env;
  log: Logger;
  database: Database;
  settings: Settings;
  jobs: Jobs;
  matches: MatchesService;
  media: Media;
  liveRooms: LiveRooms;
}

/** Live rooms: anchors, their rooms and broadcasts over the RTMP pushes and playback lines (decisions 017, 019). */
export const liveModule = defineModule({
  name: 'live',
  services: (deps: LiveDeps) => createLive(deps),
  routes: [anchorRoutes, viewerRoutes, reviewRoutes, replayRoutes],
  endpoints: [
    (app, { env, media, liveRooms }: { env: Env; media: Media; liveRooms: LiveRooms }) =>
      mediaRoutes(app, {
        media,
        hookSecret: env.MEDIA_HOOK_SECRET,
        hookAllow: env.MEDIA_HOOK_ALLOW,
        authorizePlay: (streamId, token) => liveRooms.playTokens.valid(streamId, token),
      }),
    idPhotoEndpoint,
    replayMediaEndpoint,
  ],
  start: async ({ env, log, database, settings, jobs, matches, media, liveRooms }: StartDeps) => {
    const inProgress = () => matches.list({ statuses: ['in_progress'] });
    const finished = () => matches.list({ statuses: ['finished'] });
    await seedDemoLive({
      env,
      log,
      database,
      settings,
      inProgress,
      storeIdPhoto: (userId, data) => liveRooms.anchors.uploadIdPhoto(userId, data),
    });
    if (demoLiveWanted(env))
      jobs.every('live:demo-match', 60_000, async () => {
        await linkDemoMatch(database.db, inProgress);
        await linkDemoReplay(database.db, finished);
      });
    if (media.ingest === 'embedded') {
      // Pushes of a previous run are gone: their lives end after the grace period unless they come back.
      await database.db
        .update(liveRoomsTable)
        .set({ pushing: false, pushLostAt: new Date() })
        .where(eq(liveRoomsTable.live, true));
      await database.db
        .update(liveRoomsTable)
        .set({ pushing: false })
        .where(eq(liveRoomsTable.pushing, true));
      await liveRooms.replays.closeOpenRecordings();
    }
    await media.start();
    if (demoLiveWanted(env) && media.ingest === 'embedded')
      void seedDemoReplay({
        database,
        settings,
        log,
        ffmpeg: await findFfmpeg(env.FFMPEG_PATH),
        playlistOf: (folder) => media.recordingFile(folder, 'index.m3u8'),
        finished,
      }).catch((err) => log.warn({ err }, 'demo replay not made'));
    jobs.every('live:end-lost-lives', GRACE_JOB_EVERY_MS, async () => {
      await liveRooms.endLostLives();
    });
    jobs.every('live:expire-replays', REPLAY_EXPIRY_EVERY_MS, async () => {
      await liveRooms.replays.expire();
    });
    // A goal of a match on air is clipped from the broadcasts showing it.
    const stopClipping = matches.board.subscribe(
      (summary, previous) =>
        void liveRooms.replays
          .matchChanged(summary, previous)
          .catch((err) => log.warn({ err, matchId: summary.id }, 'no clip made of the match change')),
    );
    const port = media.rtmpPort();
    if (port !== null && demoLiveWanted(env)) {
      const relays = [];
      for (const room of await database.db
        .select()
        .from(liveRoomsTable)
        .where(eq(liveRoomsTable.type, 'robot'))) {
        const streamKey = await liveRooms.anchors.resetStreamKey(room.anchorId).catch(() => null);
        if (streamKey) relays.push({ roomId: room.id, source: room.source ?? 'demo', streamKey });
      }
      await liveRooms.robots.start(
        relays,
        `rtmp://127.0.0.1:${port}/live`,
        await findFfmpeg(env.FFMPEG_PATH),
      );
    }
    return async () => {
      stopClipping();
      await liveRooms.robots.close();
      await media.close();
    };
  },
});
