// Wallet benchmark: 1-coin spends per second through modules/wallet on PostgreSQL, against one
// hot user (every spend waits for the same row) and spread over many users; every spend pays the
// platform account, as a gift or an unlock does. See bench/README.md.
// Run: `node bench/run.mjs wallet` with TEST_DATABASE_URL (or DATABASE_URL) naming a PostgreSQL server.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { createWallet } from '../modules/wallet/wallet.service';
import { grant } from '../test/ledger';
import { createPostgresDatabase } from '../test/services';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 20;
const MANY = 1000;

async function main() {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, poolSize: CONCURRENCY });
  try {
    const wallet = createWallet(database.db);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: MANY }, (_, i) => ({
          username: `bench${i}`,
          registrationSource: 'test',
          registrationType: 1,
        })),
      )
      .returning({ uid: users.uid });
    const uids = rows.map((r) => r.uid);
    for (const uid of uids) await grant(wallet, uid, 1e9, 'seed');

    /** Spends for SECONDS with CONCURRENCY workers; answers spends per second and latencies. */
    async function run(pick: (i: number) => number) {
      const latencies: number[] = [];
      const end = Date.now() + SECONDS * 1000;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < end) {
            const i = next++;
            const start = performance.now();
            await wallet.transfer({
              from: { userId: pick(i) },
              to: { account: 'platform' },
              currency: 'coin',
              amount: 1,
              type: 'gift_sent',
              idempotencyKey: `spend:${i}:${Math.random()}`,
            });
            latencies.push(performance.now() - start);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
      return { spendsPerSecond: Math.round(latencies.length / SECONDS), p50Ms: at(0.5), p99Ms: at(0.99) };
    }

    const hot = await run(() => uids[0] as number);
    const spread = await run((i) => uids[i % MANY] as number);
    const audit = await wallet.audit();
    if (audit.length) throw new Error(`the books do not balance: ${JSON.stringify(audit)}`);
    const report = {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
      node: process.version,
      cpu: { model: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length },
      setup: `${CONCURRENCY} concurrent workers, pool of ${CONCURRENCY}, ${SECONDS} s each, local PostgreSQL; each spend is one transaction (the user's and the platform account's rows locked, idempotency check, a conditional update and a ledger insert for each).`,
      oneHotUser: hot,
      manyUsers: { users: MANY, ...spread },
    };
    const dir = path.join(import.meta.dirname, 'results');
    writeFileSync(path.join(dir, 'wallet.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(
      path.join(dir, 'wallet.md'),
      `# Wallet spends on PostgreSQL\n\n${report.setup}\n\nMachine: ${report.cpu.model}, ${report.cpu.cores} cores, Node ${report.node}, ${report.date}, commit ${report.commit}.\n\n| Target | Spends/s | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: |\n| One hot user | ${hot.spendsPerSecond} | ${hot.p50Ms} | ${hot.p99Ms} |\n| ${MANY} users | ${spread.spendsPerSecond} | ${spread.p50Ms} | ${spread.p99Ms} |\n\nThe books balanced (audit empty) after both runs.\n`,
    );
    console.log(report);
  } finally {
    await database.close();
    await created.drop();
  }
}

await main();
