import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminActions, coinRecords, sessions, users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, databaseTargets } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { transactionsOf } from '../../test/ledger';
import { bootstrapAdmin } from './bootstrap';

const ADMIN_EMAIL = 'Chief@Example.com';
const ADMIN_PASSWORD = 'referee2026';

let app: FastifyInstance;
let java: JavaClient;

async function login(name: string, password: string) {
  return java.post('/login/V2/mobileOrNameToLogin', { mobileOrEmail: name, password });
}

let serial = 0;
/** A registered account with a username and password, logged in once. */
async function fan() {
  serial += 1;
  const email = `fan${serial}-${Date.now()}@example.com`;
  const row = await app.services.accounts.register({ email, source: 'email', type: 2 });
  const username = `Fan${serial}x${Date.now() % 100000}`;
  await app.services.accounts.updateAccount(row.uid, { username, password: 'goal2026x' });
  const { result } = await login(username, 'goal2026x');
  return { uid: row.uid, email, username, token: result.token as string };
}

async function adminToken(): Promise<string> {
  return (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.token;
}

// PostgreSQL too when available: there several start-ups really race on separate connections.
describe.each(databaseTargets)('administration on $name', (target) => {
  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create(), env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
  });

  describe('the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    it('is registered with the usual bonus, the password and the admin role', async () => {
      const logged = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(logged).toMatchObject({ status: 'success', result: { user: { email: 'chief@example.com' } } });
      expect(logged.result.user.roles).toEqual(['user', 'admin']);
      const records = await app.services.wallet.records(logged.result.user.uid, { page: 1, size: 10 });
      expect(records).toMatchObject([{ type: 'registration_bonus', amount: 200 }]);
      const log = await app.services.database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.targetId, logged.result.user.uid));
      expect(log).toMatchObject([
        { actorId: null, action: 'grant_role', details: { role: 'admin' }, reason: 'ADMIN_EMAIL' },
      ]);
    });

    it('is idempotent: another start changes nothing and logs nothing', async () => {
      const before = await app.services.database.db.select().from(adminActions);
      await bootstrapAdmin(app.services);
      await bootstrapAdmin(app.services);
      expect(await app.services.database.db.select().from(adminActions)).toEqual(before);
      const admins = await app.services.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'chief@example.com'));
      expect(admins).toHaveLength(1);
    });

    it('keeps a password the administrator chose later', async () => {
      const logged = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      await app.services.accounts.updateAccount(logged.result.user.uid, {
        password: 'whistle2027',
        currentPassword: ADMIN_PASSWORD,
      });
      await bootstrapAdmin(app.services);
      expect((await login(ADMIN_EMAIL, 'whistle2027')).status).toBe('success');
      await app.services.accounts.updateAccount(logged.result.user.uid, {
        password: ADMIN_PASSWORD,
        currentPassword: 'whistle2027',
      });
    });

    it('makes one account when several instances start at the same moment', async () => {
      const env = { ...app.services.env, ADMIN_EMAIL: 'second@example.com', ADMIN_PASSWORD: 'linesman42' };
      await Promise.all([1, 2, 3].map(() => bootstrapAdmin({ ...app.services, env })));
      const rows = await app.services.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'second@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.roles).toEqual(['user', 'admin']);
      const granted = await app.services.database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.targetId, rows[0]?.uid ?? 0));
      expect(granted).toHaveLength(1);
      expect((await login('second@example.com', 'linesman42')).status).toBe('success');
    });

    it('promotes an existing account and gives it the password only when it has none', async () => {
      const existing = await app.services.accounts.register({
        email: 'third@example.com',
        source: 'email',
        type: 1,
      });
      const env = { ...app.services.env, ADMIN_EMAIL: 'third@example.com', ADMIN_PASSWORD: 'corner2026' };
      await bootstrapAdmin({ ...app.services, env });
      const logged = await login('third@example.com', 'corner2026');
      expect(logged.result.user).toMatchObject({ uid: existing.uid, roles: ['user', 'admin'] });
    });
  });

  describe('refusals, for every admin call the router has', () => {
    /** The calls of the OpenAPI document that need the admin role, with their path parameters filled in. */
    async function adminCalls(): Promise<[method: 'GET' | 'POST', url: string][]> {
      const document = (await app.inject({ method: 'GET', url: '/java/docs/openapi.json' })).json();
      const calls: [method: 'GET' | 'POST', url: string][] = [];
      for (const [path, operations] of Object.entries<Record<string, { 'x-roles'?: string[] }>>(
        document.paths,
      )) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!operation['x-roles']?.includes('admin')) continue;
          calls.push([
            method.toUpperCase() as 'GET' | 'POST',
            path.replace('/java', '').replace(/\{\w+\}/g, '1'),
          ]);
        }
      }
      return calls;
    }

    it('finds every call under /admin among them, and no call under /admin open to other roles', async () => {
      const document = (await app.inject({ method: 'GET', url: '/java/docs/openapi.json' })).json();
      const underAdmin = Object.entries<Record<string, { 'x-roles'?: string[] }>>(document.paths)
        .filter(([path]) => path.startsWith('/java/admin/'))
        .flatMap(([path, operations]) => Object.values(operations).map((op) => [path, op['x-roles']]));
      expect(underAdmin.length).toBeGreaterThan(20);
      for (const [path, roles] of underAdmin) expect(roles, String(path)).toEqual(['admin']);
      expect((await adminCalls()).length).toBeGreaterThanOrEqual(underAdmin.length);
    });

    it('answers a signed-in user who is not an administrator with 403 Access denied (1004), whatever the input', async () => {
      const { token } = await fan();
      for (const [method, url] of await adminCalls()) {
        const answer = await java.call(method, url, { body: method === 'POST' ? {} : undefined, token });
        expect(answer, `${method} ${url}`).toMatchObject({
          httpStatus: 403,
          status: 'fail',
          errorCode: 1004,
          errorMsg: '拒绝访问',
          result: null,
        });
      }
    });

    it('asks a guest to log in (1003) on every admin call', async () => {
      for (const [method, url] of await adminCalls()) {
        const answer = await java.call(method, url, { body: method === 'POST' ? {} : undefined });
        expect(answer, `${method} ${url}`).toMatchObject({
          httpStatus: 401,
          status: 'fail',
          errorCode: 1003,
        });
      }
    });
  });

  describe('user management', () => {
    it('finds users by uid, username, email and phone, page by page', async () => {
      const token = await adminToken();
      const someone = await fan();
      await app.services.database.db
        .update(users)
        .set({ areaCode: '+86', phone: `1390000${String(someone.uid).padStart(4, '0')}` })
        .where(eq(users.uid, someone.uid));
      for (const q of [
        String(someone.uid),
        someone.username.toLowerCase(),
        someone.email.toUpperCase(),
        '1390000',
      ]) {
        const { result } = await java.call('GET', `/admin/users?q=${encodeURIComponent(q)}`, { token });
        expect(
          result.rows.map((row: { uid: number }) => row.uid),
          q,
        ).toContain(someone.uid);
      }
      const nothing = await java.call('GET', '/admin/users?q=no_such_%25person', { token });
      expect(nothing.result).toEqual({ rows: [], total: 0, page: 1, size: 20 });

      const first = await java.call('GET', '/admin/users?size=2', { token });
      const second = await java.call('GET', '/admin/users?size=2&page=2', { token });
      expect(first.result.rows).toHaveLength(2);
      expect(first.result.total).toBeGreaterThan(3);
      expect(second.result.rows[0].uid).toBeLessThan(first.result.rows[1].uid);
    });

    it("shows a user's details, ledger rows and active logins", async () => {
      const token = await adminToken();
      const someone = await fan();
      const details = await java.call('GET', `/admin/users/${someone.uid}`, { token });
      expect(details.result).toMatchObject({
        uid: someone.uid,
        username: someone.username,
        coins: 200,
        vip: false,
        bannedAt: null,
        activeSessions: 1,
        hasPassword: true,
      });
      const records = await java.call('GET', `/admin/users/${someone.uid}/records`, { token });
      expect(records.result).toMatchObject([{ type: 'registration_bonus', amount: 200, balanceAfter: 200 }]);
      expect((await java.call('GET', '/admin/users/999999', { token })).errorCode).toBe(2012);
    });

    it('bans: login refused and every session revoked; unban lets the user back in', async () => {
      const token = await adminToken();
      const someone = await fan();
      const ban = await java.call('POST', '/admin/users/ban', {
        token,
        body: { uid: someone.uid, reason: 'match fixing ads' },
      });
      expect(ban.result).toMatchObject({ banReason: 'match fixing ads', activeSessions: 0 });
      expect(ban.result.bannedAt).not.toBeNull();

      const open = await app.services.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, someone.uid));
      expect(open.every((session) => session.revokedAt !== null)).toBe(true);
      await expect(app.services.sessions.resolve(someone.token)).rejects.toMatchObject({ code: 3001 });
      expect(await login(someone.username, 'goal2026x')).toMatchObject({
        status: 'fail',
        errorCode: 2002,
        errorMsg: '因涉嫌违规，目前已被封禁',
      });

      const unban = await java.call('POST', '/admin/users/unban', {
        token,
        body: { uid: someone.uid, reason: 'appeal accepted' },
      });
      expect(unban.result).toMatchObject({ bannedAt: null, banReason: null });
      expect((await login(someone.username, 'goal2026x')).status).toBe('success');
    });

    it('asks for a reason and refuses banning oneself', async () => {
      const token = await adminToken();
      const someone = await fan();
      expect(
        await java.call('POST', '/admin/users/ban', { token, body: { uid: someone.uid, reason: ' ' } }),
      ).toMatchObject({
        httpStatus: 400,
        errorCode: 1002,
      });
      const me = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.user.uid;
      expect(
        await java.call('POST', '/admin/users/ban', { token, body: { uid: me, reason: 'oops' } }),
      ).toMatchObject({
        httpStatus: 403,
        errorCode: 1004,
      });
    });

    it('grants and revokes roles, effective at once; never your own admin role', async () => {
      const token = await adminToken();
      const someone = await fan();
      const granted = await java.call('POST', '/admin/users/roles/grant', {
        token,
        body: { uid: someone.uid, role: 'admin', reason: 'new moderator team lead' },
      });
      expect(granted.result.roles).toEqual(['user', 'admin']);
      expect((await java.call('GET', '/admin/wallet/audit', { token: someone.token })).status).toBe(
        'success',
      );

      await java.call('POST', '/admin/users/roles/grant', {
        token,
        body: { uid: someone.uid, role: 'expert' },
      });
      const revoked = await java.call('POST', '/admin/users/roles/revoke', {
        token,
        body: { uid: someone.uid, role: 'admin' },
      });
      expect(revoked.result.roles).toEqual(['user', 'expert']);
      expect((await java.call('GET', '/admin/wallet/audit', { token: someone.token })).errorCode).toBe(1004);

      expect(
        (
          await java.call('POST', '/admin/users/roles/grant', {
            token,
            body: { uid: someone.uid, role: 'moderator' },
          })
        ).errorCode,
      ).toBe(1002);
      const me = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.user.uid;
      expect(
        await java.call('POST', '/admin/users/roles/revoke', { token, body: { uid: me, role: 'admin' } }),
      ).toMatchObject({ httpStatus: 403, errorCode: 1004 });
      expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.user.roles).toContain('admin');
    });

    it('writes every action to the audit log: who, what, to whom, when and why', async () => {
      const token = await adminToken();
      const me = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.user;
      const someone = await fan();
      await java.call('POST', '/admin/users/ban', { token, body: { uid: someone.uid, reason: 'spam' } });
      await java.call('POST', '/admin/users/unban', { token, body: { uid: someone.uid, reason: 'appeal' } });
      await java.call('POST', '/admin/users/roles/grant', {
        token,
        body: { uid: someone.uid, role: 'anchor', reason: 'approved' },
      });
      // Granting a role the user already holds changes nothing and is not logged.
      await java.call('POST', '/admin/users/roles/grant', {
        token,
        body: { uid: someone.uid, role: 'anchor' },
      });
      await java.call('POST', '/admin/users/roles/revoke', {
        token,
        body: { uid: someone.uid, role: 'anchor' },
      });

      const { result } = await java.call('GET', `/admin/actions?uid=${someone.uid}`, { token });
      expect(result.total).toBe(4);
      expect(result.rows).toMatchObject([
        { action: 'revoke_role', details: { role: 'anchor' }, reason: null },
        { action: 'grant_role', details: { role: 'anchor' }, reason: 'approved' },
        { action: 'unban', reason: 'appeal' },
        { action: 'ban', reason: 'spam' },
      ]);
      for (const row of result.rows) {
        expect(row.actor).toEqual({ uid: me.uid, username: me.username });
        expect(row.target).toEqual({ uid: someone.uid, username: someone.username });
        expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      }
    });

    it('adjusts coins with a reason through the ledger; a resubmitted form moves them once', async () => {
      const token = await adminToken();
      const someone = await fan();
      const body = {
        uid: someone.uid,
        amount: 150,
        reason: 'compensation for a failed gift',
        key: 'form-0001',
      };
      const first = await java.call('POST', '/admin/users/coins', { token, body });
      const again = await java.call('POST', '/admin/users/coins', { token, body });
      expect(first.result.coins).toBe(350);
      expect(again.result.coins).toBe(350);
      const records = await java.call('GET', `/admin/users/${someone.uid}/records`, { token });
      expect(records.result).toMatchObject([
        { type: 'admin_adjustment', amount: 150, balanceAfter: 350, details: { reason: body.reason } },
        { type: 'registration_bonus' },
      ]);
      const log = await java.call('GET', `/admin/actions?uid=${someone.uid}&action=adjust_coins`, { token });
      expect(log.result.rows).toMatchObject([
        { action: 'adjust_coins', details: { amount: 150, balanceAfter: 350 }, reason: body.reason },
      ]);
      // Granted from the issuance account, and taken back to it.
      await java.call('POST', '/admin/users/coins', {
        token,
        body: { ...body, amount: -50, key: 'form-0004' },
      });
      expect(
        await transactionsOf(
          app.services.database.db,
          eq(coinRecords.userId, someone.uid),
          eq(coinRecords.type, 'admin_adjustment'),
        ),
      ).toEqual([
        [
          { holder: 'account:issuance', currency: 'coin', amount: -150, type: 'admin_adjustment' },
          { holder: `user:${someone.uid}`, currency: 'coin', amount: 150, type: 'admin_adjustment' },
        ],
        [
          { holder: `user:${someone.uid}`, currency: 'coin', amount: -50, type: 'admin_adjustment' },
          { holder: 'account:issuance', currency: 'coin', amount: 50, type: 'admin_adjustment' },
        ],
      ]);
      // Taking more than the balance is refused and leaves neither a ledger row nor a log row.
      const tooMuch = await java.call('POST', '/admin/users/coins', {
        token,
        body: { ...body, amount: -1000, key: 'form-0002' },
      });
      expect(tooMuch).toMatchObject({ status: 'fail', errorCode: expect.any(Number) });
      expect((await java.call('GET', `/admin/actions?uid=${someone.uid}`, { token })).result.total).toBe(2);
      expect(
        await java.call('POST', '/admin/users/coins', {
          token,
          body: { ...body, reason: ' ', key: 'form-0003' },
        }),
      ).toMatchObject({ status: 'fail', errorCode: 1002 });
    });

    it('mutes a user in every room and lifts it, each with a reason in the log', async () => {
      const token = await adminToken();
      const someone = await fan();
      const muted = await java.call('POST', '/admin/users/mute', {
        token,
        body: { uid: someone.uid, action: 'mute', minutes: 0, reason: 'abuse in chat' },
      });
      expect(muted.result).toEqual({ mutedUntil: 'permanent' });
      expect(await app.services.chat.platformMuteUntil(someone.uid)).toBe('permanent');
      const lifted = await java.call('POST', '/admin/users/mute', {
        token,
        body: { uid: someone.uid, action: 'unmute', reason: 'apologised' },
      });
      expect(lifted.result).toEqual({ mutedUntil: null });
      const log = await java.call('GET', `/admin/actions?uid=${someone.uid}`, { token });
      expect(log.result.rows).toMatchObject([
        { action: 'unmute_chat_user', details: { roomId: null }, reason: 'apologised' },
        { action: 'mute_chat_user', details: { roomId: null, minutes: 0 }, reason: 'abuse in chat' },
      ]);
    });

    it('searches the audit log by actor, action, target and days', async () => {
      const token = await adminToken();
      const me = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).result.user;
      const someone = await fan();
      await java.call('POST', '/admin/users/ban', { token, body: { uid: someone.uid, reason: 'spam' } });
      const search = async (query: string) =>
        (await java.call('GET', `/admin/actions?${query}`, { token })).result.rows as { action: string }[];
      const [newest] = await search(`actor=${me.uid}&action=ban`);
      expect(newest).toMatchObject({ action: 'ban', target: { uid: someone.uid } });
      const day = (await search(`uid=${someone.uid}`))[0] as unknown as { createdAt: string };
      const date = day.createdAt.slice(0, 10);
      expect(await search(`uid=${someone.uid}&from=${date}&to=${date}`)).toHaveLength(1);
      expect(await search(`uid=${someone.uid}&to=2000-01-01`)).toEqual([]);
      expect(await search(`uid=${someone.uid}&action=unban`)).toEqual([]);
      expect((await java.call('GET', '/admin/actions?from=yesterday', { token })).errorCode).toBe(1002);
    });

    it('counts accounts, rooms live now and what waits in each queue on the dashboard', async () => {
      const token = await adminToken();
      const before = (await java.call('GET', '/admin/dashboard', { token })).result;
      const applicant = await fan();
      await java.call('POST', '/user/expertApply', {
        token: applicant.token,
        body: {
          displayName: `Tipster ${applicant.uid}`,
          introduction: 'Ten years of league football.',
          gameIds: [202],
        },
      });
      const after = (await java.call('GET', '/admin/dashboard', { token })).result;
      expect(after.users.total).toBe(before.users.total + 1);
      expect(after.users.newToday).toBeGreaterThanOrEqual(1);
      expect(after.queues.expertApplications).toBe(before.queues.expertApplications + 1);
      expect(after).toMatchObject({
        recharges: { today: { fen: expect.any(Number), orders: expect.any(Number) } },
        liveRooms: expect.any(Number),
        queues: {
          anchors: expect.any(Number),
          expertApplications: expect.any(Number),
          expertPlans: expect.any(Number),
          articles: expect.any(Number),
          mallOrders: expect.any(Number),
          reports: expect.any(Number),
        },
      });
    });

    it('reports the wallet audit: empty when the books are right', async () => {
      const token = await adminToken();
      expect(await java.call('GET', '/admin/wallet/audit', { token })).toMatchObject({
        status: 'success',
        result: [],
      });
    });
  });
});
