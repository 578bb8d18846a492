import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient, outboxCode } from '../../test/java';
import { transactionOf } from '../../test/ledger';
import { startSmtpServer } from '../../test/smtp';

const smtp = await startSmtpServer();
cleanUpAfterFile(smtp.close);

describe.each(embeddedOnly)('accounts on $name', (target) => {
  let app: FastifyInstance;
  let api: JavaClient;
  beforeAll(async () => {
    app = await buildTestApp({
      database: await target.create(),
      env: { SMTP_URL: smtp.url, DEV_ADAPTERS: 'true' },
    });
    api = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  it('registers by email code read from the mail server: newUser, 200 coins, one ledger row', async () => {
    const email = `fan-${Date.now()}@example.com`;
    expect((await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email })).status).toBe('success');
    const code = smtp.codeFor(email);
    const login = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: code,
    });
    expect(login).toMatchObject({
      status: 'success',
      result: { newUser: true, user: { email, coins: 200 } },
    });
    const uid = login.result.user.uid;
    const records = await app.services.wallet.records(uid, { page: 1, size: 10 });
    expect(records).toMatchObject([{ type: 'registration_bonus', amount: 200, balanceAfter: 200 }]);
    // The welcome comes from the issuance account: the transaction sums to zero.
    expect(await transactionOf(app.services.database.db, uid, 'registration_bonus')).toEqual([
      { holder: 'account:issuance', currency: 'coin', amount: -200, type: 'registration_bonus' },
      { holder: `user:${uid}`, currency: 'coin', amount: 200, type: 'registration_bonus' },
    ]);

    // A second login by code makes no new account and pays no second bonus.
    await app.services.limiter.reset(`code-resend:email:${email}`);
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const again = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: smtp.codeFor(email),
    });
    expect(again.result).toMatchObject({ newUser: false, user: { uid, coins: 200 } });
    expect(await app.services.wallet.records(uid, { page: 1, size: 10 })).toHaveLength(1);
    expect(await app.services.wallet.audit()).toEqual([]);
  });

  it('registers by phone code, then sets a username and password and logs in with each identifier', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    await api.post('/login/V2/sendMobilecheckCode', { areaCode: '+86', mobileOrEmail: phone });
    const login = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: phone,
      areaCode: '+86',
      checkCode: await outboxCode(app, phone),
    });
    expect(login.result).toMatchObject({ newUser: true, user: { phone, areaCode: '+86', coins: 200 } });
    const token = login.result.token;
    const username = `Striker${phone.slice(-6)}`;
    const set = await api.post('/user/V2/modifyUser', { uname: username, password: 'goal2026x' }, { token });
    expect(set.result).toMatchObject({ username, hasPassword: true });

    const byPhone = await api.post('/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: phone,
      areaCode: '+86',
      password: 'goal2026x',
    });
    expect(byPhone.result.user.username).toBe(username);
    const byName = await api.post('/login/V2/mobileOrNameToLogin', {
      name: username.toLowerCase(),
      password: 'goal2026x',
    });
    expect(byName.result.newUser).toBe(false);
    const oldLayout = await api.post('/login/mobileandpw', { mobile: phone, password: 'goal2026x' });
    expect(oldLayout.status).toBe('success');
  });

  it("takes another country's mobile number with its area code on the old layout's calls, and China's pattern for +86 only", async () => {
    const mobile = `119${String(Date.now()).slice(-8)}`;
    expect(await api.post('/login/sendVerificationCode', { mobile, areaCode: '+55' })).toMatchObject({
      status: 'success',
    });
    const login = await api.post('/login/checkCode', {
      mobile,
      areaCode: '+55',
      checkCode: await outboxCode(app, mobile),
    });
    expect(login.result).toMatchObject({ newUser: true, user: { phone: mobile, areaCode: '+55' } });
    // Without an area code the number is China's, and it is not a China mobile number.
    const asChina = await api.post('/login/sendVerificationCode', { mobile }, { lan: 'en_US' });
    expect(asChina).toMatchObject({ errorCode: 6007, errorMsg: 'Please enter a valid mobile number' });
    const tooShort = await api.post('/login/sendVerificationCode', { mobile: '12', areaCode: '+55' });
    expect(tooShort).toMatchObject({ errorCode: 6007 });
  });

  it('logs in by password with an email', async () => {
    const email = `pw-${Date.now()}@example.com`;
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const signUp = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: smtp.codeFor(email),
    });
    const first = await api.post(
      '/user/V2/modifyUser',
      { password: 'corner99kick' },
      { token: signUp.result.token },
    );
    expect(first.result.hasPassword).toBe(true);
    const login = await api.post('/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: email.toUpperCase(),
      password: 'corner99kick',
    });
    expect(login).toMatchObject({ status: 'success', result: { newUser: false } });
  });
});

describe('each login failure has its own message, in zh_CN and en_US', () => {
  let app: FastifyInstance;
  let api: JavaClient;
  const email = 'keeper@example.com';
  beforeAll(async () => {
    app = await buildTestApp({ env: { SMTP_URL: smtp.url, DEV_ADAPTERS: 'true' } });
    api = javaClient(app);
    cleanUpAfterFile(() => app.close());
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    const signUp = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: smtp.codeFor(email),
    });
    await api.post('/user/V2/modifyUser', { password: 'gloves123' }, { token: signUp.result.token });
  });
  const en = { lan: 'en_US' };

  it('wrong password and unknown account', async () => {
    const wrong = await api.post(
      '/login/V2/mobileOrNameToLogin',
      { mobileOrEmail: email, password: 'gloves124' },
      en,
    );
    expect(wrong).toMatchObject({ status: 'fail', errorCode: 2013, errorMsg: 'Wrong password' });
    const zh = await api.post('/login/V2/mobileOrNameToLogin', {
      mobileOrEmail: email,
      password: 'gloves124',
    });
    expect(zh.errorMsg).toBe('密码错误');
    const unknown = await api.post(
      '/login/V2/mobileOrNameToLogin',
      { mobileOrEmail: 'nobody@example.com', password: 'x1234567' },
      en,
    );
    expect(unknown).toMatchObject({ errorCode: 2012, errorMsg: 'No account matches these details' });
  });

  it('pauses password logins after 10 failures, and a right password does not count', async () => {
    const login = (password: string) =>
      api.post('/login/V2/mobileOrNameToLogin', { mobileOrEmail: email, password }, en);
    expect((await login('gloves123')).status).toBe('success');
    for (let i = 0; i < 10; i++) expect((await login('wrong1234')).errorCode).toBe(2013);
    const locked = await login('gloves123');
    expect(locked).toMatchObject({ status: 'fail', errorCode: 2018 });
    expect(locked.errorMsg).toMatch(/^Too many failed logins, please try again in 1[45] minutes$/);
  });

  it('weak password, bad email and bad phone', async () => {
    const weak = await api.post(
      '/login/V2/getLoginByEmailCheckCode',
      { mobileOrEmail: email, checkCode: '123456', password: 'abcdefgh' },
      en,
    );
    expect(weak).toMatchObject({ status: 'fail', errorCode: 6001 });
    expect(weak.errorMsg).toBe('Password must be at least 8 characters and contain both letters and digits');
    const weakZh = await api.post('/login/V2/getLoginByEmailCheckCode', {
      mobileOrEmail: email,
      checkCode: '123456',
      password: 'short1',
    });
    expect(weakZh.errorMsg).toBe('密码至少8位，且须同时包含字母和数字');
    const badEmail = await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: 'not-an-email' }, en);
    expect(badEmail).toMatchObject({ errorCode: 6005, errorMsg: 'Please enter a valid email address' });
    expect(badEmail.result.issues[0].field).toBe('mobileOrEmail');
    const badPhone = await api.post('/login/sendVerificationCode', { mobile: '12345678901' }, en);
    expect(badPhone).toMatchObject({ errorCode: 6007, errorMsg: 'Please enter a valid mobile number' });
    const noPhone = await api.post('/login/sendVerificationCode', {}, en);
    expect(noPhone).toMatchObject({ errorCode: 6006, errorMsg: 'Phone number is required' });
  });

  it('resend within 60 seconds', async () => {
    const target = 'winger@example.com';
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: target });
    const soon = await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: target }, en);
    expect(soon).toMatchObject({ status: 'fail', errorCode: 2006 });
    expect(soon.errorMsg).toMatch(/^Please wait (60|59) seconds before asking for another code$/);
    const zh = await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: target });
    expect(zh.errorMsg).toMatch(/^请等待\d+秒后再获取验证码$/);
  });

  it('expired code, reused code and the sixth wrong code', async () => {
    const target = 'striker@example.com';
    const send = async () => {
      await app.services.limiter.reset(`code-resend:email:${target}`);
      await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: target });
      return smtp.codeFor(target);
    };
    const login = (checkCode: string) =>
      api.post('/login/V2/getLoginByEmailCheckCode', { mobileOrEmail: target, checkCode }, en);

    await send();
    await app.services.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update verification_codes set expires_at = now() - interval '1 second' where address = ${`email:${target}`}`,
    );
    expect(await login(smtp.codeFor(target))).toMatchObject({
      errorCode: 2008,
      errorMsg: 'The verification code has expired, please request a new one',
    });

    const fresh = await send();
    expect((await login(fresh)).status).toBe('success');
    expect(await login(fresh)).toMatchObject({
      errorCode: 2009,
      errorMsg: 'This verification code has already been used, please request a new one',
    });

    const another = await send();
    const wrong = another === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await login(wrong)).errorMsg).toBe('Verification code wrong');
    expect(await login(another)).toMatchObject({
      errorCode: 2011,
      errorMsg: 'Too many wrong codes, please request a new one',
    });
  });
});

describe('the sandbox test login', () => {
  it('logs in one test account, made once, only while the dev adapters are on', async () => {
    const sandbox = await buildTestApp({ env: { DEV_ADAPTERS: 'true' } });
    const production = await buildTestApp({ env: { DEV_ADAPTERS: 'false' } });
    cleanUpAfterFile(() => sandbox.close());
    cleanUpAfterFile(() => production.close());
    const first = await javaClient(sandbox).get('/login/testLogin');
    expect(first.result).toMatchObject({ newUser: true, user: { coins: 200, registrationSource: 'test' } });
    const second = await javaClient(sandbox).get('/login/testLogin');
    expect(second.result).toMatchObject({ newUser: false, user: { uid: first.result.user.uid } });
    expect(await javaClient(production).get('/login/testLogin')).toMatchObject({
      status: 'fail',
      errorCode: 1001,
    });
  });
});

describe('sessions', () => {
  let app: FastifyInstance;
  let api: JavaClient;
  const register = async (email: string) => {
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
    return (
      await api.post('/login/V2/getLoginByEmailCheckCode', {
        mobileOrEmail: email,
        checkCode: smtp.codeFor(email),
      })
    ).result;
  };
  beforeAll(async () => {
    app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    api = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  it('asks for a login without a token, 3000 for a bad one, 3001 for a revoked one', async () => {
    expect(await api.get('/user/info', { lan: 'en_US' })).toMatchObject({
      errorCode: 1003,
      errorMsg: 'please log in',
    });
    expect(await api.get('/user/info', { token: 'made-up' })).toMatchObject({ errorCode: 3000 });
    const { token } = await register('session@example.com');
    expect((await api.get('/user/info', { token })).result.email).toBe('session@example.com');
    await api.post('/user/logout', {}, { token });
    expect(await api.get('/user/info', { token })).toMatchObject({ errorCode: 3001 });
  });

  it('expires a token after its time', async () => {
    const { token } = await register('expiry@example.com');
    await app.services.database.db.execute(
      (await import('drizzle-orm')).sql`update sessions set expires_at = now() - interval '1 second'`,
    );
    expect(await api.get('/user/info', { token })).toMatchObject({ errorCode: 3001 });
  });

  it('logs out everywhere', async () => {
    const first = await register('everywhere@example.com');
    await api
      .post('/login/V2/sendEmailcheckCode', { mobileOrEmail: 'everywhere@example.com' })
      .catch(() => {});
    await app.services.limiter.reset('code-resend:email:everywhere@example.com');
    await api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: 'everywhere@example.com' });
    const second = (
      await api.post('/login/V2/getLoginByEmailCheckCode', {
        mobileOrEmail: 'everywhere@example.com',
        checkCode: smtp.codeFor('everywhere@example.com'),
      })
    ).result;
    await api.post('/user/logoutAll', {}, { token: second.token });
    expect(await api.get('/user/info', { token: first.token })).toMatchObject({ errorCode: 3001 });
  });

  it("a user's token reads and changes only that user's own data", async () => {
    const alice = await register('alice@example.com');
    const bob = await register('bob@example.com');
    expect((await api.get('/user/info', { token: alice.token })).result.uid).toBe(alice.user.uid);
    await api.post('/user/V2/modifyUser', { uname: 'AliceFan' }, { token: bob.token });
    expect((await api.get('/user/info', { token: alice.token })).result.username).not.toBe('AliceFan');
    expect((await api.get('/user/info', { token: bob.token })).result.username).toBe('AliceFan');
  });
});
