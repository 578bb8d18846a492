import { readFile } from 'node:fs/promises';
import { and, desc, eq, exists, gt, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { liveClips, liveRecordings, liveRecords, liveRooms, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Page } from '../../lib/paging';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessions';
import type { MatchSummary } from '../matches/matches.contract';
import { BUSY_SCORES, rulesForGame } from '../sports/index';
import type { Settings } from '../system/index';
import {
  CLIP_AFTER_SECONDS,
  CLIP_BEFORE_SECONDS,
  type ClipCard,
  type ClipView,
  type ReplayCard,
  type ReplayState,
  type ReplayView,
  type RoomAccess,
  VIEWER_CLIP_SECONDS,
  type ViewerClipMade,
} from './live.contract';
import { PLAY_TOKEN_MS, type PlayTokens } from './play-tokens';
import { roomIdOf } from './rooms.service';

/** How long recordings are kept, in days (administrators' setting). */
export const REPLAY_DAYS_SETTING = 'live.replayDays';
export const DEFAULT_REPLAY_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ReplaysDeps {
  db: Db;
  settings: Settings;
  playTokens: PlayTokens;
  /** The room's access rules, as its live line has them. */
  accessTo: (roomId: number, user: SessionUser | null) => Promise<RoomAccess>;
  /** The media layer's recordings. */
  recordingFile: (folder: string, file: string) => string | null;
  removeRecording: (folder: string) => void;
}

/** The name a replay's lines are signed under (as a stream id is for a live line). */
const signedName = (id: number) => `replay-${id}`;

/** A stretch of a room's time: a broadcast (open while `endedAt` is null), or a clip's moment. */
interface Window {
  roomId: number;
  startedAt: Date;
  endedAt: Date | null;
}

/** Recordings of the room made during the window. */
const overlapping = (record: Window): SQL =>
  and(
    eq(liveRecordings.roomId, record.roomId),
    record.endedAt ? lt(liveRecordings.startedAt, record.endedAt) : undefined,
    or(isNull(liveRecordings.endedAt), gt(liveRecordings.endedAt, record.startedAt)),
  ) as SQL;

/** A clip is listed once its last segment is recorded: its end and one recording segment more. */
const CLIP_READY_MS = 6_000;
const clipName = (id: number) => `clip-${id}`;

/** A clip plays while a recording of its moment is kept. */
const clipRecorded = (db: Db) =>
  exists(
    db
      .select({ id: liveRecordings.id })
      .from(liveRecordings)
      .where(
        and(
          eq(liveRecordings.roomId, liveClips.roomId),
          lt(liveRecordings.startedAt, liveClips.toAt),
          or(isNull(liveRecordings.endedAt), gt(liveRecordings.endedAt, liveClips.fromAt)),
        ),
      ),
  );

/** A broadcast has a replay once it ended with something recorded while it was on air. */
const hasRecording = (db: Db) =>
  exists(
    db
      .select({ id: liveRecordings.id })
      .from(liveRecordings)
      .where(
        and(
          eq(liveRecordings.roomId, liveRecords.roomId),
          lt(liveRecordings.startedAt, liveRecords.endedAt),
          or(isNull(liveRecordings.endedAt), gt(liveRecordings.endedAt, liveRecords.startedAt)),
        ),
      ),
  );

/**
 * Replays of broadcasts (docs/decisions/037-replays.md): the embedded ingest records each push of an
 * anchor's room; a broadcast's replay is the part of them between its start and end, served as a
 * VOD playlist built from the recordings' segment times. Its anchor or an administrator hides or
 * deletes it; recordings older than the retention setting are deleted.
 */
export function createReplays(deps: ReplaysDeps) {
  const { db } = deps;

  // A new query each time: a query builder keeps the conditions it is given.
  const cards = () =>
    db
      .select({
        id: liveRecords.id,
        roomId: liveRecords.roomId,
        anchorId: liveRecords.anchorId,
        anchorName: users.username,
        avatar: users.avatar,
        title: liveRecords.title,
        cover: liveRooms.cover,
        startedAt: liveRecords.startedAt,
        endedAt: liveRecords.endedAt,
        matchId: liveRecords.matchId,
        replay: liveRecords.replay,
      })
      .from(liveRecords)
      .innerJoin(liveRooms, eq(liveRooms.id, liveRecords.roomId))
      .innerJoin(users, eq(users.uid, liveRecords.anchorId));
  type CardRow = Awaited<ReturnType<typeof cards>>[number];

  const toCard = (row: CardRow): ReplayCard => {
    const endedAt = row.endedAt ?? row.startedAt;
    return {
      id: row.id,
      roomId: row.roomId,
      anchorId: row.anchorId,
      anchorName: row.anchorName,
      avatar: row.avatar,
      title: row.title,
      cover: row.cover,
      startedAt: row.startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      durationSeconds: Math.round((endedAt.getTime() - row.startedAt.getTime()) / 1000),
      matchId: row.matchId,
      hidden: row.replay === 'hidden',
    };
  };

  const mayManage = (user: SessionUser | null, anchorId: number) =>
    !!user && (user.uid === anchorId || user.roles.includes('admin'));

  /** The broadcast's replay as the caller may see it: hidden ones only to their anchor and administrators. */
  async function found(id: number, user: SessionUser | null): Promise<CardRow> {
    const [row] = await cards().where(
      and(
        eq(liveRecords.id, id),
        isNotNull(liveRecords.endedAt),
        ne(liveRecords.replay, 'deleted'),
        hasRecording(db),
      ),
    );
    if (!row || (row.replay === 'hidden' && !mayManage(user, row.anchorId))) throw new AppError('notFound');
    return row;
  }

  async function recordingsOf(row: Window) {
    return db.select().from(liveRecordings).where(overlapping(row)).orderBy(liveRecordings.startedAt);
  }

  /** Removes recordings of the room that no shown or hidden broadcast needs any more. */
  async function removeUnneeded(
    roomId: number,
    candidates: { id: number; folder: string; startedAt: Date; endedAt: Date | null }[],
  ) {
    for (const recording of candidates) {
      const [needed] = await db
        .select({ id: liveRecords.id })
        .from(liveRecords)
        .where(
          and(
            eq(liveRecords.roomId, roomId),
            ne(liveRecords.replay, 'deleted'),
            recording.endedAt ? lt(liveRecords.startedAt, recording.endedAt) : undefined,
            or(isNull(liveRecords.endedAt), gt(liveRecords.endedAt, recording.startedAt)),
          ),
        )
        .limit(1);
      if (needed) continue;
      await db.delete(liveRecordings).where(eq(liveRecordings.id, recording.id));
      deps.removeRecording(recording.folder);
    }
  }

  /**
   * A VOD playlist of the room's recorded segments whose times fall inside the window, a
   * discontinuity between pushes; each segment's address carries the token; null when none is.
   */
  async function playlistOf(window: Window, token: string): Promise<string | null> {
    const to = (window.endedAt ?? new Date()).getTime();
    const from = window.startedAt.getTime();
    const lines: string[] = [];
    let longest = 1;
    for (const recording of await recordingsOf(window)) {
      const file = deps.recordingFile(recording.folder, 'index.m3u8');
      const text = file ? await readFile(file, 'utf8').catch(() => '') : '';
      const kept = segmentsOf(text).filter((s) => s.at < to && s.at + s.seconds * 1000 > from);
      if (kept.length === 0) continue;
      if (lines.length > 0) lines.push('#EXT-X-DISCONTINUITY');
      for (const segment of kept) {
        longest = Math.max(longest, Math.ceil(segment.seconds));
        lines.push(
          `#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.at).toISOString()}`,
          `#EXTINF:${segment.seconds.toFixed(3)},`,
          `${recording.folder}/${segment.file}?t=${encodeURIComponent(token)}`,
        );
      }
    }
    if (lines.length === 0) return null;
    return [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      `#EXT-X-TARGETDURATION:${longest}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
      ...lines,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
  }

  /** A segment file of one of the room's recordings made during the window, or null. */
  async function segmentOf(window: Window, folder: string, file: string): Promise<string | null> {
    const [recording] = await db
      .select({ id: liveRecordings.id })
      .from(liveRecordings)
      .where(and(overlapping(window), eq(liveRecordings.folder, folder)));
    return recording && file.endsWith('.ts') ? deps.recordingFile(folder, file) : null;
  }

  const clipper = alias(users, 'clipper');
  const clipRows = () =>
    db
      .select({
        id: liveClips.id,
        replayId: liveClips.recordId,
        roomId: liveClips.roomId,
        matchId: liveClips.matchId,
        anchorName: users.username,
        title: liveRecords.title,
        cover: liveRooms.cover,
        score: liveClips.score,
        clippedBy: clipper.username,
        fromAt: liveClips.fromAt,
        toAt: liveClips.toAt,
      })
      .from(liveClips)
      .innerJoin(liveRecords, eq(liveRecords.id, liveClips.recordId))
      .innerJoin(liveRooms, eq(liveRooms.id, liveClips.roomId))
      .innerJoin(users, eq(users.uid, liveRecords.anchorId))
      .leftJoin(clipper, eq(clipper.uid, liveClips.clippedBy));
  type ClipRow = Awaited<ReturnType<typeof clipRows>>[number];

  const toClip = ({ toAt, fromAt, ...row }: ClipRow): ClipCard => ({
    ...row,
    fromAt: fromAt.toISOString(),
    scoredAt: row.score === null ? null : new Date(toAt.getTime() - CLIP_AFTER_SECONDS * 1000).toISOString(),
    seconds: Math.round((toAt.getTime() - fromAt.getTime()) / 1000),
  });

  /** How long a signed line plays: to the end of a VIP trial, else PLAY_TOKEN_MS. */
  const until = (access: RoomAccess) =>
    access.state === 'trial' ? new Date(access.trialEndsAt) : new Date(Date.now() + PLAY_TOKEN_MS);

  /**
   * The clip's moment within its broadcast (nothing of a preview before it or of what followed)
   * as a window of its room's recordings, when the token is the clip's.
   */
  async function clipWindow(id: number, token: string | undefined): Promise<Window | null> {
    if (!deps.playTokens.valid(clipName(id), token)) return null;
    const [clip] = await db
      .select({
        roomId: liveClips.roomId,
        fromAt: liveClips.fromAt,
        toAt: liveClips.toAt,
        startedAt: liveRecords.startedAt,
        endedAt: liveRecords.endedAt,
      })
      .from(liveClips)
      .innerJoin(liveRecords, eq(liveRecords.id, liveClips.recordId))
      .where(and(eq(liveClips.id, id), eq(liveRecords.replay, 'shown')));
    if (!clip) return null;
    const latest = (a: Date, b: Date) => (a > b ? a : b);
    return {
      roomId: clip.roomId,
      startedAt: latest(clip.fromAt, clip.startedAt),
      endedAt: clip.endedAt && clip.endedAt < clip.toAt ? clip.endedAt : clip.toAt,
    };
  }

  return {
    /** The media layer began recording a push (of an anchor's room). */
    async recordingStarted(streamId: string, folder: string, startedAt: Date): Promise<void> {
      const roomId = roomIdOf(streamId);
      if (roomId === null) return;
      await db.insert(liveRecordings).values({ roomId, folder, startedAt }).onConflictDoNothing();
    },

    /** A recording ended: kept if a broadcast was on air during it, else (a preview push) deleted. */
    async recordingEnded(folder: string, endedAt: Date, recorded: boolean): Promise<void> {
      if (!recorded) {
        await db.delete(liveRecordings).where(eq(liveRecordings.folder, folder));
        return;
      }
      const [recording] = await db
        .update(liveRecordings)
        .set({ endedAt })
        .where(eq(liveRecordings.folder, folder))
        .returning();
      if (recording) await removeUnneeded(recording.roomId, [recording]);
    },

    /** Recordings a stopped process left open end when it stopped: no push goes on after a restart. */
    async closeOpenRecordings(now = new Date()): Promise<void> {
      await db.update(liveRecordings).set({ endedAt: now }).where(isNull(liveRecordings.endedAt));
    },

    /** Replays, newest first: of a room, an anchor, a match or any match; hidden ones only to their anchor. */
    async list(
      filter: { roomId?: number; anchorId?: number; matchId?: number; matched?: 1 },
      pageIndex: number,
      pageSize: number,
      user: SessionUser | null,
    ): Promise<Page<ReplayCard>> {
      const visible = user?.roles.includes('admin')
        ? ne(liveRecords.replay, 'deleted')
        : or(
            eq(liveRecords.replay, 'shown'),
            and(eq(liveRecords.replay, 'hidden'), eq(liveRecords.anchorId, user?.uid ?? 0)),
          );
      const where = and(
        isNotNull(liveRecords.endedAt),
        visible,
        hasRecording(db),
        filter.roomId !== undefined ? eq(liveRecords.roomId, filter.roomId) : undefined,
        filter.anchorId !== undefined ? eq(liveRecords.anchorId, filter.anchorId) : undefined,
        filter.matchId !== undefined ? eq(liveRecords.matchId, filter.matchId) : undefined,
        filter.matched ? isNotNull(liveRecords.matchId) : undefined,
      );
      const rows = await cards()
        .where(where)
        .orderBy(desc(liveRecords.startedAt))
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(liveRecords).where(where);
      return { list: rows.map(toCard), total: total?.n ?? 0, pageIndex, pageSize };
    },

    /** A replay with its playlist's address, signed, when the caller may watch the room. */
    async view(id: number, user: SessionUser | null): Promise<ReplayView> {
      const row = await found(id, user);
      const access = await deps.accessTo(row.roomId, user);
      const url =
        access.state === 'locked'
          ? null
          : deps.playTokens.sign(`/media/replays/${id}/index.m3u8`, signedName(id), until(access));
      return { ...toCard(row), access, url };
    },

    /**
     * The replay's playlist: every segment recorded while the broadcast was on air, by the time
     * each was recorded, a discontinuity between pushes; its segments carry the token on.
     */
    async playlist(id: number, token: string | undefined): Promise<string | null> {
      if (!deps.playTokens.valid(signedName(id), token)) return null;
      const [record] = await db.select().from(liveRecords).where(eq(liveRecords.id, id));
      if (!record?.endedAt || record.replay === 'deleted') return null;
      return playlistOf(record, token ?? '');
    },

    /** The file of one of the replay's segments, or null when the token or the names are not the replay's. */
    async segmentFile(id: number, folder: string, file: string, token: string | undefined) {
      if (!deps.playTokens.valid(signedName(id), token)) return null;
      const [record] = await db.select().from(liveRecords).where(eq(liveRecords.id, id));
      if (!record || record.replay === 'deleted') return null;
      return segmentOf(record, folder, file);
    },

    /**
     * A match changed: when a side scored in play (a goal, a round, a map), every broadcast on
     * air showing it gets a clip of the moment, the score that ended the match included (a
     * deciding map, a golden goal). Each instance sees the change; the clip's key makes it once.
     */
    async matchChanged(summary: MatchSummary, previous: MatchSummary | undefined, now = new Date()) {
      if (!previous) return;
      // In play now (its kick-off may come in the same update), or ended by this score.
      const inPlay =
        summary.status === 'in_progress' ||
        (summary.status === 'finished' && previous.status === 'in_progress');
      if (!inPlay) return;
      const { home, away } = summary.score;
      if (home <= previous.score.home && away <= previous.score.away) return;
      const family = rulesForGame(summary.gameId)?.family;
      if (!family || BUSY_SCORES.has(family)) return;
      const onAir = await db
        .select({ id: liveRecords.id, roomId: liveRecords.roomId })
        .from(liveRecords)
        .where(and(eq(liveRecords.matchId, summary.id), isNull(liveRecords.endedAt)));
      const score = `${home}-${away}`;
      for (const record of onAir)
        await db
          .insert(liveClips)
          .values({
            recordId: record.id,
            roomId: record.roomId,
            matchId: summary.id,
            key: `score:${record.id}:${score}`,
            score,
            fromAt: new Date(now.getTime() - CLIP_BEFORE_SECONDS * 1000),
            toAt: new Date(now.getTime() + CLIP_AFTER_SECONDS * 1000),
          })
          .onConflictDoNothing();
    },

    /**
     * A signed-in viewer who may watch the room clips the last VIEWER_CLIP_SECONDS of its broadcast
     * (no further back than its start). One clip per viewer and broadcast in each such stretch: a
     * second press, or a retried request, gets the same clip.
     */
    async viewerClip(user: SessionUser, roomId: number, now = new Date()): Promise<ViewerClipMade> {
      const [onAir] = await db
        .select({ id: liveRecords.id, startedAt: liveRecords.startedAt })
        .from(liveRecords)
        .where(and(eq(liveRecords.roomId, roomId), isNull(liveRecords.endedAt)));
      if (!onAir) throw new AppError('noLiveBroadcast');
      if ((await deps.accessTo(roomId, user)).state === 'locked') throw new AppError('noPermission');
      // Robot relays and pushes to another ingest are not recorded: nothing to cut a clip from.
      const [recording] = await db
        .select({ id: liveRecordings.id })
        .from(liveRecordings)
        .where(and(eq(liveRecordings.roomId, roomId), isNull(liveRecordings.endedAt)));
      if (!recording) throw new AppError('clipUnavailable');
      const stretch = VIEWER_CLIP_SECONDS * 1000;
      const key = `viewer:${onAir.id}:${user.uid}:${Math.floor(now.getTime() / stretch)}`;
      await db
        .insert(liveClips)
        .values({
          recordId: onAir.id,
          roomId,
          clippedBy: user.uid,
          key,
          fromAt: new Date(Math.max(now.getTime() - stretch, onAir.startedAt.getTime())),
          toAt: now,
        })
        .onConflictDoNothing();
      const [clip] = await db
        .select({ id: liveClips.id, toAt: liveClips.toAt })
        .from(liveClips)
        .where(eq(liveClips.key, key));
      if (!clip) throw new AppError('clipUnavailable');
      return { id: clip.id, readyAt: new Date(clip.toAt.getTime() + CLIP_READY_MS).toISOString() };
    },

    /** Clips of a match, a room or any match, newest first, once recorded, from shown replays. */
    async clips(
      filter: { matchId?: number; roomId?: number; replayId?: number; matched?: 1 },
      pageSize: number,
      now = new Date(),
    ): Promise<ClipCard[]> {
      const rows = await clipRows()
        .where(
          and(
            eq(liveRecords.replay, 'shown'),
            clipRecorded(db),
            lt(liveClips.toAt, new Date(now.getTime() - CLIP_READY_MS)),
            filter.matchId !== undefined ? eq(liveClips.matchId, filter.matchId) : undefined,
            filter.roomId !== undefined ? eq(liveClips.roomId, filter.roomId) : undefined,
            filter.replayId !== undefined ? eq(liveClips.recordId, filter.replayId) : undefined,
            filter.matched ? isNotNull(liveClips.matchId) : undefined,
          ),
        )
        .orderBy(desc(liveClips.toAt))
        .limit(pageSize);
      return rows.map(toClip);
    },

    /** A clip with its playlist's address, signed, when the caller may watch the room. */
    async clipView(id: number, user: SessionUser | null): Promise<ClipView> {
      const [row] = await clipRows().where(
        and(eq(liveClips.id, id), eq(liveRecords.replay, 'shown'), clipRecorded(db)),
      );
      if (!row) throw new AppError('notFound');
      const access = await deps.accessTo(row.roomId, user);
      const url =
        access.state === 'locked'
          ? null
          : deps.playTokens.sign(`/media/clips/${id}/index.m3u8`, clipName(id), until(access));
      return { ...toClip(row), access, url };
    },

    /** The clip's playlist: the recorded segments of its moment. */
    async clipPlaylist(id: number, token: string | undefined): Promise<string | null> {
      const window = await clipWindow(id, token);
      return window && playlistOf(window, token ?? '');
    },

    /** A segment file of the clip's moment, or null when the token or the names are not the clip's. */
    async clipSegmentFile(id: number, folder: string, file: string, token: string | undefined) {
      const window = await clipWindow(id, token);
      return window && segmentOf(window, folder, file);
    },

    /** Its anchor or an administrator shows, hides or deletes a replay (deleting removes what was recorded). */
    async setState(user: SessionUser, id: number, state: ReplayState): Promise<void> {
      const row = await found(id, user);
      if (!mayManage(user, row.anchorId)) throw new AppError('noPermission');
      await db.transaction(async (tx) => {
        await tx.update(liveRecords).set({ replay: state }).where(eq(liveRecords.id, id));
        if (user.uid !== row.anchorId)
          await audit.record(tx, {
            actorId: user.uid,
            targetId: row.anchorId,
            action: 'set_replay',
            details: { replayId: id, state },
          });
      });
      if (state === 'deleted') {
        const [record] = await db.select().from(liveRecords).where(eq(liveRecords.id, id));
        if (record) await removeUnneeded(record.roomId, await recordingsOf(record));
      }
    },

    /** The retention job: deletes recordings that ended longer ago than the setting's days. */
    async expire(now = new Date()): Promise<number> {
      const days = (await deps.settings.get<number>(REPLAY_DAYS_SETTING)) ?? DEFAULT_REPLAY_DAYS;
      const old = await db
        .delete(liveRecordings)
        .where(lt(liveRecordings.endedAt, new Date(now.getTime() - days * DAY_MS)))
        .returning({ folder: liveRecordings.folder });
      for (const { folder } of old) deps.removeRecording(folder);
      return old.length;
    },
  };
}

export type Replays = ReturnType<typeof createReplays>;

/** The segments of a recording's playlist with the wall-clock time each began (EXT-X-PROGRAM-DATE-TIME). */
export function segmentsOf(playlist: string): { file: string; at: number; seconds: number }[] {
  const segments: { file: string; at: number; seconds: number }[] = [];
  let at: number | null = null;
  let seconds = 0;
  for (const line of playlist.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      // ffmpeg writes the offset as +0000.
      at = Date.parse(line.slice(25).replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
    } else if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && at !== null && Number.isFinite(at)) {
      segments.push({ file: line, at, seconds });
      at += seconds * 1000;
    }
  }
  return segments;
}
