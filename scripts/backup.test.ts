import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { embeddedDatabaseHolder, holdEmbeddedDatabase, inUseFile } from '../db/in-use';
import { coinRecords, liveRooms, users } from '../db/schema/index';
import { people, png } from '../modules/live/test-fixtures';
import { createWallet, REGISTRATION_BONUS_COINS } from '../modules/wallet/wallet.service';
import { archiveName, type BackupManifest, readManifest, restoreBackup } from '../platform/backup';
import { readEnv } from '../platform/env';
import { ops } from '../server/plugins/ops';
import { buildTestApp } from '../test/app';
import { cleanUpAfterFile, databaseTargets, type TestDatabaseTarget } from '../test/databases';
import { freshEmbeddedDatabase } from '../test/embedded-database';
import { type JavaClient, javaClient } from '../test/java';
import { grant } from '../test/ledger';
import { approvedPlan, notifySandboxPaid } from '../test/sales';
import { fetchBackup, main } from './backup';

/**
 * Backups that restore (docs/decisions/041-backups.md): traffic, an upload, a backup taken through
 * the running app while more traffic flows, more traffic after it; restored into a fresh target of
 * every database, the site is as it was at the backup point, the ledger balances, the upload opens.
 */

const TOKEN = 'ops-token-of-the-backup-test';

const dirs: string[] = [];
function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `backup-${name}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const rowsOf = async <T>(db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every table's rows, by the manifest's list. */
async function counts(db: Database['db'], manifest: BackupManifest): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of manifest.tables) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table.name)}`,
    );
    found[table.name] = row?.n ?? -1;
  }
  return found;
}

const balances = async (db: Database['db']) =>
  new Map(
    (await db.select({ uid: users.uid, coins: users.coins, diamonds: users.diamonds }).from(users)).map(
      (u) => [u.uid, { coins: u.coins, diamonds: u.diamonds }],
    ),
  );

/** Rewrites an archive's manifest (and nothing else): another level, a wrong count. */
async function withManifest(archive: string, change: (manifest: BackupManifest) => void): Promise<string> {
  const dir = tempDir('edit');
  await run('tar', ['-xzf', archive, '-C', dir]);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  change(manifest);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const out = path.join(tempDir('edited'), 'edited.tar.gz');
  await run('tar', ['-czf', out, '-C', dir, 'manifest.json', 'database', ...manifest.files]);
  return out;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      env: env ?? process.env,
      cwd: path.resolve(import.meta.dirname, '..'),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A fresh database of the target, opened (and so migrated) as a restore's target is. */
async function freshTarget(target: TestDatabaseTarget): Promise<Database> {
  const database = await openDatabase(await target.create());
  cleanUpAfterFile(() => database.close());
  return database;
}

describe.each(databaseTargets)('backups on $name', (target) => {
  let app: FastifyInstance;
  let java: JavaClient;
  let dataDir: string;
  let folks: ReturnType<typeof people>;

  beforeAll(async () => {
    dataDir = tempDir('site');
    app = await buildTestApp({
      database: await target.create(),
      env: { DEV_ADAPTERS: 'true', DATA_DIR: dataDir, OPS_TOKEN: TOKEN },
    });
    java = javaClient(app);
    folks = people(app, java);
    cleanUpAfterFile(() => app.close());
  });

  /** An account with a login token (the live module's fixtures), given coins by the issuance account. */
  async function person(roles: string[] = ['user'], coins = 0) {
    const made = await folks.person(roles);
    if (coins > 0) await grant(app.services.wallet, made.uid, coins, `backup-start:${made.uid}`);
    return made;
  }
  type Person = Awaited<ReturnType<typeof person>>;

  async function post(url: string, body: unknown, who: Person) {
    const answer = await java.call('POST', url, { body, token: who.token });
    expect(answer.status, `${url}: ${JSON.stringify(answer)}`).toBe('success');
    return answer.result;
  }

  async function recharge(fan: Person) {
    const { order } = await post('/orderpay/payByAlipay', { product: 'coins', rmb: 10 }, fan);
    expect((await notifySandboxPaid(app, order)).statusCode).toBe(200);
  }

  /** An anchor approved through the API (ID photos and all), with the room on air. */
  async function room(admin: Person): Promise<{ id: number; anchor: Person }> {
    const anchor = await folks.anchor(admin);
    await app.services.database.db
      .update(liveRooms)
      .set({ live: true })
      .where(eq(liveRooms.id, anchor.roomId));
    return { id: anchor.roomId, anchor };
  }

  /** An approved expert's approved plan on an upcoming match. */
  async function plan(admin: Person): Promise<number> {
    return (await approvedPlan(app, java, { admin, expert: await person(), tag: 'backup' })).id;
  }

  it('restores the site as it was at the backup point, into every database', async () => {
    const { db } = app.services.database;
    // Before the backup: sign-ups, coins granted and recharged, gifts, a plan sold, an upload.
    const admin = await person(['user', 'admin']);
    const fans = await Promise.all([person(['user'], 500), person(['user'], 500), person(['user'])]);
    const busy = await Promise.all([person(['user'], 1000), person(['user'], 1000)]);
    const stage = await room(admin);
    const otherStage = await room(admin);
    const [gift] = (await app.services.gifts.catalogue('zh_CN'))
      .filter((g) => g.currency === 'coin')
      .sort((a, b) => a.price - b.price);
    await recharge(fans[2] as Person);
    for (const fan of fans)
      await post(
        '/gift',
        { roomId: stage.id, giftId: gift?.id, count: 2, key: randomBytes(6).toString('hex') },
        fan,
      );
    const planId = await plan(admin);
    await post('/orderpay/goldExpertPlan', { planId }, fans[0] as Person);
    const image = await png(320, 320);
    const { avatar } = await post('/user/uploadAvatar', image, fans[1] as Person);
    expect(avatar).toMatch(/^\/uploads\/avatars\//);
    // The anchors' ID photos are in DATA_DIR/private; a recording, as the media layer leaves one.
    const idPhotos = readdirSync(path.join(dataDir, 'private'), { recursive: true }).filter((name) =>
      String(name).endsWith('.webp'),
    );
    expect(idPhotos.length).toBeGreaterThanOrEqual(3);
    mkdirSync(path.join(dataDir, 'recordings', 'room-1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'recordings', 'room-1', 'index.m3u8'), '#EXTM3U\n');
    const atBackup = await balances(db);
    const busyAtStart = busy.map((one) => atBackup.get(one.uid)?.coins ?? 0);
    // Those whose balances move while the backup is made.
    const moved = new Set([...busy.map((one) => one.uid), otherStage.anchor.uid]);
    // The gifts and the plan were paid for.
    expect(atBackup.get((fans[0] as Person).uid)?.coins).toBeLessThan(500 + REGISTRATION_BONUS_COINS - 28);
    expect(atBackup.get(stage.anchor.uid)?.diamonds).toBeGreaterThan(0);

    // The operator's endpoint wants its token.
    expect((await app.inject({ url: '/ops/backup' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/ops/backup', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(401);

    // The backup, through the running app, while two other users give gifts in another room.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const archive = path.join(tempDir('archive'), 'panda.tar.gz');
    const moving = (async () => {
      for (let i = 0; i < 12; i++)
        await post(
          '/gift',
          { roomId: otherStage.id, giftId: gift?.id, count: 1, key: randomBytes(6).toString('hex') },
          busy[i % 2] as Person,
        );
    })();
    const [manifest] = await Promise.all([
      fetchBackup({ from: address, token: TOKEN, out: archive }),
      moving,
    ]);
    expect(manifest.database).toBe(app.services.database.kind);
    expect(manifest.files).toEqual(['uploads', 'private', 'recordings']);
    const usersAtBackup = manifest.tables.find((t) => t.name === 'users')?.rows;
    expect(usersAtBackup).toBe(atBackup.size);

    // A download cut short is refused, and leaves nothing behind.
    const bytes = readFileSync(archive);
    const cutter = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/gzip' });
      response.end(bytes.subarray(0, Math.floor(bytes.length / 2)));
    });
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    const cut = path.join(tempDir('cut'), 'cut.tar.gz');
    await expect(
      fetchBackup({
        from: `http://127.0.0.1:${(cutter.address() as AddressInfo).port}`,
        token: TOKEN,
        out: cut,
      }),
    ).rejects.toThrow(/cut short or damaged/);
    cutter.close();
    expect(existsSync(cut) || existsSync(`${cut}.partial`)).toBe(false);

    // After the backup: a sign-up, coins granted, a gift, another upload.
    const late = await person(['user'], 300);
    await grant(app.services.wallet, (fans[0] as Person).uid, 70, 'backup-late-grant');
    await post(
      '/gift',
      { roomId: stage.id, giftId: gift?.id, count: 1, key: 'late-gift' },
      fans[1] as Person,
    );
    const later = await post('/user/uploadAvatar', image, fans[2] as Person);

    for (const into of databaseTargets) {
      const restored = await freshTarget(into);
      const restoredDir = tempDir('restored');
      const done = await restoreBackup({ archive, database: restored, dataDir: restoredDir, batchRows: 7 });
      expect(done.mode).toBe('replica');
      const rdb = restored.db;

      // Every row of the backup point, nothing after it; every balance as it was, the ledger clean.
      expect(await counts(rdb, manifest)).toEqual(
        Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])),
      );
      const after = await balances(rdb);
      for (const [uid, balance] of atBackup)
        if (!moved.has(uid)) expect(after.get(uid), `user ${uid} into ${into.name}`).toEqual(balance);
      // The two that gave while the backup was made: some of it, all of it or none, as one point saw it.
      for (const [i, one] of busy.entries())
        expect(after.get(one.uid)?.coins).toBeLessThanOrEqual(busyAtStart[i] as number);
      expect(after.has(late.uid)).toBe(false);
      expect(await rdb.select().from(users).where(eq(users.username, late.username))).toEqual([]);
      expect(
        await rdb.select().from(coinRecords).where(eq(coinRecords.idempotencyKey, 'backup-late-grant')),
      ).toEqual([]);
      expect(await createWallet(rdb).audit()).toEqual([]);

      // The sequences run past the ids restored.
      const [next] = await rowsOf<{ ahead: boolean }>(
        rdb,
        sql`select nextval('users_uid_seq') > (select max(uid) from users) as ahead`,
      );
      expect(next?.ahead).toBe(true);

      // The files: the upload opens, the ID photo and the recording are back, the later upload is not.
      const file = path.join(restoredDir, avatar.replace(/^\/uploads\//, 'uploads/'));
      expect(await sharp(readFileSync(file)).metadata()).toMatchObject({ format: 'webp', width: 256 });
      for (const photo of idPhotos)
        expect(readFileSync(path.join(restoredDir, 'private', String(photo)))).toEqual(
          readFileSync(path.join(dataDir, 'private', String(photo))),
        );
      expect(existsSync(path.join(restoredDir, 'recordings', 'room-1', 'index.m3u8'))).toBe(true);
      expect(existsSync(path.join(restoredDir, later.avatar.replace(/^\/uploads\//, 'uploads/')))).toBe(
        false,
      );

      // Over a target that holds data: refused without --force, done with it.
      await expect(restoreBackup({ archive, database: restored, dataDir: restoredDir })).rejects.toThrow(
        /already holds data .*--force/,
      );
      const [touched] = await rdb.update(users).set({ coins: 1 }).where(eq(users.uid, admin.uid)).returning();
      expect(touched?.coins).toBe(1);

      // A failed restore (a count the archive's rows do not match) leaves the target as it was.
      const broken = await withManifest(archive, (m) => {
        const last = m.tables.at(-1);
        if (last) last.rows += 1;
      });
      await expect(
        restoreBackup({ archive: broken, database: restored, dataDir: restoredDir, force: true }),
      ).rejects.toThrow(/rows; its manifest says/);
      expect((await balances(rdb)).get(admin.uid)?.coins).toBe(1);
      expect(existsSync(file)).toBe(true);

      // Forced, in the order foreign keys ask for (as a database owner without superuser restores).
      const again = await restoreBackup({
        archive,
        database: restored,
        dataDir: restoredDir,
        force: true,
        mode: 'ordered',
      });
      expect(again.mode).toBe('ordered');
      expect(await balances(rdb)).toEqual(after);
      expect(await createWallet(rdb).audit()).toEqual([]);
      expect(existsSync(file)).toBe(true);
    }

    // An archive of another migration level is refused, saying which, before the target is touched.
    const older = await withManifest(archive, (m) => {
      m.migrations.pop();
    });
    const untouched = await freshTarget(target);
    await expect(
      restoreBackup({ archive: older, database: untouched, dataDir: tempDir('older') }),
    ).rejects.toThrow(/archive was made at migration \d{4}_\w+ \(\d+ applied\); this build is at migration/);
    expect(await counts(untouched.db, manifest)).toMatchObject({ users: 0 });
  }, 180_000);
});

describe('the operator endpoint', () => {
  it('does not exist without OPS_TOKEN', async () => {
    const bare = Fastify();
    bare.decorate('services', {
      env: readEnv({ NODE_ENV: 'test' }),
    } as unknown as FastifyInstance['services']);
    await bare.register(ops);
    expect((await bare.inject({ url: '/ops/backup' })).statusCode).toBe(404);
    await bare.close();
  });

  it('names archives by the UTC time of their consistent point', () => {
    expect(archiveName(new Date('2026-12-03T10:15:30.123Z'))).toBe('panda-2026-12-03T10-15-30Z.tar.gz');
  });
});

describe('the embedded database', () => {
  it('refuses a direct backup while a process has it open, and is backed up once it is closed', async () => {
    const dataDir = tempDir('embedded');
    const dbDir = path.join(dataDir, 'db');
    const { load } = freshEmbeddedDatabase() as { load: Blob };
    const database = await openDatabase({ dataDir: dbDir, load });
    let open = true;
    cleanUpAfterFile(async () => {
      if (open) await database.close();
    });
    expect(embeddedDatabaseHolder(dbDir)).toBe(process.pid);
    // A second opening in the process is refused as well.
    await expect(openDatabase({ dataDir: dbDir })).rejects.toThrow(/in use by process/);

    // `npm run backup` as an operator runs it, beside this process which holds the database.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
    delete env.DATABASE_URL;
    const refused = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'backup'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('npm run backup -- --from http://');

    await database.close();
    open = false;
    expect(existsSync(inUseFile(dbDir))).toBe(false);
    const archive = path.join(tempDir('embedded-archive'), 'panda.tar.gz');
    const said: string[] = [];
    expect(await main(['backup', '--out', archive], { DATA_DIR: dataDir }, (line) => said.push(line))).toBe(
      0,
    );
    expect(said[0]).toMatch(/^backed up to .*: \d+ tables, \d+ rows/);
    expect((await readManifest(archive)).database).toBe('pglite');
    expect(existsSync(inUseFile(dbDir))).toBe(false);

    // The restore command refuses a target that holds data, and an archive of another level.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await grantInto(dbDir);
      expect(await main(['restore', archive], { DATA_DIR: dataDir }, () => {})).toBe(1);
      expect(errors.mock.calls.at(-1)?.[0]).toMatch(/already holds data \(users/);
      const older = await withManifest(archive, (m) => {
        m.migrations.pop();
      });
      expect(await main(['restore', older], { DATA_DIR: tempDir('nowhere') }, () => {})).toBe(1);
      expect(errors.mock.calls.at(-1)?.[0]).toMatch(/^The archive was made at migration/);
    } finally {
      errors.mockRestore();
    }
  }, 60_000);

  it('takes over a marker whose process is gone', async () => {
    const dbDir = path.join(tempDir('stale'), 'db');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('close', resolve));
    writeFileSync(inUseFile(dbDir), `${gone.pid}\n`);
    expect(embeddedDatabaseHolder(dbDir)).toBeNull();
    const release = holdEmbeddedDatabase(dbDir);
    expect(readFileSync(inUseFile(dbDir), 'utf8').trim()).toBe(String(process.pid));
    expect(() => holdEmbeddedDatabase(dbDir)).toThrow(/in use by process/);
    release();
    expect(existsSync(inUseFile(dbDir))).toBe(false);
  });
});

/** Puts a user into a closed embedded database, so that it holds data. */
async function grantInto(dbDir: string) {
  const database = await openDatabase({ dataDir: dbDir });
  try {
    await database.db
      .insert(users)
      .values({ username: 'holder', registrationSource: 'email', registrationType: 1 });
  } finally {
    await database.close();
  }
}
