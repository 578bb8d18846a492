import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminActions, coinRecords, follows, users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { grant, transactionsOf } from '../../test/ledger';
import {
  type ChatEvent,
  EMOTE_MAX_BYTES,
  EMOTE_SIZE,
  MAX_ROOM_EMOTES,
  type RoomEmote,
} from './chat.contract';
import { MIN_LEVEL_SETTING } from './chat.service';
import { ANCHOR_SHARE_SETTING } from './gifts.service';
import { catalogueText, chatClient, fakeLiveRooms, listen, person, useFakeLiveRooms } from './test-helpers';

let app: FastifyInstance;
let java: JavaClient;
let base: string;
const live = fakeLiveRooms();
let anchor: Awaited<ReturnType<typeof person>>;
let roomId = 100;

type Who = { token: string } | null;
const call = (method: 'GET' | 'POST', url: string, who: Who, body?: unknown, lan = 'en_US') =>
  java.call(method, url, { body, token: who?.token, headers: { lan } });
const say = (who: Who, text: string, room = roomId, lan = 'en_US') =>
  call('POST', '/sendMsg', who, { roomId: room, text }, lan);

/** A new open, live room of `anchor`, for one test. */
function openRoom(
  over: Partial<{ live: boolean; open: boolean; externalComments: boolean; moderatorLimit: number }> = {},
) {
  roomId += 1;
  live.rooms.set(roomId, {
    roomId,
    anchorUserId: anchor.uid,
    open: true,
    live: true,
    externalComments: true,
    moderatorLimit: 2,
    ...over,
  });
  return roomId;
}

beforeAll(async () => {
  app = await buildTestApp();
  cleanUpAfterFile(() => app.close());
  useFakeLiveRooms(app, live);
  java = javaClient(app);
  base = await listen(app);
  anchor = await person(app, ['user', 'anchor']);
});

beforeEach(() => {
  openRoom();
});

/** Expects the call to fail with the catalogue message of `key`, in en_US and zh_CN alike. */
async function refused(key: string, attempt: (lan: string) => Promise<{ errorMsg: string; status: string }>) {
  for (const lan of ['en_US', 'zh_CN']) {
    const answer = await attempt(lan);
    expect(answer.status, `${key} in ${lan}`).toBe('fail');
    expect(answer.errorMsg, `${key} in ${lan}`).toBe(catalogueText(lan, key));
  }
}

describe('chat rules', () => {
  it('asks a guest to log in', async () => {
    await refused('pleaseLogIn', (lan) => say(null, 'hello', roomId, lan));
  });

  it('refuses a closed room, and a room that is not broadcasting', async () => {
    const viewer = await person(app);
    const closed = openRoom({ open: false });
    await refused('chatRoomNotOpen', (lan) => say(viewer, 'hello', closed, lan));
    await refused('chatRoomNotOpen', (lan) => say(viewer, 'hello', 99_999, lan));
    const offAir = openRoom({ live: false });
    await refused('noLiveBroadcast', (lan) => say(viewer, 'hello', offAir, lan));
  });

  it('refuses a user below the minimum level, but not the anchor', async () => {
    const newcomer = await person(app, ['user'], 0);
    await app.services.settings.set(MIN_LEVEL_SETTING, 3);
    try {
      await refused('levelTooLow', (lan) => say(newcomer, 'hello', roomId, lan));
      await app.services.database.db.update(users).set({ level: 0 }).where(eq(users.uid, anchor.uid));
      expect((await say(anchor, 'welcome')).status).toBe('success');
    } finally {
      await app.services.settings.set(MIN_LEVEL_SETTING, 0);
    }
  });

  it('refuses sensitive words, folded past spaces and case, with the list comments use', async () => {
    const viewer = await person(app);
    await refused('contentNonCompliant', (lan) => say(viewer, `this is F u C k ${lan}`, roomId, lan));
    await refused('contentNonCompliant', (lan) => say(viewer, `去 赌博网站 看看 ${lan}`, roomId, lan));
  });

  it('lets only the anchor and moderators speak when external comments are off', async () => {
    const room = openRoom({ externalComments: false });
    const [viewer, moderator] = [await person(app), await person(app)];
    await refused('noPermission', (lan) => say(viewer, `hello ${lan}`, room, lan));
    await call('POST', '/chatroom/operate', anchor, {
      action: 'appoint',
      roomId: room,
      userId: moderator.uid,
    });
    expect((await say(moderator, 'moderator here', room)).status).toBe('success');
    expect((await say(anchor, 'anchor here', room)).status).toBe('success');
  });

  it('refuses a banned anchor in every room', async () => {
    const banned = await person(app, ['user', 'anchor']);
    live.banned.add(banned.uid);
    await refused('muted', (lan) => say(banned, `hello ${lan}`, roomId, lan));
  });

  it('refuses a repeated message, a flood and an over-long text', async () => {
    const [repeating, flooding] = [await person(app), await person(app)];
    expect((await say(repeating, 'gg')).status).toBe('success');
    await refused('sendFailed', (lan) => say(repeating, 'GG', roomId, lan));
    for (let i = 1; i <= 5; i++) expect((await say(flooding, `message ${i}`)).status).toBe('success');
    await refused('tooManyRequests', (lan) => say(flooding, `one too many ${lan}`, roomId, lan));
    const long = await say(await person(app), 'x'.repeat(201));
    expect(long).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(long.result.issues[0]).toMatchObject({ field: 'text' });
  });
});

describe('moderation', () => {
  it('a moderator mutes for a time in the room; an admin mutes platform-wide; each action is audited', async () => {
    const [moderator, viewer, admin] = [
      await person(app),
      await person(app),
      await person(app, ['user', 'admin']),
    ];
    const operate = (who: Who, body: object) => call('POST', '/chatroom/operate', who, { roomId, ...body });
    expect((await operate(viewer, { action: 'appoint', userId: moderator.uid })).errorCode).toBe(1017);
    // Without the right, nothing is learnt of the target: an unknown account is refused the same way.
    for (const action of ['appoint', 'mute'])
      expect((await operate(viewer, { action, userId: 987_654 })).errorCode).toBe(1017);
    expect((await operate(anchor, { action: 'appoint', userId: moderator.uid })).status).toBe('success');

    expect((await operate(moderator, { action: 'mute', userId: viewer.uid, minutes: 10 })).status).toBe(
      'success',
    );
    for (const lan of ['en_US', 'zh_CN'])
      expect((await say(viewer, `hi ${lan}`, roomId, lan)).errorMsg).toBe(catalogueText(lan, 'muted'));
    const cardAsSeenBy = (who: Who, room = roomId) =>
      call('GET', `/chatroom/userInfo?roomId=${room}&userId=${viewer.uid}`, who);
    for (const who of [viewer, moderator]) {
      const card = await cardAsSeenBy(who);
      expect(card.result).toMatchObject({ uid: viewer.uid, level: 1, mutedPlatformWide: false });
      expect(Date.parse(card.result.mutedUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
    }
    // Anyone else sees the card without the mute.
    for (const who of [null, await person(app)])
      expect((await cardAsSeenBy(who)).result).toMatchObject({ uid: viewer.uid, mutedUntil: null });
    // Muted here only: another room hears the viewer.
    const other = openRoom();
    expect((await say(viewer, 'elsewhere', other)).status).toBe('success');

    // Platform-wide is for administrators; it reaches every room.
    const platform = { action: 'mute', userId: viewer.uid, minutes: 0, platform: true };
    expect((await operate(moderator, platform)).errorCode).toBe(1017);
    expect((await operate(admin, platform)).status).toBe('success');
    expect((await say(viewer, 'anywhere', other)).errorMsg).toBe(catalogueText('en_US', 'muted'));
    expect((await cardAsSeenBy(viewer, other)).result).toMatchObject({
      mutedUntil: 'permanent',
      mutedPlatformWide: true,
    });

    // Moderators do not mute the anchor.
    expect((await operate(moderator, { action: 'mute', userId: anchor.uid })).errorCode).toBe(1017);

    const rows = await app.services.database.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetId, viewer.uid), like(adminActions.action, '%chat%')));
    expect(rows.map((r) => [r.actorId, r.action])).toEqual([
      [moderator.uid, 'mute_chat_user'],
      [admin.uid, 'mute_chat_user'],
    ]);
  });

  it('a mute made from the room reaches the room at once, as the muted user will stand there', async () => {
    const [viewer, admin] = [await person(app), await person(app, ['user', 'admin'])];
    const client = await chatClient(base);
    client.join(roomId);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    const operate = (body: object) =>
      call('POST', '/chatroom/operate', anchor, { roomId, userId: viewer.uid, ...body });
    const mutesOfViewer = () =>
      client.events().flatMap((e) => (e.kind === 'mute' && e.userId === viewer.uid ? [e.mutedUntil] : []));

    await operate({ action: 'mute', minutes: 1 });
    await client.until(() => mutesOfViewer().length === 1, 'the timeout');
    expect(Date.parse(mutesOfViewer()[0] ?? '')).toBeGreaterThan(Date.now() + 50_000);
    // Lifting the room's mute leaves a platform-wide one standing: the event says so.
    await call('POST', '/chatroom/operate', admin, {
      roomId,
      userId: viewer.uid,
      action: 'mute',
      minutes: 0,
      platform: true,
    });
    await operate({ action: 'unmute' });
    await client.until(() => mutesOfViewer().length === 3, 'the platform mute and the lift');
    expect(mutesOfViewer().slice(1)).toEqual(['permanent', 'permanent']);
    const history = await call('GET', `/live/getChatroomSpeech?roomId=${roomId}`, null);
    expect(history.result.list).toEqual([]);
  });

  it('a platform mute from the admin console reaches at once the rooms its user chatted in lately', async () => {
    const [viewer, admin] = [await person(app), await person(app, ['user', 'admin'])];
    const [chatted, quiet] = [roomId, openRoom()];
    expect((await say(viewer, 'hello', chatted)).status).toBe('success');
    const [inChatted, inQuiet] = await Promise.all([chatClient(base), chatClient(base)]);
    inChatted.join(chatted);
    inQuiet.join(quiet);
    for (const client of [inChatted, inQuiet])
      await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    const mutes = (client: typeof inChatted) =>
      client.events().flatMap((e) => (e.kind === 'mute' && e.userId === viewer.uid ? [e.mutedUntil] : []));

    const muted = await call('POST', '/admin/users/mute', admin, {
      uid: viewer.uid,
      action: 'mute',
      minutes: 1440,
      reason: 'spam',
    });
    expect(muted.status).toBe('success');
    await inChatted.until(() => mutes(inChatted).length === 1, 'the platform mute');
    expect(Date.parse(mutes(inChatted)[0] ?? '')).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The room it never spoke in is not told.
    expect(mutes(inQuiet)).toEqual([]);
  });

  it("the anchor appoints up to the room's moderator count, and the room is told of each seat", async () => {
    const [a, b, c] = [await person(app), await person(app), await person(app)];
    const client = await chatClient(base);
    client.join(roomId);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    const appoint = (userId: number) =>
      call('POST', '/chatroom/operate', anchor, { action: 'appoint', roomId, userId });
    expect((await appoint(a.uid)).status).toBe('success');
    expect((await appoint(b.uid)).status).toBe('success');
    expect((await appoint(c.uid)).status).toBe('fail');
    const { result } = await call('GET', `/chatroom/moderators?roomId=${roomId}`, anchor);
    expect(result).toMatchObject({ limit: 2, list: [{ uid: a.uid }, { uid: b.uid }] });
    await call('POST', '/chatroom/operate', anchor, { action: 'dismiss', roomId, userId: a.uid });
    expect((await appoint(c.uid)).status).toBe('success');
    const seats = () =>
      client.events().flatMap((e) => (e.kind === 'moderator' ? [[e.userId, e.moderator]] : []));
    await client.until(() => seats().length === 4, 'four seats told');
    expect(seats()).toEqual([
      [a.uid, true],
      [b.uid, true],
      [a.uid, false],
      [c.uid, true],
    ]);
    await client.close();
  });

  it('the anchor appoints by the username a person knows, in any case; a moderator mutes by it too', async () => {
    const room = openRoom();
    const [moderator, viewer] = [await person(app), await person(app)];
    const operate = (who: Who, body: object) =>
      call('POST', '/chatroom/operate', who, { roomId: room, ...body });
    const appointed = await operate(anchor, {
      action: 'appoint',
      username: moderator.username.toUpperCase(),
    });
    expect(appointed.status).toBe('success');
    const { result } = await call('GET', `/chatroom/moderators?roomId=${room}`, anchor);
    expect(result.list).toMatchObject([{ uid: moderator.uid }]);
    expect((await operate(moderator, { action: 'mute', username: viewer.username })).status).toBe('success');
    expect((await say(viewer, 'still here?', room)).errorMsg).toBe(catalogueText('en_US', 'muted'));

    const unknown = await operate(anchor, { action: 'appoint', username: 'nobody-by-this-name' });
    expect(unknown.errorMsg).toBe(catalogueText('en_US', 'accountNotFound'));
    const nobody = await operate(anchor, { action: 'appoint' });
    expect(nobody).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(nobody.result.issues[0]).toMatchObject({ field: 'username' });
  });

  it('a moderator deletes a message: every connected client and the history lose it', async () => {
    const [moderator, viewer] = [await person(app), await person(app)];
    await call('POST', '/chatroom/operate', anchor, { action: 'appoint', roomId, userId: moderator.uid });
    const clients = [await chatClient(base), await chatClient(base)];
    for (const client of clients) {
      client.join(roomId);
      await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    }
    const kept = await say(viewer, 'a fair comment');
    const spam = await say(viewer, 'buy followers at example.com');
    for (const client of clients)
      await client.until(() => client.events().some((e) => e.seq === spam.result.seq), 'the message');

    expect((await call('POST', '/chatroom/delete', viewer, { roomId, seq: spam.result.seq })).errorCode).toBe(
      1017,
    );
    expect((await call('POST', '/chatroom/delete', moderator, { roomId, seq: spam.result.seq })).status).toBe(
      'success',
    );
    for (const client of clients) {
      await client.until(
        () => client.events().some((e) => e.kind === 'del' && e.target === spam.result.seq),
        'the deletion',
      );
    }
    const history = await call('GET', `/live/getChatroomSpeech?roomId=${roomId}`, null);
    expect(history.result.list.map((e: ChatEvent) => e.seq)).toEqual([kept.result.seq]);
    const fresh = await chatClient(base);
    fresh.join(roomId);
    await fresh.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    expect(fresh.events().map((e) => e.seq)).toEqual([kept.result.seq]);
    const [audited] = await app.services.database.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.actorId, moderator.uid), eq(adminActions.action, 'delete_chat_message')));
    expect(audited).toMatchObject({ targetId: viewer.uid, details: { roomId, seq: spam.result.seq } });
  });
});

describe('the pinned message', () => {
  it('is pinned by the anchor, its moderators or administrators, pushed to the room, and goes when its message is deleted', async () => {
    const room = openRoom();
    const [viewer, admin] = [await person(app), await person(app, ['user', 'admin'])];
    const pin = (who: Who, seq: number | null) => call('POST', '/chatroom/pin', who, { roomId: room, seq });
    const pinnedNow = async () => (await call('GET', `/chatroom/pinned?roomId=${room}`, null)).result;
    const said = (await say(viewer, 'Kick-off at 20:00, stream starts 19:45', room)).result;
    const client = await chatClient(base);
    client.join(room);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');

    expect((await pin(viewer, said.seq)).errorCode).toBe(1017);
    expect(await pinnedNow()).toBeNull();
    const pinned = (await pin(anchor, said.seq)).result;
    expect(pinned).toMatchObject({ seq: said.seq, text: 'Kick-off at 20:00, stream starts 19:45' });
    expect(pinned.sender.uid).toBe(viewer.uid);
    expect(await pinnedNow()).toEqual(pinned);
    await client.until(
      () => client.events().some((e) => e.kind === 'pin' && e.pinned?.seq === said.seq),
      'the pin pushed',
    );
    // Only a message is pinned, not a gift nor a deleted or unknown one.
    expect((await pin(anchor, said.seq + 1000)).errorCode).toBe(1001);

    // Its message deleted, the room is told it is pinned no more.
    await call('POST', '/chatroom/delete', admin, { roomId: room, seq: said.seq });
    await client.until(() => client.events().some((e) => e.kind === 'pin' && e.pinned === null), 'the unpin');
    expect(await pinnedNow()).toBeNull();

    const again = (await say(viewer, 'Half-time quiz at 20:45', room)).result;
    await pin(admin, again.seq);
    expect((await pin(anchor, null)).status).toBe('success');
    expect(await pinnedNow()).toBeNull();
    const actions = await app.services.database.db
      .select({ action: adminActions.action })
      .from(adminActions)
      .where(inArray(adminActions.action, ['pin_chat_message', 'unpin_chat_message']));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['pin_chat_message', 'pin_chat_message', 'unpin_chat_message']),
    );
    await client.close();
  });
});

describe('replies and mentions', () => {
  const reply = (who: Who, text: string, replyTo: number, room = roomId, lan = 'en_US') =>
    call('POST', '/sendMsg', who, { roomId: room, text, replyTo }, lan);

  it('quotes the message it answers and mentions its sender, pushed and in the history alike', async () => {
    const [asker, answerer] = [await person(app), await person(app)];
    const question = (await say(asker, `Who scores first tonight? ${'⚽'.repeat(90)}`)).result;
    const client = await chatClient(base);
    client.join(roomId);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');

    const answer = (await reply(answerer, 'The number 9, surely', question.seq)).result;
    expect(answer.reply).toEqual({
      seq: question.seq,
      uid: asker.uid,
      name: asker.username,
      // The start of the question, cut at a whole emoji.
      text: `Who scores first tonight? ${'⚽'.repeat(80 - 26)}…`,
    });
    expect(answer.mentions).toEqual([asker.uid]);
    await client.until(
      () => client.events().some((e) => e.kind === 'msg' && e.reply?.seq === question.seq),
      'the reply pushed',
    );
    const history = (await call('GET', `/live/getChatroomSpeech?roomId=${roomId}`, null)).result;
    expect(history.list.find((e: ChatEvent) => e.seq === answer.seq)).toEqual(answer);
    await client.close();
  });

  it("cannot answer a deleted message, one never said or one of another room, and says so in the caller's language", async () => {
    const [asker, answerer] = [await person(app), await person(app)];
    const here = roomId;
    const said = (await say(asker, 'Penalty or not?', here)).result;
    await call('POST', '/chatroom/delete', anchor, { roomId: here, seq: said.seq });
    await refused('replyGone', (lan) => reply(answerer, 'Clear penalty', said.seq, here, lan));
    await refused('replyGone', (lan) => reply(answerer, 'Clear penalty', said.seq + 1000, here, lan));
    // Nor a message of another room.
    const other = openRoom();
    await say(asker, 'Offside?', other);
    const elsewhere = (await say(asker, 'Penalty or not?', other)).result;
    await refused('replyGone', (lan) => reply(answerer, 'No way', elsewhere.seq, here, lan));
  });

  it('mentions the users its @names name, whatever the case, but not its sender nor names no one has', async () => {
    const [fan, friend, other] = [await person(app), await person(app), await person(app)];
    const said = (
      await say(
        fan,
        `@${friend.username.toUpperCase()} and @${other.username}: kick-off! @nobodyhere @${fan.username}`,
      )
    ).result;
    expect([...said.mentions].sort()).toEqual([friend.uid, other.uid].sort());
    // An address is no mention, though a user has its host's name.
    const host = `mailbox${Date.now() % 1_000_000}`;
    await app.services.database.db.update(users).set({ username: host }).where(eq(users.uid, other.uid));
    const plain = (await say(fan, `No one named here, mail me at fan@${host}.com`)).result;
    expect(plain.mentions).toBeUndefined();
    expect(plain.reply).toBeUndefined();
  });
});

describe("a room's emotes", () => {
  const picture = (colour = '#1e88e5', format: 'png' | 'jpeg' | 'webp' = 'png') =>
    sharp({ create: { width: 200, height: 160, channels: 4, background: colour } })
      .toFormat(format)
      .toBuffer();
  const upload = (who: Who, room: number, code: string, body: Buffer, lan = 'en_US') =>
    java.call('POST', `/chatroom/emotes/upload?roomId=${room}&code=${encodeURIComponent(code)}`, {
      body,
      token: who?.token,
      headers: { lan },
    });
  const emotesOf = async (room: number) =>
    (await call('GET', `/chatroom/emotes?roomId=${room}`, null)).result;

  it('are uploaded by the anchor as square WebP pictures, replaced by code, and removed; the room is told each time', async () => {
    const room = openRoom();
    const client = await chatClient(base);
    client.join(room);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    const told = () => client.events().flatMap((e) => (e.kind === 'emotes' ? [e.emotes] : []));
    const added = await upload(anchor, room, 'Goal', await picture());
    expect(added.result).toEqual([
      { code: 'goal', url: expect.stringMatching(/^\/uploads\/emotes\/.+\.webp$/) },
    ]);
    const stored = await app.inject({ method: 'GET', url: added.result[0].url });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', EMOTE_SIZE, EMOTE_SIZE]);

    await upload(anchor, room, 'gg', await picture('#43a047', 'jpeg'));
    const replaced = (await upload(anchor, room, 'goal', await picture('#e53935', 'webp'))).result;
    expect(replaced.map((e: RoomEmote) => e.code)).toEqual(['goal', 'gg']);
    expect(replaced[0].url).not.toBe(added.result[0].url);
    // The picture replaced is gone from the file store.
    expect((await app.inject({ method: 'GET', url: added.result[0].url })).statusCode).toBe(404);

    expect(
      (await call('POST', '/chatroom/emotes/remove', anchor, { roomId: room, code: 'gg' })).result,
    ).toEqual([replaced[0]]);
    expect(await emotesOf(room)).toEqual([replaced[0]]);
    await client.until(() => told().length === 4, 'four changes told');
    expect(told().at(-1)).toEqual([replaced[0]]);
    await client.close();
  });

  it("are the anchor's and administrators' to change, not a viewer's nor a moderator's", async () => {
    const room = openRoom();
    const [viewer, moderator, admin] = [
      await person(app),
      await person(app),
      await person(app, ['user', 'admin']),
    ];
    await call('POST', '/chatroom/operate', anchor, {
      roomId: room,
      action: 'appoint',
      userId: moderator.uid,
    });
    expect((await upload(viewer, room, 'goal', await picture())).errorCode).toBe(1017);
    expect((await upload(moderator, room, 'goal', await picture())).errorCode).toBe(1017);
    expect((await upload(null, room, 'goal', await picture())).errorCode).toBe(1003);
    expect((await upload(admin, room, 'goal', await picture())).status).toBe('success');
    expect(
      (await call('POST', '/chatroom/emotes/remove', viewer, { roomId: room, code: 'goal' })).errorCode,
    ).toBe(1017);
    expect(await emotesOf(room)).toHaveLength(1);
  });

  it('refuse what is not a small picture, a code that is not 2 to 16 letters or digits, and a 21st emote', async () => {
    const room = openRoom();
    const notPictures = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('GIF89a not really'),
      Buffer.alloc(EMOTE_MAX_BYTES + 1, 0x89),
    ];
    for (const body of notPictures)
      await refused('emoteRule', (lan) => upload(anchor, room, 'goal', body, lan));
    for (const code of ['a', 'x'.repeat(17), 'go al', 'göal', '../up'])
      expect((await upload(anchor, room, code, await picture())).errorCode, code).toBe(6028);
    const image = await picture();
    for (let i = 0; i < MAX_ROOM_EMOTES; i++) await upload(anchor, room, `e${i}`, image);
    await refused('emoteLimitReached', (lan) => upload(anchor, room, 'onemore', image, lan));
    // A new picture for one it has is no new emote.
    expect((await upload(anchor, room, 'e0', image)).status).toBe('success');
    expect(await emotesOf(room)).toHaveLength(MAX_ROOM_EMOTES);
  });

  it('count as emoji in emote-only mode, where a code the room has no emote for is text', async () => {
    const room = openRoom();
    const viewer = await person(app);
    await upload(anchor, room, 'goal', await picture());
    await call('POST', '/chatroom/modes', anchor, {
      roomId: room,
      slowSeconds: 0,
      followersOnlyMinutes: null,
      minLevel: 0,
      linksBlocked: false,
      emoteOnly: true,
    });
    expect((await say(viewer, ':goal: :goal:', room)).status).toBe('success');
    expect((await say(viewer, '⚽ :goal: 🔥', room)).status).toBe('success');
    expect((await say(viewer, ':goal: what a strike', room)).errorCode).toBe(4022);
    expect((await say(viewer, ':offside:', room)).errorCode).toBe(4022);
  });
});

describe('room modes', () => {
  const modes = (who: Who, room: number, over: object = {}) =>
    call('POST', '/chatroom/modes', who, {
      roomId: room,
      slowSeconds: 0,
      followersOnlyMinutes: null,
      minLevel: 0,
      linksBlocked: false,
      ...over,
    });
  async function refusedIn(room: number, who: Who, key: string, text: string) {
    for (const lan of ['en_US', 'zh_CN']) {
      const answer = await say(who, `${text} ${lan}`, room, lan);
      expect(answer, `${key} in ${lan}`).toMatchObject({ status: 'fail', errorMsg: catalogueText(lan, key) });
    }
  }

  it('only the anchor, its moderators and administrators set them, and each change is audited', async () => {
    const [viewer, moderator] = [await person(app), await person(app)];
    const admin = await person(app, ['user', 'admin']);
    expect((await modes(viewer, roomId, { slowSeconds: 30 })).errorCode).toBe(1017);
    expect((await modes(null, roomId, { slowSeconds: 30 })).errorCode).toBe(1003);
    await call('POST', '/chatroom/operate', anchor, { action: 'appoint', roomId, userId: moderator.uid });
    for (const who of [anchor, moderator, admin])
      expect((await modes(who, roomId, { slowSeconds: 10 })).status).toBe('success');
    expect((await modes(anchor, roomId, { slowSeconds: 7 })).result.issues[0]).toMatchObject({
      field: 'slowSeconds',
    });
    expect((await call('GET', `/chatroom/modes?roomId=${roomId}`, null)).result).toEqual({
      slowSeconds: 10,
      followersOnlyMinutes: null,
      minLevel: 0,
      linksBlocked: false,
      emoteOnly: false,
    });
    const audited = await app.services.database.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'set_chat_modes'), eq(adminActions.targetId, anchor.uid)));
    expect(audited.filter((row) => (row.details as { roomId: number }).roomId === roomId)).toHaveLength(3);
  });

  it('reach every viewer in the room at once, and stay out of the history', async () => {
    const client = await chatClient(base);
    client.join(roomId);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    await modes(anchor, roomId, { linksBlocked: true, minLevel: 2 });
    await client.until(
      () => client.events().some((e) => e.kind === 'mode' && e.modes.linksBlocked && e.modes.minLevel === 2),
      'the new modes',
    );
    const history = await call('GET', `/live/getChatroomSpeech?roomId=${roomId}`, null);
    expect(history.result.list).toEqual([]);
  });

  it('slow mode lets a viewer speak once per wait; the anchor is never held back', async () => {
    const viewer = await person(app);
    await modes(anchor, roomId, { slowSeconds: 30 });
    expect((await say(viewer, 'first')).status).toBe('success');
    await refusedIn(roomId, viewer, 'slowMode', 'second');
    for (const text of ['one', 'two', 'three']) expect((await say(anchor, text)).status).toBe('success');
  });

  it("a room's minimum level adds to the platform's", async () => {
    const [low, high] = [await person(app, ['user'], 1), await person(app, ['user'], 3)];
    await modes(anchor, roomId, { minLevel: 3 });
    await refusedIn(roomId, low, 'levelTooLow', 'hello');
    expect((await say(high, 'hello')).status).toBe('success');
  });

  it('followers only lets speak those who have followed the anchor long enough', async () => {
    const viewer = await person(app);
    const { db } = app.services.database;
    await modes(anchor, roomId, { followersOnlyMinutes: 10 });
    await refusedIn(roomId, viewer, 'followersOnly', 'hello');
    await db.insert(follows).values({
      followerId: viewer.uid,
      followeeId: anchor.uid,
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    await refusedIn(roomId, viewer, 'followersOnly', 'still new');
    await db
      .update(follows)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(follows.followerId, viewer.uid), eq(follows.followeeId, anchor.uid)));
    expect((await say(viewer, 'a follower of old')).status).toBe('success');
  });

  it("gives rooms whose own modes are not set the platform's defaults, which only administrators set, audited", async () => {
    const [viewer, admin] = [await person(app), await person(app, ['user', 'admin'])];
    const defaults = {
      slowSeconds: 0,
      followersOnlyMinutes: null,
      minLevel: 0,
      linksBlocked: true,
      emoteOnly: false,
    };
    const setDefaults = (who: Who, body: object) => call('POST', '/admin/chat/defaultModes', who, body);
    expect((await setDefaults(viewer, defaults)).errorCode).toBe(1004);
    expect((await setDefaults(admin, { ...defaults, slowSeconds: 7 })).result.issues[0]).toMatchObject({
      field: 'slowSeconds',
    });
    expect((await setDefaults(admin, defaults)).status).toBe('success');
    try {
      const fresh = openRoom();
      // Whether or not anything was said in it yet.
      expect((await say(anchor, 'welcome', fresh)).status).toBe('success');
      expect((await call('GET', `/chatroom/modes?roomId=${fresh}`, null)).result).toEqual(defaults);
      await refusedIn(fresh, viewer, 'linksBlocked', 'see https://spam.example/x');
      // A room whose anchor set its own modes keeps them.
      await modes(anchor, fresh, { linksBlocked: false });
      expect((await say(viewer, 'see example.com', fresh)).status).toBe('success');
      expect((await call('GET', '/admin/chat/defaultModes', admin)).result).toEqual(defaults);
      const [audited] = await app.services.database.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.actorId, admin.uid), eq(adminActions.action, 'set_default_chat_modes')));
      expect(audited?.details).toEqual(defaults);
    } finally {
      await setDefaults(admin, { ...defaults, linksBlocked: false });
    }
  });

  it('links blocked refuses addresses and bare domains, not ordinary words', async () => {
    const viewer = await person(app);
    await modes(anchor, roomId, { linksBlocked: true });
    await refusedIn(roomId, viewer, 'linksBlocked', 'see https://spam.example/x');
    await refusedIn(roomId, viewer, 'linksBlocked', 'visit www.cheap-coins');
    await refusedIn(roomId, viewer, 'linksBlocked', 'go to cheapcoins.com');
    expect((await say(viewer, 'what a goal... 2.5 goals tonight')).status).toBe('success');
    expect((await say(anchor, 'schedule at example.com')).status).toBe('success');
  });

  it('emote-only takes emoji alone (tones, joined families, flags, keycaps), not words or digits', async () => {
    const [viewer, another] = [await person(app), await person(app)];
    await modes(anchor, roomId, { emoteOnly: true });
    // Two viewers, since one may send five messages in ten seconds.
    for (const [i, text] of ['⚽', '🔥🔥 👏🏽', '👨‍👩‍👧', '🇧🇷🇦🇷', '1️⃣', '❤️'].entries())
      expect((await say(i % 2 ? another : viewer, text)).status, text).toBe('success');
    await refusedIn(roomId, viewer, 'emoteOnly', 'goal ⚽');
    await refusedIn(roomId, viewer, 'emoteOnly', '2-1');
    expect((await say(anchor, 'emoji only for a minute, please')).status).toBe('success');
  });
});

describe('resume after a dropped connection', () => {
  it('a client that reconnects with its last sequence number gets every message it missed, once, in order', async () => {
    const speakers = [await person(app), await person(app), await person(app)];
    const before = await say(speakers[0] as Who, 'before the drop');
    const client = await chatClient(base);
    client.join(roomId);
    await client.until(() => client.events().some((e) => e.seq === before.result.seq), 'the first message');
    const last = Math.max(...client.events().map((e) => e.seq));
    await client.close();

    // While it is away: messages from three people, and a deletion of one of them.
    const missed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const sent = await say(speakers[i % 3] as Who, `while away ${i}`);
      missed.push(sent.result.seq);
    }
    const moderator = anchor;
    await call('POST', '/chatroom/delete', moderator, { roomId, seq: missed[4] });

    const back = await chatClient(base);
    back.join(roomId, last);
    await back.until((all) => all.some((m) => m.op === 'joined'), 'the join');
    const after = await say(await person(app), 'after the return');
    await back.until(() => back.events().some((e) => e.seq === after.result.seq), 'the live message');

    const seqs = back.events().map((e) => e.seq);
    const expected = missed.filter((seq) => seq !== missed[4]);
    const deletion = back.events().find((e) => e.kind === 'del');
    expect(deletion).toMatchObject({ kind: 'del', target: missed[4] });
    expect(seqs).toEqual([...expected, deletion?.seq, after.result.seq]);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(back.messages[0]).toEqual({ op: 'joined', roomId, from: last });
  });

  it('a client whose last sequence number is outside the window starts again from the history', async () => {
    const client = await chatClient(base);
    client.join(roomId, 0);
    await client.until((all) => all.length > 0, 'an answer');
    // A new room has nothing after 0: the client joins from there.
    expect(client.messages[0]).toEqual({ op: 'joined', roomId, from: 0 });
  });
});

describe('gifts', () => {
  it('200 gifts at once from a user with coins for 150 give exactly 150; diamonds, ledger and leaderboards agree', async () => {
    const sender = await person(app);
    const admin = await person(app, ['user', 'admin']);
    const { wallet, settings, database } = app.services;
    await settings.set(ANCHOR_SHARE_SETTING, 0.4);
    const gift = await call('POST', '/admin/gift', admin, {
      name: 'Rose',
      currency: 'coin',
      price: 2,
      animation: '/gifts/heart.svga',
    });
    expect(gift.status).toBe('success');
    const [row] = await database.db.select().from(users).where(eq(users.uid, sender.uid));
    await grant(wallet, sender.uid, 300 - (row?.coins ?? 0), 'chat-test-topup');
    const [before] = await database.db.select().from(users).where(eq(users.uid, anchor.uid));

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', '/gift', sender, { roomId, giftId: gift.result.id, key: `press-${sender.uid}-${i}` }),
      ),
    );
    const given = answers.filter((a) => a.status === 'success');
    expect(given).toHaveLength(150);
    const refused = answers.filter((a) => a.status === 'fail');
    expect(new Set(refused.map((a) => a.errorMsg))).toEqual(
      new Set([catalogueText('en_US', 'insufficientCoins')]),
    );

    const [after] = await database.db.select().from(users).where(eq(users.uid, anchor.uid));
    expect((after?.diamonds ?? 0) - (before?.diamonds ?? 0)).toBe(150 * Math.floor(2 * 0.4));
    const [spent] = await database.db.select().from(users).where(eq(users.uid, sender.uid));
    expect(spent?.coins).toBe(0);
    expect(await wallet.audit()).toEqual([]);

    for (const url of [
      `/gift/leaderboard/daily?roomId=${roomId}`,
      '/gift/leaderboard/weekly',
      '/gift/leaderboard/daily',
    ]) {
      const board = await call('GET', url, null);
      expect(board.result.list.find((r: { uid: number }) => r.uid === sender.uid)).toMatchObject({
        total: 300,
        gifts: 150,
      });
    }
    const sent = await call('GET', '/userInfo/send?pageSize=5', sender);
    expect(sent.result).toMatchObject({ total: 150, totals: { coins: 300, diamonds: 0, gifts: 150 } });
    expect(sent.result.list).toHaveLength(5);
    const earned = await call('GET', '/anchor/goldTotal', anchor);
    expect(earned.result.today).toBeGreaterThanOrEqual(150 * Math.floor(2 * 0.4));
    const days = await call('GET', '/anchor/goldDetail?days=14', anchor);
    expect(days.result).toHaveLength(14);
    expect(days.result[13]).toMatchObject({ date: new Date().toISOString().slice(0, 10) });
    expect(days.result[13].diamonds).toBe(earned.result.today);
  });

  it("books a gift through the platform account: the price in, the anchor's share out, one transaction that sums to zero", async () => {
    const sender = await person(app);
    const admin = await person(app, ['user', 'admin']);
    const { wallet, settings, database } = app.services;
    await settings.set(ANCHOR_SHARE_SETTING, 0.5);
    const catalogue = async (currency: string, price: number) =>
      (
        await call('POST', '/admin/gift', admin, {
          name: `Books ${currency}`,
          currency,
          price,
          animation: '/gifts/heart.svga',
        })
      ).result.id as number;
    const trophy = await catalogue('coin', 30);
    const crown = await catalogue('diamond', 10);
    await grant(wallet, sender.uid, 10, 'gift-books-diamonds', { currency: 'diamond', type: 'recharge' });
    const platform = await wallet.accountBalance('platform');

    const give = (giftId: number, key: string, count = 1) =>
      call('POST', '/gift', sender, { roomId, giftId, count, key });
    expect((await give(trophy, 'books-press-1', 2)).result.balance).toBe(140);
    expect((await give(trophy, 'books-press-1', 2)).result).toEqual({ event: null, balance: 140 });
    expect((await give(crown, 'books-press-2')).result.balance).toBe(0);

    // The viewer -60 coins, the platform +60 coins and -30 diamonds, the anchor +30 diamonds;
    // a diamond gift: the viewer -10 diamonds, the platform +10 and -5, the anchor +5.
    const me = `user:${sender.uid}`;
    const them = `user:${anchor.uid}`;
    expect(
      await transactionsOf(
        database.db,
        eq(coinRecords.userId, sender.uid),
        eq(coinRecords.type, 'gift_sent'),
      ),
    ).toEqual([
      [
        { holder: me, currency: 'coin', amount: -60, type: 'gift_sent' },
        { holder: 'account:platform', currency: 'coin', amount: 60, type: 'gift_sent' },
        { holder: 'account:platform', currency: 'diamond', amount: -30, type: 'gift_received' },
        { holder: them, currency: 'diamond', amount: 30, type: 'gift_received' },
      ],
      [
        { holder: me, currency: 'diamond', amount: -10, type: 'gift_sent' },
        { holder: 'account:platform', currency: 'diamond', amount: 10, type: 'gift_sent' },
        { holder: 'account:platform', currency: 'diamond', amount: -5, type: 'gift_received' },
        { holder: them, currency: 'diamond', amount: 5, type: 'gift_received' },
      ],
    ]);
    expect(await wallet.accountBalance('platform')).toEqual({
      coins: platform.coins + 60,
      diamonds: platform.diamonds - 25,
    });
    // Each one's history shows their own rows, never the platform's.
    const history = async (who: { token: string }, currency: string) =>
      (await call('GET', `/user/coinRecord?currency=${currency}&pageSize=50`, who)).result.list.map(
        (row: { type: string; amount: number }) => [row.type, row.amount],
      );
    expect(await history(sender, 'coin')).toEqual([
      ['gift_sent', -60],
      ['registration_bonus', 200],
    ]);
    expect(await history(sender, 'diamond')).toEqual([
      ['gift_sent', -10],
      ['recharge', 10],
    ]);
    expect((await history(anchor, 'diamond')).slice(0, 2)).toEqual([
      ['gift_received', 5],
      ['gift_received', 30],
    ]);
    expect(await wallet.audit()).toEqual([]);
  });

  it('a repeated key gives once; each failure has its catalogue message in zh_CN and en_US', async () => {
    const sender = await person(app);
    const { result: catalogue } = await call('GET', '/gift/list', null);
    const coinGift = catalogue.find((g: { currency: string }) => g.currency === 'coin');
    const diamondGift = catalogue.find((g: { currency: string }) => g.currency === 'diamond');
    const here = roomId;
    const give = (giftId: number, key: string, lan = 'en_US', room = here) =>
      call('POST', '/gift', sender, { roomId: room, giftId, key }, lan);

    const first = await give(coinGift.id, 'same-key-1');
    const again = await give(coinGift.id, 'same-key-1');
    expect(first.status).toBe('success');
    expect(again.result.event).toBeNull();
    const sent = await call('GET', '/userInfo/send', sender);
    expect(sent.result.total).toBe(1);

    for (const lan of ['en_US', 'zh_CN']) {
      expect((await give(diamondGift.id, `diamond-${lan}`, lan)).errorMsg).toBe(
        catalogueText(lan, 'insufficientDiamonds'),
      );
      expect((await give(99_999, `unknown-${lan}`, lan)).errorMsg).toBe(catalogueText(lan, 'giftFailed'));
      expect((await give(coinGift.id, `off-air-${lan}`, lan, openRoom({ live: false }))).errorMsg).toBe(
        catalogueText(lan, 'noLiveBroadcast'),
      );
    }
    // The dearest coin gift, given until the coins run out.
    const dearest = catalogue
      .filter((g: { currency: string }) => g.currency === 'coin')
      .reduce((a: { price: number }, b: { price: number }) => (a.price > b.price ? a : b));
    for (const lan of ['en_US', 'zh_CN']) {
      let answer = await give(dearest.id, `dearest-${lan}-0`, lan);
      for (let i = 1; i < 20 && answer.status === 'success'; i++)
        answer = await give(dearest.id, `dearest-${lan}-${i}`, lan);
      expect(answer.errorMsg).toBe(catalogueText(lan, 'insufficientCoins'));
    }
  });

  it('a gift shows in the chat of everyone in the room, with its animation and combo', async () => {
    const sender = await person(app);
    const client = await chatClient(base);
    client.join(roomId);
    await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    const { result: catalogue } = await call('GET', '/gift/list', null);
    const heart = catalogue.find(
      (g: { comboSeconds: number; currency: string }) => g.comboSeconds > 0 && g.currency === 'coin',
    );
    await call('POST', '/gift', sender, { roomId, giftId: heart.id, key: 'combo-press-1' });
    await call('POST', '/gift', sender, { roomId, giftId: heart.id, key: 'combo-press-2' });
    await client.until(() => client.events().filter((e) => e.kind === 'gift').length === 2, 'two gifts');
    const shown = client.events().filter((e) => e.kind === 'gift');
    expect(shown.map((e) => e.kind === 'gift' && e.gift.combo)).toEqual([1, 2]);
    expect(shown[0]).toMatchObject({
      sender: { uid: sender.uid },
      gift: { animation: heart.animation, animationType: 'svga' },
    });
  });

  it('only administrators change the catalogue, and each change is audited', async () => {
    const viewer = await person(app);
    const admin = await person(app, ['user', 'admin']);
    const body = { name: 'Cake', currency: 'diamond', price: 5, animation: '/gifts/star.svga' };
    expect((await call('POST', '/admin/gift', viewer, body)).errorCode).toBe(1004);
    const made = await call('POST', '/admin/gift', admin, body);
    await call('POST', '/admin/gift', admin, { ...body, id: made.result.id, enabled: false });
    const { result } = await call('GET', '/gift/list', null);
    expect(result.map((g: { id: number }) => g.id)).not.toContain(made.result.id);
    const rows = await app.services.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.actorId, admin.uid));
    expect(rows.map((r) => r.action)).toEqual(['create_gift', 'update_gift']);
  });

  it("names a gift in each visitor's language where the catalogue has one, else by its own name", async () => {
    const admin = await person(app, ['user', 'admin']);
    const body = {
      name: '足球',
      names: { en_US: 'Football', de: 'Fußball', fr: '' },
      currency: 'coin',
      price: 3,
      animation: '/gifts/star.svga',
    };
    const made = await call('POST', '/admin/gift', admin, body);
    // A language left empty is not stored: it shows the gift's own name.
    expect(made.result.names).toEqual({ en_US: 'Football', de: 'Fußball' });
    const nameIn = async (lan: string) =>
      (await call('GET', '/gift/list', null, undefined, lan)).result.find(
        (g: { id: number }) => g.id === made.result.id,
      )?.name;
    expect(await nameIn('en_US')).toBe('Football');
    expect(await nameIn('de')).toBe('Fußball');
    expect(await nameIn('fr')).toBe('足球');
    expect(await nameIn('zh_CN')).toBe('足球');
    // Administrators edit the own name and every other one.
    const listed = (await call('GET', '/admin/gifts', admin)).result.find(
      (g: { id: number }) => g.id === made.result.id,
    );
    expect(listed).toMatchObject({ name: '足球', names: { en_US: 'Football', de: 'Fußball' } });
    await call('POST', '/admin/gift', admin, { ...body, id: made.result.id, enabled: false });
  });

  it("takes an administrator's animation only as SVGA 2 or Lottie, whatever the file claims to be", async () => {
    const admin = await person(app, ['user', 'admin']);
    const upload = (body: Buffer, who: Who = admin, lan = 'en_US') =>
      java.call('POST', '/admin/gift/uploadAnimation', { body, token: who?.token, headers: { lan } });
    const svga = await readFile(new URL('../../public/gifts/star.svga', import.meta.url));
    const stored = await upload(svga);
    expect(stored.result).toMatchObject({
      animationType: 'svga',
      url: expect.stringMatching(/^\/uploads\/gifts\/.+\.svga$/),
    });
    const lottie = { v: '5.7.4', fr: 30, ip: 0, op: 60, w: 300, h: 300, layers: [] };
    expect((await upload(Buffer.from(JSON.stringify(lottie)))).result).toMatchObject({
      animationType: 'lottie',
    });

    const notAnimations = [
      Buffer.from('<svg onload="alert(1)"/>'),
      Buffer.from(JSON.stringify({ v: '5.7.4', layers: [] })),
      deflateSync(Buffer.from('\xff\xff\xff not a movie')),
      Buffer.alloc(2 * 1024 * 1024 + 1, 0x78),
    ];
    for (const body of notAnimations) {
      for (const lan of ['en_US', 'zh_CN']) {
        const refused = await upload(body, admin, lan);
        expect(refused).toMatchObject({
          status: 'fail',
          errorCode: 6026,
          errorMsg: catalogueText(lan, 'animationRule'),
        });
      }
    }
    expect((await upload(svga, await person(app))).errorCode).toBe(1004);
  });
});
