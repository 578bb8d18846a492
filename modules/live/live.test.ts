import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminActions,
  coinRecords,
  liveClips,
  liveRecordings,
  liveRecords,
  liveTrials,
  users,
} from '../../db/schema/index';
import { MESSAGES } from '../../lib/messages';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import type { MatchSummary } from '../matches/matches.contract';
import { MATCHES_CHANGED } from '../matches/store';
import { fixtures as matchFixtures, SOURCE, soccerMatch } from '../matches/test-fixtures';
import { createRng } from '../sports/rng';
import { soccer } from '../sports/soccer';
import { linkDemoReplay } from './demo';
import { checkIdDocument, residentIdBirthDate } from './id-number';
import { DEFAULT_GRACE_SECONDS, LIVE_STATUS_EVENT } from './live.contract';
import { people, png, residentId } from './test-fixtures';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('the ID number rules', () => {
  it('reads the birth date of a resident ID with a correct check character, and refuses a wrong one', () => {
    const id = residentId('19900307');
    expect(residentIdBirthDate(id)).toBe('1990-03-07');
    const wrongCheck = id.slice(0, 17) + (id[17] === '1' ? '2' : '1');
    expect(residentIdBirthDate(wrongCheck)).toBeNull();
    expect(residentIdBirthDate(residentId('19900230'))).toBeNull(); // no 30 February
    expect(residentIdBirthDate('1101051990030712')).toBeNull(); // 17 characters
  });

  it('needs anchors to be 18: the day before the 18th birthday is too young, the day itself is not', () => {
    expect(checkIdDocument('resident', residentId('20081126'), null, NOW)).toEqual({ rule: 'anchorAgeRule' });
    expect(checkIdDocument('resident', residentId('20081125'), null, NOW)).toEqual({
      birthDate: '2008-11-25',
    });
    expect(checkIdDocument('other', 'E12345678', '2008-11-26', NOW)).toEqual({ rule: 'anchorAgeRule' });
    expect(checkIdDocument('other', 'E12345678', '1985-06-01', NOW)).toEqual({ birthDate: '1985-06-01' });
    expect(checkIdDocument('other', 'E12345678', null, NOW)).toEqual({ rule: 'idNumberInvalid' });
  });
});

describe.each(databaseTargets)('anchors and live rooms on $name', (target) => {
  let app: FastifyInstance;
  let java: JavaClient;
  let fixtures: ReturnType<typeof people>;
  let admin: { uid: number; token: string };
  const call = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
    java.call(method, url, { token, body, headers: { lan: 'en_US' } });

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create({ poolSize: 10 }) });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    fixtures = people(app, java);
    admin = await fixtures.person(['user', 'admin']);
  });

  it('refuses applications with a bad checksum, under 18, a missing photo or no bound phone, each with its message', async () => {
    const user = await fixtures.person();
    const apply = async (over: Record<string, unknown>, token = user.token) =>
      call('POST', '/V2/anchor/user', token, await fixtures.application(token, over));
    const good = residentId('19900307');
    const badChecksum = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    expect(await apply({ idNumber: badChecksum })).toMatchObject({
      status: 'fail',
      errorMsg: 'The ID number is not valid',
    });
    expect(await apply({ idNumber: residentId('20100101') })).toMatchObject({
      errorMsg: 'Anchors must be 18 or over',
    });
    expect(await apply({ photoHolding: null })).toMatchObject({
      errorMsg: 'All three ID photos are required: front, back and holding the ID',
    });
    // A photo id of somebody else's upload is as good as none.
    const other = await fixtures.person();
    expect(await apply({ photoBack: await fixtures.photo(other.token) })).toMatchObject({ errorCode: 6024 });
    const phoneless = await fixtures.person(['user'], { phone: false });
    expect(await apply({}, phoneless.token)).toMatchObject({ errorMsg: 'no phone bound' });
    expect((await call('GET', '/anchor/whether', user.token)).result).toMatchObject({ state: 'none' });
    const accepted = await apply({});
    expect(accepted.result).toMatchObject({ state: 'review', idNumber: `110***********${good.slice(-4)}` });
    expect(await apply({})).toMatchObject({ errorCode: 4014 });
  });

  it('keeps ID photos private: the applicant and reviewers see them, nobody else, and never under /uploads', async () => {
    const user = await fixtures.person();
    const sent = await call('POST', '/V2/anchor/user', user.token, await fixtures.application(user.token));
    const front: string = sent.result.photos.front;
    expect(front).toMatch(/^\/anchor-id-photos\/[0-9a-f]{32}$/);
    const as = async (token?: string) =>
      (await app.inject({ method: 'GET', url: front, headers: token ? { token } : {} })).statusCode;
    expect(await as(user.token)).toBe(200);
    expect(await as(admin.token)).toBe(200);
    expect(await as((await fixtures.person()).token)).toBe(404);
    expect(await as()).toBe(401);
  });

  it("shows ID photos in the pages' <img> with the login cookie, to no other site", async () => {
    const user = await fixtures.person();
    const sent = await call('POST', '/V2/anchor/user', user.token, await fixtures.application(user.token));
    const front: string = sent.result.photos.front;
    // An <img> sends the cookie and the browser's word on where the request comes from, no header of ours.
    const img = async (token: string, site?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: front,
          cookies: { token },
          headers: site ? { 'sec-fetch-site': site } : {},
        })
      ).statusCode;
    expect(await img(user.token, 'same-origin')).toBe(200);
    expect(await img(admin.token, 'same-origin')).toBe(200);
    expect(await img(user.token, 'none')).toBe(200); // opened in a tab of its own
    expect(await img((await fixtures.person()).token, 'same-origin')).toBe(404);
    for (const site of ['cross-site', 'same-site', undefined]) expect(await img(user.token, site)).toBe(401);
  });

  it('lets an administrator approve, reject with a reason, ban and unban, each audited', async () => {
    const user = await fixtures.person();
    await call('POST', '/V2/anchor/user', user.token, await fixtures.application(user.token));
    const queue = await call('GET', '/admin/anchor/applications', admin.token);
    expect(queue.result.list.map((a: { userId: number }) => a.userId)).toContain(user.uid);
    expect(await call('GET', '/admin/anchor/applications', user.token)).toMatchObject({ errorCode: 1004 });
    const review = (action: string, reason = '') =>
      call('POST', '/admin/anchor/review', admin.token, { userId: user.uid, action, reason });
    expect(await review('reject')).toMatchObject({ status: 'fail', errorCode: 1002 }); // a reason is required
    expect((await review('reject', 'The photo is blurred')).result).toMatchObject({
      state: 'rejected',
      rejectReason: 'The photo is blurred',
    });
    // Rejected: the applicant applies again.
    await call('POST', '/V2/anchor/user', user.token, await fixtures.application(user.token));
    expect((await review('approve')).result.state).toBe('approved');
    expect((await review('ban', 'Advertising')).result).toMatchObject({
      state: 'banned',
      banReason: 'Advertising',
    });
    expect((await review('unban')).result.state).toBe('approved');
    const audited = await app.services.database.db
      .select({ action: adminActions.action, reason: adminActions.reason })
      .from(adminActions)
      .where(eq(adminActions.targetId, user.uid));
    expect(audited.map((a) => a.action)).toEqual([
      'anchor_reject',
      'anchor_approve',
      'anchor_ban',
      'anchor_unban',
    ]);
  });

  it('requires a title, a cover, and a linked match in progress or starting within 1 hour', async () => {
    const anchor = await fixtures.anchor(admin);
    const save = (over: Record<string, unknown>) =>
      call('POST', '/anchor/liveInfo', anchor.token, {
        title: 'Derby',
        cover: 'https://example.com/c.jpg',
        gameId: 202,
        ...over,
      });
    expect(await save({ title: '' })).toMatchObject({ errorMsg: 'Live title is required' });
    expect(await save({ cover: '' })).toMatchObject({ errorMsg: 'A cover is required' });
    // The settings page sends null before a cover is chosen.
    expect(await save({ cover: null })).toMatchObject({ errorMsg: 'A cover is required' });
    expect(await save({ matchId: 999999 })).toMatchObject({
      errorMsg: 'Only matches in progress or starting within 1 hour can be selected',
    });
    expect((await save({ customTag: 'Chat' })).result).toMatchObject({ customTag: 'Chat', matchId: null });
  });

  it('checks detail pictures are 1:1 on the server', async () => {
    const anchor = await fixtures.anchor(admin);
    const upload = async (width: number, height: number) =>
      java.call('POST', '/anchor/picture?kind=detail', {
        token: anchor.token,
        body: await png(width, height),
        headers: { 'content-type': 'image/png', lan: 'en_US' },
      });
    expect(await upload(80, 60)).toMatchObject({ errorMsg: 'Detail pictures must be square (1:1)' });
    const square = await upload(80, 80);
    expect(square.result.url).toMatch(/^\/uploads\/anchors\//);
    const cover = await java.call('POST', '/anchor/picture?kind=cover', {
      token: anchor.token,
      body: await png(160, 90),
      headers: { 'content-type': 'image/png' },
    });
    const update = (pictures: string[]) =>
      call('POST', '/updateAnchor', anchor.token, { introduction: 'Hi', detail: 'More', pictures });
    expect(await update([cover.result.url])).toMatchObject({ errorCode: 6025 }); // not square
    expect(await update(['https://example.com/x.jpg'])).toMatchObject({ errorCode: 6025 }); // not an own upload
    expect((await update([square.result.url])).status).toBe('success');
    const profile = await call('GET', `/anchorInfo?anchorId=${anchor.uid}`);
    expect(profile.result).toMatchObject({
      introduction: 'Hi',
      detail: 'More',
      pictures: [square.result.url],
    });
  });

  it('starts live only once the push arrives, ends it after the grace period when the push stops, and keeps the record', async () => {
    const anchor = await fixtures.anchor(admin);
    const { liveRooms } = app.services;
    const events: unknown[] = [];
    await app.services.bus.subscribe(LIVE_STATUS_EVENT, (message) => events.push(message));
    expect(await call('POST', '/anchor/broadcast', anchor.token)).toMatchObject({
      errorMsg: 'No stream is arriving: start the push in your streaming tool first',
    });
    // The media layer admits the push (as it does after the publish check).
    await liveRooms.broadcasts.published(`room-${anchor.roomId}`);
    expect((await call('GET', '/anchor/isBroadcast', anchor.token)).result).toMatchObject({
      live: false,
      canStart: true,
    });
    expect((await call('POST', '/anchor/broadcast', anchor.token)).result).toMatchObject({ live: true });
    expect(await liveRooms.chatRoom(anchor.roomId)).toMatchObject({
      live: true,
      open: true,
      anchorUserId: anchor.uid,
    });
    const viewer = await fixtures.person();
    expect(
      (await call('POST', '/live/heartbeat', viewer.token, { roomId: anchor.roomId })).result.viewers,
    ).toBe(1);
    // The anchor's broadcast panel shows who watches.
    expect((await call('GET', '/anchor/isBroadcast', anchor.token)).result).toMatchObject({ viewers: 1 });

    await liveRooms.broadcasts.unpublished(`room-${anchor.roomId}`);
    const lostAt = Date.now();
    expect(await liveRooms.endLostLives(new Date(lostAt + (DEFAULT_GRACE_SECONDS - 5) * 1000))).toEqual([]);
    expect((await liveRooms.chatRoom(anchor.roomId))?.live).toBe(true);
    expect(await liveRooms.endLostLives(new Date(lostAt + (DEFAULT_GRACE_SECONDS + 5) * 1000))).toEqual([
      anchor.roomId,
    ]);
    expect((await liveRooms.chatRoom(anchor.roomId))?.live).toBe(false);
    const records = await call('GET', '/liveRecord', anchor.token);
    expect(records.result.list[0]).toMatchObject({
      peakViewers: 1,
      endedBy: 'push_lost',
      roomId: anchor.roomId,
    });
    expect(events).toEqual(
      expect.arrayContaining([
        { roomId: anchor.roomId, live: true },
        { roomId: anchor.roomId, live: false },
      ]),
    );
  });

  it('lets a banned anchor neither push nor start live, and closes its room', async () => {
    const anchor = await fixtures.anchor(admin);
    const { liveRooms } = app.services;
    await liveRooms.broadcasts.published(`room-${anchor.roomId}`);
    await call('POST', '/anchor/broadcast', anchor.token);
    expect(await liveRooms.anchors.roomForKey(anchor.streamKey, '127.0.0.1')).toBe(anchor.roomId);
    await call('POST', '/admin/anchor/review', admin.token, {
      userId: anchor.uid,
      action: 'ban',
      reason: 'Violence',
    });
    expect(await liveRooms.anchors.roomForKey(anchor.streamKey, '127.0.0.1')).toBeNull();
    expect(await call('POST', '/anchor/broadcast', anchor.token)).toMatchObject({
      errorMsg: 'You are banned from broadcasting',
    });
    expect(await liveRooms.chatRoom(anchor.roomId)).toMatchObject({ open: false, live: false });
    expect(await liveRooms.isBannedAnchor(anchor.uid)).toBe(true);
    const [record] = await app.services.database.db
      .select()
      .from(liveRecords)
      .where(eq(liveRecords.roomId, anchor.roomId));
    expect(record?.endedBy).toBe('ban');
  });

  it('refuses a push from an IP off the allow-list, and a wrong key', async () => {
    const anchor = await fixtures.anchor(admin);
    const { anchors } = app.services.liveRooms;
    await call('POST', '/addIpWhite', anchor.token, { ips: ['203.0.113.7'] });
    expect(await anchors.roomForKey(anchor.streamKey, '198.51.100.1')).toBeNull();
    expect(await anchors.roomForKey(anchor.streamKey, '::ffff:203.0.113.7')).toBe(anchor.roomId);
    expect(await anchors.roomForKey(`${anchor.streamKey}x`, '203.0.113.7')).toBeNull();
    expect((await call('GET', '/getAnchorIP', anchor.token)).result.allowList).toEqual(['203.0.113.7']);
  });

  it('charges a paid room once, also when the unlock is sent 20 times at once, and the ledger audit passes', async () => {
    const anchor = await fixtures.anchor(admin, { access: 'paid', price: 30 });
    const viewer = await fixtures.person();
    const before = (await call('GET', '/user/userGold', viewer.token)).result.coins;
    const view = await call('GET', `/live/room/${anchor.roomId}`, viewer.token);
    expect(view.result.viewerAccess).toEqual({ state: 'locked', need: 'paid', price: 30 });
    const unlocks = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/orderpay/match/pay/liveUnlock', viewer.token, { roomId: anchor.roomId }),
      ),
    );
    expect(unlocks.every((u) => u.status === 'success')).toBe(true);
    expect(unlocks.reduce((sum, u) => sum + u.result.charged, 0)).toBe(30);
    expect((await call('GET', '/user/userGold', viewer.token)).result.coins).toBe(before - 30);
    const rows = await app.services.database.db
      .select()
      .from(coinRecords)
      .where(and(eq(coinRecords.userId, viewer.uid), eq(coinRecords.type, 'live_unlock')));
    expect(rows).toHaveLength(1);
    expect((await call('GET', `/live/room/${anchor.roomId}`, viewer.token)).result.viewerAccess).toEqual({
      state: 'open',
    });
    expect(await app.services.wallet.audit()).toEqual([]);
    const poor = await fixtures.person();
    await app.services.database.db.update(users).set({ coins: 10 }).where(eq(users.uid, poor.uid));
    expect(
      await call('POST', '/orderpay/match/pay/liveUnlock', poor.token, { roomId: anchor.roomId }),
    ).toMatchObject({
      errorCode: 4005,
    });
  });

  it('gives a non-member of a VIP-only room a trial, then asks for VIP; a VIP plays; SVIP rooms need SVIP', async () => {
    const vipRoom = await fixtures.anchor(admin, { access: 'vip' });
    const svipRoom = await fixtures.anchor(admin, { access: 'svip' });
    const fan = await fixtures.person();
    const room = (id: number, token?: string) => call('GET', `/live/room/${id}`, token);
    expect((await room(vipRoom.roomId)).result.viewerAccess).toMatchObject({
      state: 'locked',
      need: 'login',
    });
    const trial = (await room(vipRoom.roomId, fan.token)).result.viewerAccess;
    expect(trial).toMatchObject({ state: 'trial', trialSeconds: 180 });
    // The trial started 181 seconds ago: it is over.
    await app.services.database.db
      .update(liveTrials)
      .set({ startedAt: new Date(Date.now() - 181_000) })
      .where(eq(liveTrials.userId, fan.uid));
    expect((await room(vipRoom.roomId, fan.token)).result).toMatchObject({
      viewerAccess: { state: 'locked', need: 'vip' },
      lines: [],
    });
    const vip = await fixtures.person();
    const month = new Date(Date.now() + 30 * 86_400_000);
    await app.services.database.db.update(users).set({ vipExpiresAt: month }).where(eq(users.uid, vip.uid));
    expect((await room(vipRoom.roomId, vip.token)).result.viewerAccess).toEqual({ state: 'open' });
    expect((await room(svipRoom.roomId, vip.token)).result.viewerAccess).toMatchObject({
      state: 'locked',
      need: 'svip',
    });
    await app.services.database.db.update(users).set({ svipExpiresAt: month }).where(eq(users.uid, vip.uid));
    expect((await room(svipRoom.roomId, vip.token)).result.viewerAccess).toEqual({ state: 'open' });
  });

  it('links only a match in progress or starting within 1 hour, and tells the match page which room shows it', async () => {
    const now = Date.now();
    await app.services.matches.store.upsertFixtures(
      SOURCE,
      matchFixtures([
        soccerMatch(
          'playing',
          'red',
          'blue',
          new Date(now - 30 * 60_000),
          soccer.advance(soccer.initial(), createRng(1), 1800).state,
        ),
        soccerMatch('soon', 'blue', 'green', new Date(now + 30 * 60_000)),
        soccerMatch('later', 'green', 'red', new Date(now + 3 * 3600_000)),
      ]),
    );
    const byStart = app.services.matches.list({ gameIds: [202] }).sort((a, b) => a.startTime - b.startTime);
    const [playing, soon, later] = byStart.slice(-3) as [MatchSummary, MatchSummary, MatchSummary];
    expect(playing.status).toBe('in_progress');
    const anchor = await fixtures.anchor(admin);
    const save = (matchId: number) =>
      call('POST', '/anchor/liveInfo', anchor.token, {
        title: 'Derby',
        cover: 'https://example.com/c.jpg',
        gameId: 0,
        matchId,
      });
    expect(await save(later.id)).toMatchObject({ errorCode: 6017 });
    expect((await save(soon.id)).result.matchId).toBe(soon.id);
    expect((await save(playing.id)).result).toMatchObject({ matchId: playing.id, gameId: 202 });

    // The room carries the match's recent versions: a page opened just after a goal shows the
    // score its video shows first (decision 038).
    const scored = {
      ...playing,
      seq: playing.seq + 1,
      score: { ...playing.score, home: playing.score.home + 1 },
    };
    await app.services.bus.publish(MATCHES_CHANGED, { summary: scored });
    await vi.waitFor(() => expect(app.services.matches.board.get(playing.id)?.seq).toBe(scored.seq));
    const { result: room } = await call('GET', `/live/room/${anchor.roomId}`);
    expect(room.match.score).toEqual(scored.score);
    expect(room.matchVersions.map(({ match }: { match: MatchSummary }) => [match.seq, match.score])).toEqual([
      [playing.seq, playing.score],
      [scored.seq, scored.score],
    ]);
    expect(room.matchVersions[1].ageMs).toBeLessThan(5000);

    // A fan reserves the anchor's commentary of the later match, and hears when the anchor goes live.
    expect(
      (await call('POST', '/anchor/toggleMatchId', anchor.token, { matchId: later.id })).result.reserved,
    ).toBe(true);
    const profile = await call('GET', `/anchorInfo?anchorId=${anchor.uid}`);
    const [entry] = profile.result.schedule;
    expect(entry.match.id).toBe(later.id);
    const fan = await fixtures.person();
    expect((await call('POST', '/live/reserve', fan.token, { scheduleId: entry.id })).result.reserved).toBe(
      true,
    );
    const notices: unknown[] = [];
    await app.services.bus.subscribe(`user:${fan.uid}`, (message) => notices.push(message));
    await app.services.liveRooms.broadcasts.published(`room-${anchor.roomId}`);
    await call('POST', '/anchor/broadcast', anchor.token);
    expect(notices).toContainEqual(expect.objectContaining({ type: 'live:started', roomId: anchor.roomId }));

    const onMatch = await call('GET', `/user/isMatchLive/${playing.id}/202`);
    expect(onMatch.result).toMatchObject({ live: true, roomId: anchor.roomId });
    const anchorsLive = await call('GET', `/getAnchorMatchLive?matchId=${playing.id}`);
    expect(anchorsLive.result.map((a: { anchorId: number }) => a.anchorId)).toEqual([anchor.uid]);
    expect((await call('GET', `/user/isMatchLive/${soon.id}/202`)).result).toMatchObject({
      live: false,
      roomId: null,
    });
  });

  it("lets a signed-in viewer clip the broadcast's last 30 seconds, once per 30 seconds, listed with the room's clips and not the match's", async () => {
    const anchor = await fixtures.anchor(admin);
    const viewer = await fixtures.person();
    const clip = (token?: string) => call('POST', '/live/clips', token, { roomId: anchor.roomId });
    const { db } = app.services.database;
    const { replays } = app.services.liveRooms;

    expect(await clip(viewer.token)).toMatchObject({ errorCode: MESSAGES.noLiveBroadcast.code });
    const startedAt = new Date(Date.now() - 10_000);
    const [record] = await db
      .insert(liveRecords)
      .values({
        roomId: anchor.roomId,
        anchorId: anchor.uid,
        title: 'Derby night',
        matchId: 9_003,
        startedAt,
      })
      .returning();
    // On air without a recording (a robot relay, a push to another ingest): nothing to cut from.
    expect(await clip(viewer.token)).toMatchObject({
      errorCode: MESSAGES.clipUnavailable.code,
      errorMsg: 'This broadcast is not recorded, so it cannot be clipped',
    });
    await db
      .insert(liveRecordings)
      .values({ roomId: anchor.roomId, folder: `clip-test-${anchor.roomId}`, startedAt });
    expect(await clip()).toMatchObject({ errorCode: MESSAGES.pleaseLogIn.code });

    const made = (await clip(viewer.token)).result;
    // A second press within the stretch (or a retried request) is the same clip.
    expect((await clip(viewer.token)).result).toEqual(made);
    // Listed once recorded to its end; it starts no earlier than the broadcast.
    expect(await replays.clips({ roomId: anchor.roomId }, 10)).toEqual([]);
    const later = new Date(Date.parse(made.readyAt) + 1000);
    const [listed] = await replays.clips({ roomId: anchor.roomId }, 10, later);
    expect(listed).toMatchObject({ id: made.id, score: null, scoredAt: null, clippedBy: viewer.username });
    expect(listed?.seconds).toBeLessThanOrEqual(11);
    // Not a moment of the match: its lists show only what the match cut.
    expect(await replays.clips({ matchId: 9_003 }, 10, later)).toEqual([]);
    await db
      .update(liveRecords)
      .set({ endedAt: new Date() })
      .where(eq(liveRecords.id, record?.id ?? 0));
  });

  it('gives the demo replay and its goal clip a finished football match once the simulator has one', async () => {
    const anchor = await fixtures.anchor(admin);
    const { db } = app.services.database;
    const [record] = await db
      .insert(liveRecords)
      .values({ roomId: anchor.roomId, anchorId: anchor.uid, title: 'Demo replay', startedAt: new Date() })
      .returning();
    const recordId = record?.id ?? 0;
    await db.insert(liveClips).values({
      recordId,
      roomId: anchor.roomId,
      key: `demo:${recordId}`,
      score: '1-0',
      fromAt: new Date(),
      toAt: new Date(),
    });
    const linked = async () => {
      const [clip] = await db.select().from(liveClips).where(eq(liveClips.recordId, recordId));
      const [replay] = await db.select().from(liveRecords).where(eq(liveRecords.id, recordId));
      return [clip?.matchId, replay?.matchId];
    };
    // No finished match yet (the simulator is still filling): nothing to link, and no failure.
    await linkDemoReplay(db, () => []);
    expect(await linked()).toEqual([null, null]);
    const finished = [
      { id: 9_101, gameId: 101 },
      { id: 9_202, gameId: 202 },
    ] as MatchSummary[];
    await linkDemoReplay(db, () => finished);
    expect(await linked()).toEqual([9_202, 9_202]);
    // Linked once: a later run changes nothing.
    await linkDemoReplay(db, () => finished.slice(0, 1));
    expect(await linked()).toEqual([9_202, 9_202]);
  });

  it('lists rooms by game and follows the anchor', async () => {
    const anchor = await fixtures.anchor(admin, { gameId: 1, title: 'Worlds watch party' });
    const list = await call('GET', '/live/rooms?gameId=1');
    expect(list.result.list.map((r: { roomId: number }) => r.roomId)).toContain(anchor.roomId);
    const fan = await fixtures.person();
    expect((await call('POST', '/anchor/follow', fan.token, { anchorId: anchor.uid })).result).toEqual({
      following: true,
      followers: 1,
    });
    expect((await call('GET', `/live/room/${anchor.roomId}`, fan.token)).result.anchor.following).toBe(true);
    expect((await call('GET', `/app/getProclamation?roomId=${anchor.roomId}`)).result.roomId).toBe(
      anchor.roomId,
    );
    expect(await app.services.liveRooms.isBannedAnchor(fan.uid)).toBe(false);
  });
});
