import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalAccounts, feedback, sessions, userDataStatus, users } from '../../db/schema/index';
import { uploadsDir } from '../../platform/uploads';
import { buildTestApp } from '../../test/app';
import { type JavaClient, javaClient } from '../../test/java';
import { grant } from '../../test/ledger';
import { addressKey } from '../accounts/codes.service';
import { readDevOutbox } from '../delivery/delivery';

const dataDir = mkdtempSync(path.join(tmpdir(), 'users-test-'));
let app: FastifyInstance;
let java: JavaClient;
beforeAll(async () => {
  app = await buildTestApp({ env: { DEV_ADAPTERS: 'true', DATA_DIR: dataDir } });
  java = javaClient(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const get = (url: string, token?: string, headers?: Headers) => java.call('GET', url, { token, headers });
const post = (url: string, body: unknown, token?: string, headers?: Headers) =>
  java.call('POST', url, { body, token, headers });

let seq = 0;
/** A fresh account with an email, and a login token for it. */
async function newUser(options: { email?: string | null } = {}) {
  seq += 1;
  const email =
    options.email === null ? undefined : (options.email ?? `user${seq}-${Date.now()}@example.com`);
  const row = await app.services.accounts.register({ email, source: 'email', type: 1 });
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, username: row.username, email, token };
}

/** Sends a code to an address through the login call and reads it from the sandbox outbox. */
async function codeFor(address: string, areaCode?: string): Promise<string> {
  await app.services.limiter.reset('code-day-ip:127.0.0.1');
  await app.services.limiter.reset(
    `code-resend:${addressKey(address.includes('@') ? { kind: 'email', email: address } : { kind: 'phone', areaCode: areaCode ?? '+86', phone: address })}`,
  );
  const sent = address.includes('@')
    ? await post('/login/V2/sendEmailcheckCode', { mobileOrEmail: address })
    : await post('/login/V2/sendMobilecheckCode', { mobileOrEmail: address, areaCode });
  expect(sent.status).toBe('success');
  const outbox = await readDevOutbox(app.services.database.db);
  const message = outbox.find((m) => m.recipient.endsWith(address));
  return message?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
}

const row = async (uid: number) =>
  (await app.services.database.db.select().from(users).where(eq(users.uid, uid)))[0];

const PRIVATE_FIELDS = ['email', 'phone', 'areaCode', 'coins', 'diamonds', 'roles', 'hasPassword'];

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#1e88e5' } })
    .png()
    .toBuffer();

describe('public profile', () => {
  it('shows only public fields, to guests and users alike', async () => {
    const owner = await newUser();
    const viewer = await newUser();
    await post('/user/modifyUser', { signature: 'Forza' }, owner.token);
    const guest = await get(`/user/publicInfo?userId=${owner.uid}`);
    expect(guest.result).toEqual({
      uid: owner.uid,
      username: owner.username,
      avatar: null,
      signature: 'Forza',
      level: 0,
      followers: 0,
      following: 0,
      followed: false,
    });
    await get(`/user/followUser?userId=${owner.uid}`, viewer.token);
    const seen = await get(`/user/publicInfo?userId=${owner.uid}`, viewer.token);
    expect(seen.result).toMatchObject({ followers: 1, followed: true });
    for (const field of PRIVATE_FIELDS) expect(seen.result).not.toHaveProperty(field);
  });

  it("/user/info with another user's userId gives that user's public profile, without it the caller's own info", async () => {
    const owner = await newUser();
    const viewer = await newUser();
    await post('/user/modifyUser', { signature: 'Allez' }, owner.token);
    const seen = await get(`/user/info?userId=${owner.uid}`, viewer.token);
    expect(seen.result).toEqual({
      uid: owner.uid,
      username: owner.username,
      avatar: null,
      signature: 'Allez',
      level: 0,
      followers: 0,
      following: 0,
      followed: false,
    });
    for (const field of [...PRIVATE_FIELDS, 'vipExpiresAt', 'createdAt', 'registrationSource'])
      expect(seen.result).not.toHaveProperty(field);
    expect((await get(`/user/info?userId=${owner.uid}`)).result).toMatchObject({
      uid: owner.uid,
      followed: false,
    });
    expect((await get('/user/info', viewer.token)).result).toMatchObject({
      uid: viewer.uid,
      email: viewer.email,
    });
    expect((await get(`/user/info?userId=${viewer.uid}`, viewer.token)).result).toMatchObject({
      email: viewer.email,
    });
    expect(await get('/user/info')).toMatchObject({ errorCode: 1003 });
    expect(await get('/user/info?userId=999999', viewer.token)).toMatchObject({ httpStatus: 404 });
  });

  it('is 404 for an unknown user and a bad id is a format error', async () => {
    expect(await get('/user/publicInfo?userId=999999')).toMatchObject({ httpStatus: 404, errorCode: 2012 });
    expect(await get('/user/publicInfo?userId=abc')).toMatchObject({ httpStatus: 400, errorCode: 1002 });
  });
});

describe('profile edit: /user/modifyUser', () => {
  it('changes the username and the signature of the caller only', async () => {
    const a = await newUser();
    const b = await newUser();
    const name = `Keeper${seq}x`;
    const changed = await post(
      '/user/modifyUser',
      { uname: name, signature: '  守门员 ⚽ 60 chars max  ', uid: b.uid },
      a.token,
    );
    expect(changed.result).toMatchObject({ uid: a.uid, username: name, signature: '守门员 ⚽ 60 chars max' });
    expect(await row(b.uid)).toMatchObject({ username: b.username, signature: '' });
  });

  it('refuses a taken name (any case), a reserved name, a bad name and a long or multi-line signature', async () => {
    const a = await newUser();
    const b = await newUser();
    const en = { lan: 'en_US' };
    expect(await post('/user/modifyUser', { uname: b.username.toUpperCase() }, a.token, en)).toMatchObject({
      errorCode: 2015,
      errorMsg: 'This username is already taken',
    });
    expect(await post('/user/modifyUser', { uname: 'deleted42' }, a.token)).toMatchObject({
      errorCode: 2015,
    });
    expect(await post('/user/modifyUser', { uname: 'bad name!' }, a.token, en)).toMatchObject({
      errorCode: 6008,
      errorMsg: 'Username may contain only letters and digits',
    });
    const long = await post('/user/modifyUser', { signature: 'x'.repeat(61) }, a.token, en);
    expect(long).toMatchObject({ errorCode: 1002, errorMsg: 'signature: must be at most 60 characters' });
    expect(await post('/user/modifyUser', { signature: 'one\ntwo' }, a.token)).toMatchObject({
      errorCode: 1002,
    });
    expect(await row(a.uid)).toMatchObject({ username: a.username, signature: '' });
  });
});

describe('preferences: /user/getUserDataStatus and saveUserDataStatus', () => {
  it("keeps each user's own object", async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await get('/user/getUserDataStatus', a.token)).result).toEqual({});
    const data = { favouriteGames: [1, 202], hideScores: true, 'ui.theme': 'dark' };
    expect((await post('/user/saveUserDataStatus', { data }, a.token)).result).toEqual(data);
    expect((await get('/user/getUserDataStatus', a.token)).result).toEqual(data);
    expect((await get('/user/getUserDataStatus', b.token)).result).toEqual({});
    await post('/user/saveUserDataStatus', { data: { goalSound: false }, userId: a.uid }, b.token);
    expect((await get('/user/getUserDataStatus', a.token)).result).toEqual(data);
  });

  it('refuses anything but a small object with plain keys', async () => {
    const a = await newUser();
    const big = await post('/user/saveUserDataStatus', { data: { blob: 'x'.repeat(5000) } }, a.token, {
      lan: 'en_US',
    });
    expect(big).toMatchObject({ errorCode: 1002, errorMsg: 'data: must be at most 4096 characters' });
    for (const data of [[1, 2], 'text', { 'bad key': 1 }, null])
      expect(await post('/user/saveUserDataStatus', { data }, a.token)).toMatchObject({ errorCode: 1002 });
  });
});

describe('follows and fans', () => {
  it('toggles with a GET, answers the new state and keeps counts', async () => {
    const fan = await newUser();
    const star = await newUser();
    expect((await get(`/user/followUser?userId=${star.uid}`, fan.token)).result).toEqual({
      followed: true,
      followers: 1,
    });
    expect((await get(`/user/hasFollowUser?userId=${star.uid}`, fan.token)).result).toEqual({
      followed: true,
    });
    // Following is the caller's own: the star does not follow back by the fan's call.
    expect((await get(`/user/hasFollowUser?userId=${fan.uid}`, star.token)).result).toEqual({
      followed: false,
    });
    expect((await get(`/user/followUser?userId=${star.uid}`, fan.token)).result).toEqual({
      followed: false,
      followers: 0,
    });
    expect(await get(`/user/followUser?userId=${fan.uid}`, fan.token)).toMatchObject({ errorCode: 1002 });
    expect(await get('/user/followUser?userId=999999', fan.token)).toMatchObject({ errorCode: 2012 });
  });

  it('lists follows and fans page by page with public fields only', async () => {
    const star = await newUser();
    const fans = [await newUser(), await newUser(), await newUser()];
    for (const fan of fans) await get(`/user/followUser?userId=${star.uid}`, fan.token);
    await get(`/user/followUser?userId=${fans[0]?.uid}`, star.token);

    const first = await get('/user/getFollowOrFansH5?type=2&pageIndex=1&pageSize=2', star.token);
    expect(first.result).toMatchObject({ total: 3, pageIndex: 1, pageSize: 2 });
    expect(first.result.list).toHaveLength(2);
    const second = await get('/user/getFollowOrFansH5?type=2&pageIndex=2&pageSize=2', star.token);
    const listed = [...first.result.list, ...second.result.list];
    expect(listed.map((u: { uid: number }) => u.uid).sort()).toEqual(fans.map((f) => f.uid).sort());
    expect(listed.find((u: { uid: number }) => u.uid === fans[0]?.uid)).toMatchObject({ followed: true });
    expect(Object.keys(listed[0]).sort()).toEqual(
      ['avatar', 'followed', 'level', 'signature', 'since', 'uid', 'username'].sort(),
    );

    // Anyone may list anyone's follows; it holds nothing private.
    const guestView = await get(
      `/user/getFollowOrFansH5?type=1&userId=${fans[1]?.uid}&pageIndex=1&pageSize=10`,
    );
    expect(guestView.result.list).toMatchObject([{ uid: star.uid, followed: false }]);
    expect(await get('/user/getFollowOrFansH5?type=1&pageIndex=1&pageSize=10')).toMatchObject({
      errorCode: 1003,
    });
    expect(await get('/user/getFollowOrFansH5?type=3', star.token)).toMatchObject({ errorCode: 1002 });
  });
});

describe('change password by code: /user/V2/mobileOrNameToChangePass', () => {
  it("sets a new password with a code sent to the caller's own email and ends the other logins", async () => {
    const user = await newUser();
    const other = await app.services.sessions.issue(user.uid, { ip: '1.1.1.1' });
    const changed = await post(
      '/user/V2/mobileOrNameToChangePass',
      { mobileOrEmail: user.email, checkCode: await codeFor(user.email as string), password: 'newPass2026' },
      user.token,
    );
    expect(changed.status).toBe('success');
    const login = await post('/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: user.email,
      password: 'newPass2026',
    });
    expect(login.status).toBe('success');
    expect((await get('/user/info', user.token)).status).toBe('success');
    expect(await get('/user/info', other)).toMatchObject({ errorCode: 3001 });
  });

  it("refuses another user's address, a wrong code, a weak password and an account without addresses", async () => {
    const a = await newUser();
    const b = await newUser();
    const before = (await row(b.uid))?.passwordHash;
    const codeOfB = await codeFor(b.email as string);
    expect(
      await post(
        '/user/V2/mobileOrNameToChangePass',
        { mobileOrEmail: b.email, checkCode: codeOfB, password: 'stolen2026' },
        a.token,
      ),
    ).toMatchObject({ httpStatus: 403, errorCode: 1004 });
    expect((await row(b.uid))?.passwordHash).toBe(before);
    expect(
      await post(
        '/user/V2/mobileOrNameToChangePass',
        { mobileOrEmail: a.email, checkCode: '000000', password: 'newPass2026' },
        a.token,
      ),
    ).toMatchObject({ errorCode: 2001 });
    expect(
      await post(
        '/user/V2/mobileOrNameToChangePass',
        { mobileOrEmail: a.email, checkCode: '123456', password: 'short' },
        a.token,
      ),
    ).toMatchObject({ errorCode: 6001 });
    const bare = await newUser({ email: null });
    expect(
      await post(
        '/user/V2/mobileOrNameToChangePass',
        { mobileOrEmail: 'x@example.com', checkCode: '123456', password: 'newPass2026' },
        bare.token,
      ),
    ).toMatchObject({ errorCode: 2003 });
  });
});

describe('security summary of the settings page', () => {
  it('masks the bound addresses and says whether a password is set', async () => {
    const user = await newUser({ email: `longname${Date.now()}@example.com` });
    const phone = '13812345678';
    await post(
      '/user/V2/mobileOrNameToChange',
      { mobileOrEmail: phone, checkCode: await codeFor(phone, '+86') },
      user.token,
    );
    const summary = await app.services.users.profiles.security(user.uid);
    expect(summary).toMatchObject({
      maskedEmail: 'lo***@example.com',
      maskedPhone: '138****5678',
      areaCode: '+86',
      hasPassword: false,
    });
  });
});

describe('bind or change phone and email: /user/V2/mobileOrNameToChange', () => {
  it('binds a phone and changes the email with codes sent to the new addresses', async () => {
    const user = await newUser();
    const phone = `138${String(Date.now()).slice(-8)}`;
    const bound = await post(
      '/user/V2/mobileOrNameToChange',
      { mobileOrEmail: phone, areaCode: '86', checkCode: await codeFor(phone, '+86') },
      user.token,
    );
    expect(bound.result).toMatchObject({ uid: user.uid, phone, areaCode: '+86', email: user.email });
    const email = `New${seq}-${Date.now()}@Example.com`;
    const changed = await post(
      '/user/V2/mobileOrNameToChange',
      { mobileOrEmail: email, checkCode: await codeFor(email.toLowerCase()) },
      user.token,
    );
    expect(changed.result).toMatchObject({ email: email.toLowerCase(), phone });
  });

  it('refuses addresses bound to someone else, and wrong codes, changing nothing', async () => {
    const a = await newUser();
    const b = await newUser();
    expect(
      await post(
        '/user/V2/mobileOrNameToChange',
        { mobileOrEmail: b.email, checkCode: await codeFor(b.email as string) },
        a.token,
        { lan: 'en_US' },
      ),
    ).toMatchObject({
      httpStatus: 409,
      errorCode: 2016,
      errorMsg: 'This email is already bound to another account',
    });
    const phone = `137${String(Date.now()).slice(-8)}`;
    await post(
      '/user/V2/mobileOrNameToChange',
      { mobileOrEmail: phone, checkCode: await codeFor(phone, '+86') },
      b.token,
    );
    expect(
      await post(
        '/user/V2/mobileOrNameToChange',
        { mobileOrEmail: phone, checkCode: await codeFor(phone, '+86') },
        a.token,
      ),
    ).toMatchObject({ errorCode: 2017 });
    expect(
      await post(
        '/user/V2/mobileOrNameToChange',
        { mobileOrEmail: 'free@example.com', checkCode: '000000' },
        a.token,
      ),
    ).toMatchObject({ errorCode: 2001 });
    expect(
      await post('/user/V2/mobileOrNameToChange', { mobileOrEmail: 'not-an@email' }, a.token),
    ).toMatchObject({
      errorCode: 6005,
    });
    expect(await row(a.uid)).toMatchObject({ email: a.email, phone: null });
    expect(await row(b.uid)).toMatchObject({ email: b.email, phone });
  });
});

describe('avatar upload: /user/uploadAvatar', () => {
  const upload = (token: string, raw: Buffer, headers: Headers = {}) =>
    java.call('POST', '/user/uploadAvatar', { token, body: raw, headers });

  it('stores a 256x256 WebP, serves it with safe headers and long caching, and replaces the old file', async () => {
    const a = await newUser();
    const b = await newUser();
    const first = await upload(a.token, await png(), { 'content-type': 'image/png' });
    expect(first.result.avatar).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await app.inject({ method: 'GET', url: first.result.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#e53935' } })
      .jpeg()
      .toBuffer();
    const second = await upload(a.token, jpeg);
    expect(second.status).toBe('success');
    expect((await row(a.uid))?.avatar).toBe(second.result.avatar);
    const oldFile = path.join(uploadsDir(app.services.env), first.result.avatar.replace('/uploads/', ''));
    expect(existsSync(oldFile)).toBe(false);
    expect((await row(b.uid))?.avatar).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/uploads/avatars/none.webp' })).statusCode).toBe(404);
  });

  it('refuses a 4 MB image, a GIF and a .png that is really text, in the caller’s language', async () => {
    const a = await newUser();
    const width = 1200;
    const height = 1150;
    const noisy = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(4_000_000);
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const text = Buffer.from('this is a text file named avatar.png\n'.repeat(20));
    for (const [body, type] of [
      [noisy, 'image/png'],
      [gif, 'image/gif'],
      [text, 'image/png'],
    ] as const) {
      expect(await upload(a.token, body, { 'content-type': type, lan: 'en_US' })).toMatchObject({
        httpStatus: 400,
        errorCode: 6010,
        errorMsg: 'Avatar must be a jpg or png image of at most 3MB',
      });
    }
    const chinese = await upload(a.token, text, { 'content-type': 'image/png' });
    expect(chinese.errorMsg).not.toBe('Avatar must be a jpg or png image of at most 3MB');
    expect(chinese.errorMsg.length).toBeGreaterThan(0);
    // A PNG signature followed by garbage is not an image either.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text]);
    expect(await upload(a.token, fake)).toMatchObject({ errorCode: 6010 });
    expect((await row(a.uid))?.avatar).toBeNull();
  });

  it('answers uploadFailed when the storage cannot keep the file', async () => {
    const { createAvatars } = await import('./avatar.service');
    const user = await newUser();
    const broken = createAvatars({
      db: app.services.database.db,
      log: app.services.log,
      storage: {
        put: async () => {
          throw new Error('disk full');
        },
        putFile: async () => {
          throw new Error('disk full');
        },
        remove: async () => {},
      },
    });
    await expect(broken.upload(user.uid, await png())).rejects.toMatchObject({ key: 'uploadFailed' });
  });
});

describe('feedback: /user/feedback', () => {
  it('stores feedback with its optional contact, and limits how often', async () => {
    const user = await newUser();
    expect(
      (
        await post(
          '/user/feedback',
          { content: 'Please add snooker live scores', contact: 'me@x.io' },
          user.token,
        )
      ).status,
    ).toBe('success');
    const stored = await app.services.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, user.uid));
    expect(stored).toMatchObject([
      { content: 'Please add snooker live scores', contact: 'me@x.io', locale: 'zh_CN' },
    ]);
    expect(await post('/user/feedback', { content: 'hey' }, user.token)).toMatchObject({ errorCode: 1002 });
    for (let i = 0; i < 4; i++) await post('/user/feedback', { content: `Idea number ${i}` }, user.token);
    expect(await post('/user/feedback', { content: 'One idea too many' }, user.token)).toMatchObject({
      errorCode: 1005,
    });
  });
});

describe('account closure: /user/closeAccount', () => {
  it('needs the account’s own name typed in; another user’s name closes nothing', async () => {
    const a = await newUser();
    const b = await newUser();
    expect(await post('/user/closeAccount', { username: b.username }, a.token)).toMatchObject({
      errorCode: 1002,
    });
    expect((await row(a.uid))?.closedAt).toBeNull();
    expect((await row(b.uid))?.closedAt).toBeNull();
  });

  it('in one go: logins end, personal data goes, balances are forfeited, login is refused', async () => {
    const { db } = app.services.database;
    const user = await newUser();
    const friend = await newUser();
    await post('/user/V2/modifyUser', { password: 'leaving2026' }, user.token);
    await grant(app.services.wallet, user.uid, 30, 'test-diamonds', { currency: 'diamond' });
    const avatar = (await java.call('POST', '/user/uploadAvatar', { token: user.token, body: await png() }))
      .result.avatar;
    await post('/user/modifyUser', { signature: 'bye' }, user.token);
    await get(`/user/followUser?userId=${friend.uid}`, user.token);
    await get(`/user/followUser?userId=${user.uid}`, friend.token);
    await post('/user/saveUserDataStatus', { data: { hideScores: true } }, user.token);
    await post('/user/feedback', { content: 'Thanks for everything', contact: 'me@example.com' }, user.token);
    await db
      .insert(externalAccounts)
      .values({ provider: 'google', subject: `g-${user.uid}`, userId: user.uid });

    expect(
      (await post('/user/closeAccount', { username: user.username.toUpperCase() }, user.token)).status,
    ).toBe('success');

    expect(await row(user.uid)).toMatchObject({
      username: `deleted${user.uid}`,
      email: null,
      phone: null,
      areaCode: null,
      avatar: null,
      signature: '',
      passwordHash: null,
      coins: 0,
      diamonds: 0,
    });
    expect((await row(user.uid))?.closedAt).not.toBeNull();
    const ledger = await app.services.wallet.records(user.uid, {
      type: 'account_closure_forfeit',
      page: 1,
      size: 10,
    });
    expect(ledger.map((r) => [r.currency, r.amount]).sort()).toEqual([
      ['coin', -200],
      ['diamond', -30],
    ]);
    expect(await app.services.wallet.audit()).toEqual([]);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.uid));
    expect(left.every((s) => s.revokedAt !== null && s.ip === null)).toBe(true);
    expect(await db.select().from(externalAccounts).where(eq(externalAccounts.userId, user.uid))).toEqual([]);
    expect(await db.select().from(userDataStatus).where(eq(userDataStatus.userId, user.uid))).toEqual([]);
    expect(
      await db.select().from(feedback).where(eq(feedback.content, 'Thanks for everything')),
    ).toMatchObject([{ userId: null, contact: null }]);
    expect(existsSync(path.join(uploadsDir(app.services.env), avatar.replace('/uploads/', '')))).toBe(false);

    expect(await get('/user/info', user.token)).toMatchObject({ errorCode: 3001 });
    expect(
      await post('/login/V2/mobileOrNameToLogin', { mobileOrEmail: user.email, password: 'leaving2026' }),
    ).toMatchObject({ errorCode: 2012 });
    expect(await get(`/user/publicInfo?userId=${user.uid}`)).toMatchObject({ errorCode: 2012 });
    expect((await get(`/user/publicInfo?userId=${friend.uid}`)).result).toMatchObject({
      followers: 0,
      following: 0,
    });
  });
});

describe('every call of the user centre needs its own login', () => {
  const code = { mobileOrEmail: 'fan@example.com', checkCode: '123456' };
  it.each([
    ['POST', '/user/modifyUser', { signature: 'hello' }],
    ['POST', '/user/V2/mobileOrNameToChangePass', { ...code, password: 'goal2026x' }],
    ['POST', '/user/V2/mobileOrNameToChange', code],
    ['GET', '/user/getUserDataStatus', undefined],
    ['POST', '/user/saveUserDataStatus', { data: {} }],
    ['GET', '/user/followUser?userId=1', undefined],
    ['GET', '/user/hasFollowUser?userId=1', undefined],
    ['POST', '/user/feedback', { content: 'hello there' }],
    ['POST', '/user/closeAccount', { username: 'someone' }],
    ['POST', '/user/uploadAvatar', {}],
  ] as const)('%s %s answers 1003 without a token and 3000 with a made-up one', async (method, url, body) => {
    expect(await java.call(method, url, { body })).toMatchObject({ errorCode: 1003 });
    expect(await java.call(method, url, { body, token: 'made-up' })).toMatchObject({ errorCode: 3000 });
  });
});
