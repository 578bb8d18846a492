import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { FileStorage } from '../../platform/file-storage';
import type { Metrics } from '../../platform/metrics';
import { uploadsDir } from '../../platform/uploads';
import type { Matches } from '../matches';
import type { Settings } from '../system';
import type { Wallet } from '../wallet';
import { createAnchors } from './anchors.service';
import { createBroadcasts } from './broadcasts.service';
import { createLiveLinkSettings } from './live-links.service';
import { createMedia } from './media/index';
import { createPlayTokens } from './play-tokens';
import { createReplays } from './replays.service';
import { createRobots } from './robots';
import { createRooms, streamIdOf } from './rooms.service';
import { memoryViewers, redisViewers } from './viewers';

export interface LiveDeps {
  env: Env;
  /** Signs playback lines. */
  secret: string;
  log: Logger;
  database: Database;
  bus: Bus;
  redis?: Redis;
  metrics: Metrics;
  settings: Settings;
  storage: FileStorage;
  wallet: Pick<Wallet, 'transfer'>;
  matches: Pick<Matches, 'board' | 'names'>;
  users: {
    follows: {
      isFollowing(follower: number, followee: number): Promise<boolean>;
      counts(uid: number): Promise<{ followers: number }>;
      toggle(follower: number, followee: number): Promise<{ followed: boolean; followers: number }>;
    };
  };
}

/**
 * The live domain: the media layer (decision 017) with the publish check of anchors' keys, and
 * the anchors, rooms and broadcasts services over it. `liveRooms` is what routes, pages and the
 * chat module use.
 */
export function createLive(deps: LiveDeps) {
  const { env, log, database, bus } = deps;
  const { db } = database;
  const match = (id: number, locale?: Locale) => {
    const found = deps.matches.board.get(id);
    return found && locale ? deps.matches.names.of(locale).summary(found) : found;
  };
  const matchVersions = (id: number, locale?: Locale) => {
    const versions = deps.matches.board.recent(id);
    if (!locale) return versions;
    const named = deps.matches.names.of(locale).summary;
    return versions.map(({ summary, since }) => ({ summary: named(summary), since }));
  };
  const playTokens = createPlayTokens(deps.secret);
  const viewers = deps.redis ? redisViewers(deps.redis) : memoryViewers();
  const robots = createRobots({ dataDir: env.DATA_DIR, log: log.child({ component: 'robot-live' }) });
  // The broadcasts service is built below; the media layer reports pushes to it.
  let broadcasts: ReturnType<typeof createBroadcasts>;
  const anchors = createAnchors({
    db,
    storage: deps.storage,
    uploadsDir: uploadsDir(env),
    privateDir: path.resolve(env.DATA_DIR, 'private'),
    onBan: async (userId, banned) => {
      const room = await rooms.ofAnchor(userId);
      if (!room) return;
      await rooms.setClosed(room.id, banned);
      if (!banned) return;
      media.stopStream(streamIdOf(room.id));
      await broadcasts.endLive(room.id, 'ban');
    },
  });
  const media = createMedia({
    ingest: env.MEDIA_INGEST,
    rtmpPort: env.RTMP_PORT,
    rtmpHost: env.HOST,
    publicUrl: env.MEDIA_PUBLIC_URL ?? '',
    pushUrl: env.MEDIA_PUSH_URL,
    hlsDir: path.resolve(env.DATA_DIR, 'hls'),
    ffmpeg: env.FFMPEG_PATH,
    ladderRooms: env.LIVE_LADDER_ROOMS,
    metrics: deps.metrics,
    authorizePublish: async (key, { ip }) => {
      const roomId = await anchors.roomForKey(key, ip);
      if (roomId === null) return null;
      // A robot relays someone else's stream: it is not recorded.
      const room = await rooms.byId(roomId);
      return { streamId: streamIdOf(roomId), record: room?.type === 'anchor' };
    },
    onPublish: (streamId) => broadcasts.published(streamId),
    onUnpublish: (streamId) => broadcasts.unpublished(streamId),
    recordingsDir: path.resolve(env.DATA_DIR, 'recordings'),
    onRecordingStarted: (streamId, folder, startedAt) =>
      replays.recordingStarted(streamId, folder, startedAt),
    onRecordingEnded: (folder, endedAt, recorded) => replays.recordingEnded(folder, endedAt, recorded),
    log: log.child({ component: 'media' }),
  });
  const rooms = createRooms({
    db,
    wallet: deps.wallet,
    settings: deps.settings,
    viewers,
    match,
    matchVersions,
    linesFor: (streamId) => media.linesFor(streamId),
    playTokens,
    follows: deps.users.follows,
    robotsMissing: () => robots.missing(),
  });
  const replays = createReplays({
    db,
    settings: deps.settings,
    playTokens,
    accessTo: async (roomId, user) => {
      const room = await rooms.byId(roomId);
      if (!room) throw new AppError('notFound');
      return rooms.accessTo(room, user);
    },
    recordingFile: (folder, file) => media.recordingFile(folder, file),
    removeRecording: (folder) => media.removeRecording(folder),
  });
  broadcasts = createBroadcasts({
    db,
    bus,
    settings: deps.settings,
    anchors,
    rooms,
    viewers,
    match,
    streamInfo: (streamId) => media.streamInfo(streamId),
  });

  const liveRooms = {
    anchors,
    rooms,
    broadcasts,
    replays,
    robots,
    playTokens,
    follows: deps.users.follows,
    /** How each kind of playback line is offered, as administrators set it. */
    linkSettings: createLiveLinkSettings({ settings: deps.settings }),

    /** What chat needs to know about a room; null when there is no such room. */
    async chatRoom(roomId: number) {
      const room = await rooms.byId(roomId);
      if (!room) return null;
      return {
        roomId,
        anchorUserId: room.anchorId,
        open: !room.closed,
        live: room.live,
        externalComments: room.externalComments,
        moderatorLimit: room.moderatorLimit,
      };
    },

    /** A banned anchor may neither broadcast nor speak in any chat. */
    isBannedAnchor: (userId: number) => anchors.isBanned(userId),

    /** The grace-period job (see broadcasts.endLostLives). */
    endLostLives: (now?: Date) => broadcasts.endLostLives(now),
  };
  return { media, liveRooms };
}

export type LiveRooms = ReturnType<typeof createLive>['liveRooms'];
