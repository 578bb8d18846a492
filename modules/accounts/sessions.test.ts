import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_REVOKED, type SessionsRevoked } from '../../platform/session-events';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { outboxCode } from '../../test/java';
import {
  LOGIN_FAILURES,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  REGISTRATIONS_PER_IP_HOUR,
} from './accounts.service';
import { CODE_BURST_PER_IP } from './codes.service';
import { sha256 } from './secrets';

const ADMIN_EMAIL = 'warden@example.com';
const ADMIN_PASSWORD = 'lockdown2026';

let app: FastifyInstance;
let revoked: SessionsRevoked[] = [];
let addresses = 0;

beforeAll(async () => {
  app = await buildTestApp({
    env: { DEV_ADAPTERS: 'true', TRUST_PROXY: 'true', ADMIN_EMAIL, ADMIN_PASSWORD },
  });
  cleanUpAfterFile(() => app.close());
  await app.services.bus.subscribe(SESSIONS_REVOKED, (message) => revoked.push(message as SessionsRevoked));
});
afterEach(() => {
  revoked = [];
});

/** A call from its own address unless told: each test's limits start fresh. */
async function call(options: {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}) {
  const res = await app.inject({
    method: options.method ?? 'POST',
    url: `/java${options.url}`,
    headers: options.headers,
    remoteAddress: options.ip ?? '10.0.0.1',
    ...(options.body !== undefined && { payload: options.body as InjectOptions['payload'] }),
  });
  return { ...res.json(), setCookies: res.cookies };
}

const freshEmail = () => `session-${Date.now()}-${++addresses}@example.com`;
const freshIp = () => `10.1.${Math.floor(addresses / 250)}.${(++addresses % 250) + 1}`;

async function codeLogin(email: string, extra: { password?: string; ip?: string } = {}) {
  const ip = extra.ip ?? freshIp();
  await call({ url: '/login/V2/sendEmailcheckCode', body: { mobileOrEmail: email }, ip: freshIp() });
  return call({
    url: '/login/V2/getLoginByEmailCheckCode',
    body: { mobileOrEmail: email, checkCode: await outboxCode(app, email), password: extra.password },
    ip,
  });
}

async function fanWithPassword(password = 'kickoff2026') {
  const email = freshEmail();
  const signUp = await codeLogin(email);
  const { token } = signUp.result;
  await call({ url: '/user/V2/modifyUser', body: { password }, headers: { token } });
  return { email, token, uid: signUp.result.user.uid as number };
}

const passwordLogin = (email: string, password: string, ip?: string) =>
  call({
    url: '/login/V2/mobileOrNameToLogin',
    body: { mobileOrEmail: email, password },
    ip: ip ?? freshIp(),
  });

describe('the login cookie', () => {
  it('is set by the server at login: HttpOnly, SameSite=Lax, Secure when the request came over HTTPS', async () => {
    const login = await codeLogin(freshEmail());
    const cookie = login.setCookies.find((c: { name: string }) => c.name === 'token');
    expect(cookie).toMatchObject({ value: login.result.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();

    const email = freshEmail();
    await call({ url: '/login/V2/sendEmailcheckCode', body: { mobileOrEmail: email } });
    const overHttps = await call({
      url: '/login/V2/getLoginByEmailCheckCode',
      body: { mobileOrEmail: email, checkCode: await outboxCode(app, email) },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.setCookies.find((c: { name: string }) => c.name === 'token')).toMatchObject({
      httpOnly: true,
      secure: true,
    });
  });

  it('is set by password login and the sandbox login too', async () => {
    const fan = await fanWithPassword();
    const byPassword = await passwordLogin(fan.email, 'kickoff2026');
    expect(byPassword.setCookies).toContainEqual(
      expect.objectContaining({ name: 'token', value: byPassword.result.token, httpOnly: true }),
    );
    const sandbox = await call({ method: 'GET', url: '/login/testLogin' });
    expect(sandbox.setCookies).toContainEqual(expect.objectContaining({ name: 'token', httpOnly: true }));
  });

  it('signs a call in only together with the sysType header: a cross-site form post is a guest', async () => {
    const { token } = (await codeLogin(freshEmail())).result;
    const cookie = { cookie: `token=${token}` };
    const withHeader = await call({
      method: 'GET',
      url: '/user/info',
      headers: { ...cookie, systype: 'PC' },
    });
    expect(withHeader.status).toBe('success');

    // What a form on another site can send: the cookie, a form body, no custom header.
    const form = await app.inject({
      method: 'POST',
      url: '/java/user/logoutAll',
      remoteAddress: '10.0.0.1',
      headers: {
        ...cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'x=1',
    });
    expect(form.json()).toMatchObject({ status: 'fail' });
    const guest = await call({ method: 'GET', url: '/user/info', headers: cookie });
    expect(guest).toMatchObject({ status: 'fail', errorCode: 1003 });
    // The login is still there.
    expect((await call({ method: 'GET', url: '/user/info', headers: { token } })).status).toBe('success');
  });

  it('is cleared at logout, which ends the login the cookie carries', async () => {
    const { token, user } = (await codeLogin(freshEmail())).result;
    const logout = await call({ url: '/user/logout', headers: { cookie: `token=${token}`, systype: 'PC' } });
    expect(logout.status).toBe('success');
    const cleared = logout.setCookies.find((c: { name: string }) => c.name === 'token');
    expect(cleared.value).toBe('');
    expect(cleared.expires.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await call({ method: 'GET', url: '/user/info', headers: { token } })).toMatchObject({
      errorCode: 3001,
    });
    await expect.poll(() => revoked).toEqual([{ uid: user.uid, tokenHash: sha256(token) }]);
  });

  it('ends the login it replaces: a new account that logs in again with its chosen password keeps only the new login', async () => {
    const email = freshEmail();
    const first = (await codeLogin(email)).result;
    const browser = { cookie: `token=${first.token}`, systype: 'PC' };
    const info = (token: string) => call({ method: 'GET', url: '/user/info', headers: { token } });
    await call({ url: '/user/V2/modifyUser', body: { password: 'chosen2026' }, headers: browser });

    // A failed login sets no cookie, and the first login goes on.
    const wrong = await call({
      url: '/login/V2/mobileOrNameToLogin',
      body: { mobileOrEmail: email, password: 'guess2026' },
      headers: browser,
      ip: freshIp(),
    });
    expect(wrong.errorCode).toBe(2013);
    expect(wrong.setCookies).toEqual([]);
    expect((await info(first.token)).status).toBe('success');

    const again = await call({
      url: '/login/V2/mobileOrNameToLogin',
      body: { mobileOrEmail: email, password: 'chosen2026' },
      headers: browser,
      ip: freshIp(),
    });
    expect(again.setCookies).toContainEqual(
      expect.objectContaining({ name: 'token', value: again.result.token }),
    );
    expect((await info(again.result.token)).status).toBe('success');
    expect(await info(first.token)).toMatchObject({ status: 'fail', errorCode: 3001 });
    await expect.poll(() => revoked).toEqual([{ uid: first.user.uid, tokenHash: sha256(first.token) }]);
  });

  it('logs in whatever the cookie it replaces holds: a stale token, or a forged socket ticket', async () => {
    for (const held of ['no-such-token', 'ticket.abc.1.forged']) {
      const email = freshEmail();
      await call({
        url: '/user/V2/modifyUser',
        body: { password: 'chosen2026' },
        headers: { token: (await codeLogin(email)).result.token },
      });
      const login = await call({
        url: '/login/V2/mobileOrNameToLogin',
        body: { mobileOrEmail: email, password: 'chosen2026' },
        headers: { cookie: `token=${held}`, systype: 'PC' },
        ip: freshIp(),
      });
      expect(login.status, held).toBe('success');
    }
  });

  it('gives a one-minute socket ticket that signs in as long as its login lasts', async () => {
    const { token, user } = (await codeLogin(freshEmail())).result;
    const { ticket } = (
      await call({ url: '/user/socketTicket', headers: { cookie: `token=${token}`, systype: 'PC' } })
    ).result;
    expect(ticket).not.toContain(token);
    expect((await app.services.sessions.resolve(ticket)).uid).toBe(user.uid);
    const [prefix, hash, expires, signature] = ticket.split('.');
    const longer = [prefix, hash, Number(expires) + 3600_000, signature].join('.');
    await expect(app.services.sessions.resolve(longer)).rejects.toMatchObject({ key: 'tokenExpired' });
    // A made-up ticket ends no login.
    await expect(app.services.sessions.revoke(longer)).rejects.toMatchObject({ key: 'tokenExpired' });
    expect((await app.services.sessions.resolve(ticket)).uid).toBe(user.uid);
    await app.services.sessions.revoke(token);
    await expect(app.services.sessions.resolve(ticket)).rejects.toMatchObject({ key: 'tokenExpired' });
  });
});

describe('changing a password', () => {
  it('a session alone sets only the first password; replacing it needs the current one and ends the other logins', async () => {
    const fan = await fanWithPassword('firstPass1');
    const other = (await passwordLogin(fan.email, 'firstPass1')).result.token;
    const lan = { lan: 'en_US' };
    const bare = await call({
      url: '/user/V2/modifyUser',
      body: { password: 'hijacked99' },
      headers: { token: fan.token, ...lan },
    });
    expect(bare).toMatchObject({ status: 'fail', errorCode: 2021 });
    expect(bare.errorMsg).toBe(
      'To change your password, enter your current password, or reset it with a verification code',
    );
    const wrong = await call({
      url: '/user/V2/modifyUser',
      body: { password: 'hijacked99', oldPassword: 'guess1234' },
      headers: { token: fan.token },
    });
    expect(wrong.errorCode).toBe(2021);
    expect((await passwordLogin(fan.email, 'hijacked99')).errorCode).toBe(2013);

    revoked = [];
    const changed = await call({
      url: '/user/V2/modifyUser',
      body: { password: 'secondPass2', oldPassword: 'firstPass1' },
      headers: { token: fan.token },
    });
    expect(changed.status).toBe('success');
    expect((await call({ method: 'GET', url: '/user/info', headers: { token: other } })).errorCode).toBe(
      3001,
    );
    expect((await call({ method: 'GET', url: '/user/info', headers: { token: fan.token } })).status).toBe(
      'success',
    );
    expect((await passwordLogin(fan.email, 'secondPass2')).status).toBe('success');
    await expect.poll(() => revoked).toEqual([{ uid: fan.uid }]);
  });

  it('a reset by code ends every other login', async () => {
    const fan = await fanWithPassword();
    await app.services.limiter.reset(`code-resend:email:${fan.email}`);
    const reset = await codeLogin(fan.email, { password: 'afterReset3' });
    expect(reset.status).toBe('success');
    expect((await call({ method: 'GET', url: '/user/info', headers: { token: fan.token } })).errorCode).toBe(
      3001,
    );
    expect(revoked).toContainEqual({ uid: fan.uid });
  });

  it('a reset for an address without an account is refused, and makes none', async () => {
    const email = freshEmail();
    const reset = await codeLogin(email, { password: 'brandNew2026' });
    expect(reset).toMatchObject({ status: 'fail', errorCode: 2020 });
    expect(reset.errorMsg).toBe('该邮箱或手机号尚未注册账号，请使用验证码登录以创建账号');
    expect(await app.services.accounts.findByAddress({ kind: 'email', email })).toBeUndefined();
  });
});

describe('revocations reach the bus', () => {
  it('logout everywhere and a ban announce the whole user', async () => {
    const fan = await fanWithPassword();
    await call({ url: '/user/logoutAll', headers: { token: fan.token } });
    await expect.poll(() => revoked).toEqual([{ uid: fan.uid }]);

    revoked = [];
    const banned = await fanWithPassword();
    const admin = await passwordLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const ban = await call({
      url: '/admin/users/ban',
      body: { uid: banned.uid, reason: 'spam' },
      headers: { token: admin.result.token },
    });
    expect(ban.status).toBe('success');
    await expect.poll(() => revoked).toEqual([{ uid: banned.uid }]);
  });
});

describe('password guessing', () => {
  it(`checks at most ${LOGIN_FAILURES} of 30 wrong passwords sent at once`, async () => {
    const fan = await fanWithPassword();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => passwordLogin(fan.email, 'wrongPass1', ip)),
    );
    const checked = answers.filter((a) => a.errorCode === 2013);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES);
    expect(answers.filter((a) => a.errorCode === 2018)).toHaveLength(30 - checked.length);
    expect((await passwordLogin(fan.email, 'kickoff2026', ip)).errorCode).toBe(2018);
  });

  it(`pauses one account tried from many addresses after ${LOGIN_FAILURES_PER_ACCOUNT} failures`, async () => {
    const fan = await fanWithPassword();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await passwordLogin(fan.email, 'wrongPass1')).errorCode).toBe(2013);
    expect((await passwordLogin(fan.email, 'kickoff2026')).errorCode).toBe(2018);
  });

  it(`pauses one address trying many accounts after ${LOGIN_FAILURES_PER_IP} failures`, async () => {
    const ip = freshIp();
    const fan = await fanWithPassword();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => passwordLogin(`nobody${i + j}@example.com`, 'guess1234', ip)),
      );
    expect((await passwordLogin(fan.email, 'kickoff2026', ip)).errorCode).toBe(2018);
    expect((await passwordLogin(fan.email, 'kickoff2026')).status).toBe('success');
  });

  it('a right password gives its try back', async () => {
    const fan = await fanWithPassword();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP + 5; i++)
      expect((await passwordLogin(fan.email, 'kickoff2026', ip)).status).toBe('success');
  });
});

describe('per-address limits on signing up', () => {
  it(`sends codes for at most ${CODE_BURST_PER_IP} recipients from one address in ten minutes`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CODE_BURST_PER_IP; i++)
      expect(
        (await call({ url: '/login/V2/sendEmailcheckCode', body: { mobileOrEmail: freshEmail() }, ip }))
          .status,
      ).toBe('success');
    const next = await call({
      url: '/login/V2/sendEmailcheckCode',
      body: { mobileOrEmail: freshEmail() },
      ip,
    });
    expect(next).toMatchObject({ status: 'fail', errorCode: 1005 });
  });

  it(`opens at most ${REGISTRATIONS_PER_IP_HOUR} accounts an hour from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTRATIONS_PER_IP_HOUR; i++)
      expect((await codeLogin(freshEmail(), { ip })).result.newUser).toBe(true);
    const email = freshEmail();
    expect(await codeLogin(email, { ip })).toMatchObject({ status: 'fail', errorCode: 1005 });
    expect(await app.services.accounts.findByAddress({ kind: 'email', email })).toBeUndefined();
  });
});
