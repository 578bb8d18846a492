import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, arrayContains, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { anchors, liveClips, liveRecordings, liveRecords, liveRooms, users } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import { UPLOADS_PREFIX } from '../../platform/file-storage';
import { uploadsDir } from '../../platform/uploads';
import type { MatchSummary } from '../matches/matches.contract';
import type { Settings } from '../system';
import { type RoomAccessKind, VIEWER_CLIP_SECONDS } from './live.contract';

const SEEDED = 'demo_live_seeded';
const REPLAY_SEEDED = 'demo_replay_seeded';
/** The key of the demo replay's goal clip, before its record's id. */
const DEMO_GOAL_CLIP = 'demo:';
/** The demo replay's length, in seconds. */
const DEMO_REPLAY_SECONDS = 60;
const DEMO_AGO_MS = 2 * 3600_000;

/** The demo anchors and their robot-live rooms: one free on a live match, one paid, one VIP-only, one free. */
const DEMO_ROOMS: {
  username: string;
  title: string;
  gameId: number;
  access: RoomAccessKind;
  price: number;
  customTag: string | null;
  linkLiveMatch: boolean;
  color: string;
}[] = [
  {
    username: 'DemoKoala',
    title: '足球直播：比赛进行中',
    gameId: 202,
    access: 'free',
    price: 0,
    customTag: null,
    linkLiveMatch: true,
    color: '#16a34a',
  },
  {
    username: 'DemoFox',
    title: '英雄联盟高分段教学（付费）',
    gameId: 1,
    access: 'paid',
    price: 50,
    customTag: '教学',
    linkLiveMatch: false,
    color: '#2563eb',
  },
  {
    username: 'DemoPanda',
    title: 'VIP专享：篮球战术复盘',
    gameId: 201,
    access: 'vip',
    price: 0,
    customTag: 'VIP',
    linkLiveMatch: false,
    color: '#d97706',
  },
  {
    username: 'DemoOwl',
    title: 'CS:GO 娱乐局',
    gameId: 2,
    access: 'free',
    price: 0,
    customTag: '娱乐',
    linkLiveMatch: false,
    color: '#7c3aed',
  },
];

async function cover(dir: string, name: string, color: string, label: string): Promise<string> {
  const file = path.join(dir, `${name}.webp`);
  if (!existsSync(file)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
<rect width="640" height="360" fill="${color}"/><circle cx="520" cy="80" r="140" fill="#fff" opacity="0.1"/>
<text x="40" y="300" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">${label}</text></svg>`;
    await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file);
  }
  return `${UPLOADS_PREFIX}live-demo/${name}.webp`;
}

/** The ID photo the demo anchor never sent: a grey card saying it stands in for one. */
const demoIdCard = (name: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
<rect width="640" height="400" rx="24" fill="#d4d4d8"/>
<text x="40" y="200" font-family="sans-serif" font-size="48" font-weight="700" fill="#3f3f46">${name}</text>
<text x="40" y="280" font-family="sans-serif" font-size="40" fill="#52525b">演示 · DEMO</text></svg>`),
  )
    .png()
    .toBuffer();

export const demoLiveWanted = (env: Env) => env.DEMO_DATA ?? (env.NODE_ENV !== 'test' && !env.DATABASE_URL);

/**
 * Demo anchors with robot-live rooms relaying the generated loop, so a fresh installation shows
 * rooms that play. Seeded once per database; on every start the room of the live match is linked
 * again to a match in progress of the simulator.
 */
export async function seedDemoLive(services: {
  env: Env;
  log: Logger;
  database: Database;
  settings: Settings;
  inProgress: () => MatchSummary[];
  /** Stores a private ID photo of the anchor, as an application's upload does. */
  storeIdPhoto: (userId: number, data: Buffer) => Promise<{ photoId: string }>;
}): Promise<void> {
  const { env, log, settings } = services;
  if (!demoLiveWanted(env)) return;
  const { db } = services.database;
  if (!(await settings.get(SEEDED))) {
    const dir = path.join(uploadsDir(env), 'live-demo');
    mkdirSync(dir, { recursive: true });
    for (const [i, demo] of DEMO_ROOMS.entries()) {
      const [user] = await db
        .insert(users)
        .values({
          username: demo.username,
          phone: `1380000000${i}`,
          // As the login dialog sends it, so the demo anchors log in with their phones.
          areaCode: '+86',
          registrationSource: 'demo',
          registrationType: 2,
          roles: ['user', 'anchor'],
        })
        .onConflictDoNothing()
        .returning({ uid: users.uid });
      if (!user) continue;
      const picture = await cover(dir, demo.username, demo.color, demo.username);
      // Reviewers see a card in place of each of the three photos.
      const { photoId } = await services.storeIdPhoto(user.uid, await demoIdCard(demo.username));
      await db.insert(anchors).values({
        userId: user.uid,
        state: 'approved',
        name: demo.username,
        documentType: 'other',
        idNumber: `DEMO-${user.uid}`,
        birthDate: '1990-01-01',
        introduction: `${demo.username}：演示主播`,
        content: demo.title,
        phone: `1380000000${i}`,
        photoFront: photoId,
        photoBack: photoId,
        photoHolding: photoId,
        reviewedAt: new Date(),
        cover: picture,
      });
      await db.insert(liveRooms).values({
        anchorId: user.uid,
        type: 'robot',
        source: 'demo',
        title: demo.title,
        cover: picture,
        gameId: demo.gameId,
        customTag: demo.customTag,
        access: demo.access,
        price: demo.price,
        announcement: `欢迎来到 ${demo.username} 的直播间！`,
      });
    }
    await settings.set(SEEDED, new Date().toISOString());
    log.info('demo anchors and robot-live rooms seeded');
  }
  await linkDemoMatch(db, services.inProgress);
}

/**
 * Keeps the demo football room on a football match in progress of the simulator (run at start and
 * by a job: matches end and others begin).
 */
export async function linkDemoMatch(db: Database['db'], inProgress: () => MatchSummary[]): Promise<void> {
  const live = inProgress().filter((m) => m.gameId === 202);
  const linked = DEMO_ROOMS.filter((demo) => demo.linkLiveMatch).map((demo) => demo.username);
  const rooms = await db
    .select({ id: liveRooms.id, matchId: liveRooms.matchId })
    .from(liveRooms)
    .innerJoin(users, eq(users.uid, liveRooms.anchorId))
    .where(inArray(users.username, linked));
  for (const room of rooms) {
    if (live.some((m) => m.id === room.matchId)) continue;
    const match = live[0];
    await db
      .update(liveRooms)
      .set({ matchId: match?.id ?? null, customTag: match ? null : '足球' })
      .where(eq(liveRooms.id, room.id));
  }
}

/**
 * A replay to watch on a fresh installation: one minute of a test pattern, recorded as the ingest
 * records a push (HLS with each segment's time), as a broadcast of the demo football room two
 * hours ago on a finished match when there is one, with the clip of a goal. Made once, in the
 * background of the first start.
 */
export async function seedDemoReplay(services: {
  database: Database;
  settings: Settings;
  log: Logger;
  ffmpeg: string | null;
  /** Where a recording's playlist goes (the media layer's recordings). */
  playlistOf: (folder: string) => string | null;
  finished: () => MatchSummary[];
}): Promise<void> {
  const { db } = services.database;
  if (!services.ffmpeg || (await services.settings.get(REPLAY_SEEDED))) return;
  const [room] = await db
    .select({ id: liveRooms.id, anchorId: liveRooms.anchorId, title: liveRooms.title })
    .from(liveRooms)
    .innerJoin(users, eq(users.uid, liveRooms.anchorId))
    .where(eq(users.username, 'DemoKoala'));
  if (!room) return;
  const startedAt = new Date();
  const folder = `room-${room.id}-${startedAt.getTime()}`;
  const playlist = services.playlistOf(folder);
  if (!playlist) return;
  const dir = path.dirname(playlist);
  mkdirSync(dir, { recursive: true });
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330'],
    ...['-t', String(DEMO_REPLAY_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-g', '50', '-c:a', 'aac', '-f', 'hls', '-hls_time', '4', '-hls_list_size', '0'],
    ...['-hls_playlist_type', 'vod', '-hls_flags', 'program_date_time'],
    ...['-hls_segment_filename', path.join(dir, 'seg-%d.ts'), playlist],
  ];
  const made = await new Promise<boolean>((resolve) => {
    const child = spawn(services.ffmpeg as string, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  if (!made) {
    rmSync(dir, { recursive: true, force: true });
    services.log.warn('could not make the demo replay');
    return;
  }
  // Broadcast two hours ago: the segments' times move back with it.
  const at = (seconds: number) => new Date(startedAt.getTime() - DEMO_AGO_MS + seconds * 1000);
  const text = readFileSync(playlist, 'utf8').replace(
    /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/gm,
    (_line, time: string) =>
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(Date.parse(time.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) - DEMO_AGO_MS).toISOString()}`,
  );
  writeFileSync(playlist, text);
  await db.transaction(async (tx) => {
    await tx
      .insert(liveRecordings)
      .values({ roomId: room.id, folder, startedAt: at(0), endedAt: at(DEMO_REPLAY_SECONDS) });
    const [record] = await tx
      .insert(liveRecords)
      .values({
        roomId: room.id,
        anchorId: room.anchorId,
        title: room.title,
        startedAt: at(-1),
        endedAt: at(DEMO_REPLAY_SECONDS + 1),
        endedBy: 'anchor',
        peakViewers: 128,
      })
      .returning({ id: liveRecords.id });
    // The goal of the broadcast's match, clipped as the live module clips one.
    if (record)
      await tx.insert(liveClips).values({
        recordId: record.id,
        roomId: room.id,
        key: `${DEMO_GOAL_CLIP}${record.id}`,
        score: '1-0',
        fromAt: at(20),
        toAt: at(50),
      });
    // And the broadcast's last half-minute, clipped by a viewer (another demo streamer).
    const [viewer] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(
        and(
          eq(users.registrationSource, 'demo'),
          arrayContains(users.roles, ['anchor']),
          ne(users.uid, room.anchorId),
        ),
      )
      .limit(1);
    if (record && viewer)
      await tx.insert(liveClips).values({
        recordId: record.id,
        roomId: room.id,
        clippedBy: viewer.uid,
        key: `demo-viewer:${record.id}`,
        fromAt: at(DEMO_REPLAY_SECONDS - VIEWER_CLIP_SECONDS),
        toAt: at(DEMO_REPLAY_SECONDS),
      });
  });
  await services.settings.set(REPLAY_SEEDED, startedAt.toISOString());
  services.log.info('demo replay made');
  await linkDemoReplay(db, services.finished);
}

/**
 * Gives the demo replay and its goal clip a finished match, a football one if there is one: the
 * simulator may have none yet when the replay is made (run then, and by the demo job until done).
 */
export async function linkDemoReplay(db: Database['db'], finished: () => MatchSummary[]): Promise<void> {
  const [clip] = await db
    .select({ id: liveClips.id, recordId: liveClips.recordId })
    .from(liveClips)
    .where(and(like(liveClips.key, `${DEMO_GOAL_CLIP}%`), isNull(liveClips.matchId)))
    .limit(1);
  if (!clip) return;
  const matches = finished();
  const match = matches.find((m) => m.gameId === 202) ?? matches[0];
  if (!match) return;
  await db.transaction(async (tx) => {
    await tx.update(liveClips).set({ matchId: match.id }).where(eq(liveClips.id, clip.id));
    await tx.update(liveRecords).set({ matchId: match.id }).where(eq(liveRecords.id, clip.recordId));
  });
}
