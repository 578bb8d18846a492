import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchors, liveClips, liveRecordings, liveRecords } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import type { MatchSummary } from '../matches/matches.contract';
import { DEFAULT_GRACE_SECONDS } from './live.contract';
import {
  flvMetadataWidth,
  hasFfmpeg,
  pushTestPattern,
  readStreamStart,
  type TestPush,
  waitUntil,
} from './media/test-push';
import { DEFAULT_REPLAY_DAYS } from './replays.service';
import { people } from './test-fixtures';

if (!hasFfmpeg) console.warn('live broadcast tests skipped: install ffmpeg to run them');

describe.skipIf(!hasFfmpeg && process.env.CI !== 'true')(
  'anchors pushing with their stream keys (embedded ingest)',
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'live-broadcast-'));
    let app: FastifyInstance;
    let java: JavaClient;
    let fixtures: ReturnType<typeof people>;
    let admin: { token: string };
    let origin: string;
    let rtmp: string;
    const pushes: TestPush[] = [];

    const push = (key: string, size?: string) => {
      const started = pushTestPattern(`${rtmp}/${key}`, { size, seconds: 60 });
      pushes.push(started);
      return started;
    };
    const state = async (token: string) => (await java.call('GET', '/anchor/isBroadcast', { token })).result;

    beforeAll(async () => {
      app = await buildTestApp({ env: { MEDIA_INGEST: 'embedded', RTMP_PORT: '0', DATA_DIR: dataDir } });
      java = javaClient(app);
      cleanUpAfterFile(() => app.close());
      origin = await app.listen({ port: 0, host: '127.0.0.1' });
      rtmp = `rtmp://127.0.0.1:${app.services.media.rtmpPort()}/live`;
      fixtures = people(app, java);
      admin = await fixtures.person(['user', 'admin']);
    });

    afterAll(async () => {
      await Promise.all(pushes.map((p) => p.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('takes two anchors live at once, each playing its own stream, and refuses a second push on a live key', async () => {
      const anna = await fixtures.anchor(admin);
      const ben = await fixtures.anchor(admin);
      const annaPush = push(anna.streamKey, '640x360');
      push(ben.streamKey, '320x240');
      await waitUntil(async () => (await state(anna.token)).canStart, 'the push of Anna to arrive');
      await waitUntil(async () => (await state(ben.token)).canStart, 'the push of Ben to arrive');
      // The resolution is known once the encoder's metadata arrives, a moment after the push is admitted.
      const stream = await waitUntil(async () => {
        const { stream } = await state(anna.token);
        return stream?.width !== null && stream;
      }, "the resolution of Anna's push");
      expect(stream).toMatchObject({ width: 640, height: 360 });
      for (const anchor of [anna, ben]) {
        const started = await java.call('POST', '/anchor/broadcast', { token: anchor.token });
        expect(started.result).toMatchObject({ live: true });
      }

      const room = (id: number) => java.call('GET', `/live/room/${id}`);
      const lines = await waitUntil(async () => {
        const { result } = await room(anna.roomId);
        return result.lines.some((line: { kind: string }) => line.kind === 'hls') && result.lines;
      }, 'the HLS line of Anna');
      expect(lines[0].url).toMatch(/^\/media\/hls\/room-\d+\/index\.m3u8\?t=\d+\.[\w-]+$/);
      expect(lines[0].url).toContain(`/room-${anna.roomId}/`);
      expect(JSON.stringify(lines)).not.toContain(anna.streamKey);
      // The line plays with its token, segments too; without it, or on another room, it does not.
      const playlist = await fetch(`${origin}${lines[0].url}`);
      expect(playlist.status).toBe(200);
      const segment = (await playlist.text()).split('\n').find((line) => line.startsWith('seg-'));
      expect((await fetch(`${origin}/media/hls/room-${anna.roomId}/${segment}`)).status).toBe(200);
      expect((await fetch(`${origin}/media/hls/room-${anna.roomId}/index.m3u8`)).status).toBe(403);
      const token = lines[0].url.split('?')[1];
      expect((await fetch(`${origin}/media/hls/room-${ben.roomId}/index.m3u8?${token}`)).status).not.toBe(
        200,
      );

      // The anchor plays the HTTP-FLV line of its own room (the Pro line, with the HLS one).
      const widthOf = async (anchor: { roomId: number; token: string }) => {
        const { result } = await java.call('GET', `/live/room/${anchor.roomId}`, { token: anchor.token });
        const flv = result.lines.find((line: { kind: string }) => line.kind === 'flv');
        return flvMetadataWidth(await readStreamStart(`${origin}${flv.url}`, 4096));
      };
      expect(await widthOf(anna)).toBe(640);
      expect(await widthOf(ben)).toBe(320);
      expect((await fetch(`${origin}/media/live/room-${anna.roomId}.flv`)).status).toBe(403);

      const second = push(anna.streamKey);
      expect(await second.exited).not.toBe(0);
      expect((await room(anna.roomId)).result.live).toBe(true);

      // Anna stops her push: her room stays live through the grace period, then ends; Ben plays on.
      await annaPush.stop();
      await waitUntil(async () => (await state(anna.token)).stream === null, 'the push of Anna to end');
      const { liveRooms } = app.services;
      expect(await liveRooms.endLostLives()).toEqual([]);
      const later = new Date(Date.now() + (DEFAULT_GRACE_SECONDS + 1) * 1000);
      expect(await liveRooms.endLostLives(later)).toEqual([anna.roomId]);
      expect((await room(anna.roomId)).result).toMatchObject({ live: false, lines: [] });
      expect((await room(ben.roomId)).result.live).toBe(true);
    }, 90_000);

    it('records a broadcast: its replay and the clip of a goal play with their tokens; its anchor hides or deletes it', async () => {
      const anchor = await fixtures.anchor(admin);
      const guest = null;
      const call = (method: 'GET' | 'POST', url: string, who: { token: string } | null, body?: unknown) =>
        java.call(method, url, { token: who?.token, body });
      const recordingsOfRoom = () =>
        app.services.database.db
          .select()
          .from(liveRecordings)
          .where(eq(liveRecordings.roomId, anchor.roomId));

      // A push that never goes on air (a preview) leaves no recording.
      const preview = push(anchor.streamKey);
      await waitUntil(async () => (await state(anchor.token)).canStart, 'the preview push to arrive');
      await waitUntil(async () => (await recordingsOfRoom()).length === 1, 'its recording to begin');
      await preview.stop();
      await waitUntil(async () => (await recordingsOfRoom()).length === 0, 'the preview recording to go');

      const onAir = push(anchor.streamKey);
      await waitUntil(async () => (await state(anchor.token)).canStart, 'the push to arrive');
      await call('POST', '/anchor/broadcast', anchor);
      const wentLive = Date.now();
      // The room shows a match, which scores two seconds into the broadcast.
      const { db } = app.services.database;
      await db.update(liveRecords).set({ matchId: 9_001 }).where(eq(liveRecords.roomId, anchor.roomId));
      const match = (home: number) =>
        ({ id: 9_001, gameId: 202, status: 'in_progress', score: { home, away: 0 } }) as MatchSummary;
      const { replays } = app.services.liveRooms;
      await replays.matchChanged(match(1), match(0), new Date(wentLive + 2000));
      // The same goal seen again (another instance, a repeated update) makes no second clip.
      await replays.matchChanged(match(1), match(0), new Date(wentLive + 2500));
      await new Promise((resolve) => setTimeout(resolve, 9000));
      await call('POST', '/anchor/downcast', anchor);
      await onAir.stop();
      const [recording] = await waitUntil(async () => {
        const rows = await recordingsOfRoom();
        return rows[0]?.endedAt && rows;
      }, 'the recording to end');
      const folder = path.join(dataDir, 'recordings', recording?.folder ?? '');
      expect(existsSync(folder)).toBe(true);

      const listed = await call('GET', `/live/replays?anchorId=${anchor.uid}`, guest);
      expect(listed.result.list).toHaveLength(1);
      const [card] = listed.result.list;
      expect(card).toMatchObject({ roomId: anchor.roomId, title: 'Derby night', hidden: false });
      expect(card.durationSeconds).toBeGreaterThanOrEqual(8);

      const { result: replay } = await call('GET', `/live/replay/${card.id}`, guest);
      expect(replay.url).toMatch(new RegExp(`^/media/replays/${card.id}/index\\.m3u8\\?t=`));
      const playlist = await (await fetch(`${origin}${replay.url}`)).text();
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      // About 9 s on air in segments of about 4 s: every one a viewer can seek to plays.
      expect(segments.length).toBeGreaterThanOrEqual(2);
      const seconds = playlist.match(/#EXTINF:([\d.]+)/g)?.map((line) => Number(line.slice(8))) ?? [];
      expect(seconds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);
      for (const segment of segments) {
        const answer = await fetch(`${origin}/media/replays/${card.id}/${segment}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('video/mp2t');
        expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
      // Without the token, or with another replay's, nothing plays.
      const bare = segments[0]?.split('?')[0];
      expect((await fetch(`${origin}/media/replays/${card.id}/${bare}`)).status).toBe(404);
      expect((await fetch(`${origin}/media/replays/${card.id}/index.m3u8`)).status).toBe(404);
      const token = replay.url.split('?')[1];
      expect((await fetch(`${origin}/media/replays/${card.id + 1}/index.m3u8?${token}`)).status).toBe(404);

      // The goal's clip: listed on the match once its last seconds are recorded, playing its moment only.
      expect(await replays.clips({ matchId: 9_001 }, 12, new Date(wentLive + 12_000))).toEqual([]);
      const recorded = new Date(wentLive + 20_000);
      const listedClips = await replays.clips({ matchId: 9_001 }, 12, recorded);
      expect(listedClips).toHaveLength(1);
      const clip = listedClips[0] as (typeof listedClips)[number];
      expect(clip).toMatchObject({ replayId: card.id, score: '1-0', seconds: 30 });
      // The replay's chapters are its clips, and another broadcast's are not among them.
      expect(await replays.clips({ replayId: card.id }, 50, recorded)).toEqual(listedClips);
      expect(await replays.clips({ replayId: card.id + 1 }, 50, recorded)).toEqual([]);
      const { result: clipView } = await call('GET', `/live/clip/${clip.id}`, guest);
      const clipList = await (await fetch(`${origin}${clipView.url}`)).text();
      const clipSegments = clipList.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(clipSegments.length).toBeGreaterThanOrEqual(1);
      expect(clipSegments.length).toBeLessThanOrEqual(segments.length);
      const clipSegment = await fetch(`${origin}/media/clips/${clip.id}/${clipSegments[0]}`);
      expect(clipSegment.status).toBe(200);
      await clipSegment.arrayBuffer();
      expect((await fetch(`${origin}/media/clips/${clip.id}/index.m3u8?${token}`)).status).toBe(404);

      // Hidden: gone for others, still the anchor's; another user may not change it.
      const stranger = await fixtures.person();
      const setReplay = (who: { token: string }, state: string) =>
        call('POST', '/anchor/replay', who, { id: card.id, state });
      expect((await setReplay(stranger, 'hidden')).errorCode).toBe(1017);
      expect((await setReplay(anchor, 'hidden')).status).toBe('success');
      expect((await call('GET', `/live/replays?anchorId=${anchor.uid}`, guest)).result.list).toEqual([]);
      expect((await call('GET', `/live/replay/${card.id}`, stranger)).errorCode).toBe(1001);
      expect(await replays.clips({ matchId: 9_001 }, 12, recorded)).toEqual([]);
      const own = await call('GET', `/live/replays?anchorId=${anchor.uid}`, anchor);
      expect(own.result.list).toMatchObject([{ id: card.id, hidden: true }]);

      // Deleted: the recording goes from the disk.
      expect((await setReplay(anchor, 'deleted')).status).toBe('success');
      expect(existsSync(folder)).toBe(false);
      expect(await recordingsOfRoom()).toEqual([]);
      expect((await call('GET', `/live/replays?anchorId=${anchor.uid}`, anchor)).result.list).toEqual([]);
    }, 90_000);

    it('clips a score in play, also in the update that kicks off or ends the match, not a result that arrives from outside play', async () => {
      const anchor = await fixtures.anchor(admin);
      const { db } = app.services.database;
      const [record] = await db
        .insert(liveRecords)
        .values({ roomId: anchor.roomId, anchorId: anchor.uid, title: 'Final map', matchId: 9_002 })
        .returning();
      const match = (status: MatchSummary['status'], home: number, away: number) =>
        ({ id: 9_002, gameId: 202, status, score: { home, away } }) as MatchSummary;
      const { replays } = app.services.liveRooms;
      // A goal in the feed's same update as the kick-off.
      await replays.matchChanged(match('in_progress', 1, 0), match('not_started', 0, 0));
      // The deciding map: the score rises as the match ends.
      await replays.matchChanged(match('finished', 2, 1), match('in_progress', 1, 1));
      // A result stored for a match that was never seen in play is no moment of the broadcast.
      await replays.matchChanged(match('finished', 3, 1), match('not_started', 0, 0));
      const clips = await db
        .select()
        .from(liveClips)
        .where(eq(liveClips.recordId, record?.id ?? 0));
      expect(clips.map((clip) => clip.score).sort()).toEqual(['1-0', '2-1']);
      await db
        .update(liveRecords)
        .set({ endedAt: new Date() })
        .where(eq(liveRecords.id, record?.id ?? 0));
    });

    it('deletes recordings past the days the retention setting keeps', async () => {
      const anchor = await fixtures.anchor(admin);
      const onAir = push(anchor.streamKey);
      await waitUntil(async () => (await state(anchor.token)).canStart, 'the push to arrive');
      await java.call('POST', '/anchor/broadcast', { token: anchor.token });
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await java.call('POST', '/anchor/downcast', { token: anchor.token });
      await onAir.stop();
      const { replays } = app.services.liveRooms;
      const rows = () =>
        app.services.database.db
          .select()
          .from(liveRecordings)
          .where(eq(liveRecordings.roomId, anchor.roomId));
      const [recording] = await waitUntil(async () => {
        const found = await rows();
        return found[0]?.endedAt && found;
      }, 'the recording to end');
      const folder = path.join(dataDir, 'recordings', recording?.folder ?? '');
      const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
      await replays.expire(daysFromNow(DEFAULT_REPLAY_DAYS - 1));
      expect(await rows()).toHaveLength(1);
      await replays.expire(daysFromNow(DEFAULT_REPLAY_DAYS + 1));
      expect(await rows()).toEqual([]);
      expect(existsSync(folder)).toBe(false);
    }, 60_000);

    it('refuses a wrong key, a banned anchor’s key and an unapproved applicant’s key', async () => {
      expect(await push('not-a-key').exited).not.toBe(0);

      // Banned while on air: the push is cut off and the room is closed.
      const banned = await fixtures.anchor(admin);
      const onAir = push(banned.streamKey);
      await waitUntil(async () => (await state(banned.token)).canStart, 'the push to arrive');
      await java.call('POST', '/anchor/broadcast', { token: banned.token });
      await java.call('POST', '/admin/anchor/review', {
        token: admin.token,
        body: { userId: banned.uid, action: 'ban', reason: 'Violence' },
      });
      await onAir.exited;
      expect((await java.call('GET', `/live/room/${banned.roomId}`)).errorCode).toBe(1001);
      expect(await push(banned.streamKey).exited).not.toBe(0);
      expect((await java.call('POST', '/anchor/broadcast', { token: banned.token })).errorCode).toBe(4013);

      // An applicant under review holding a key (the key alone is not enough).
      const applicant = await fixtures.anchor(admin);
      await app.services.database.db
        .update(anchors)
        .set({ state: 'review' })
        .where(eq(anchors.userId, applicant.uid));
      expect(await push(applicant.streamKey).exited).not.toBe(0);
    }, 90_000);
  },
);
