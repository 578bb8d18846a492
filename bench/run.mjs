// Runs every benchmark in turn; `node bench/run.mjs http` (or `accounts`, `wallet`) runs one.
import { spawnSync } from 'node:child_process';
import { runAccountsBenchmark } from './accounts.mjs';
import { runHttpBenchmark } from './http.mjs';

/** The wallet benchmark drives the TypeScript service directly, so it runs under tsx. */
function runWalletBenchmark() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/wallet-spends.ts'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('wallet benchmark failed');
}

const benchmarks = { http: runHttpBenchmark, accounts: runAccountsBenchmark, wallet: runWalletBenchmark };
const chosen = process.argv.slice(2);

for (const [name, run] of Object.entries(benchmarks)) {
  if (chosen.length === 0 || chosen.includes(name)) await run();
}
