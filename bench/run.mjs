// Runs the benchmarks in turn; `node bench/run.mjs http` (or `pages`, `accounts`, `content`, `wallet`,
// `matches-http`, `library`, `search`, `start`, `scores-ws`, `live`, `chat-ws`) runs one.
// `scores-ws`, `live` and `chat-ws` take the whole machine for several minutes, so they run only when named
// or with `all`, which runs every benchmark and then writes bench/REPORT.md.
import { spawnSync } from 'node:child_process';
import { runAccountsBenchmark } from './accounts.mjs';
import { runContentBenchmark } from './content.mjs';
import { runHttpBenchmark } from './http.mjs';
import { runLibraryBenchmark } from './library.mjs';
import { runLiveBenchmark } from './live/run.mjs';
import { runMatchesHttpBenchmark } from './matches-http.mjs';
import { runPagesBenchmark } from './pages.mjs';
import { writeReport } from './report.mjs';
import { runScoresWsBenchmark } from './scores-ws/run.mjs';
import { runSearchBenchmark } from './search.mjs';
import { runStartBenchmark } from './start.mjs';

/** The wallet benchmark drives the TypeScript service directly, so it runs under tsx. */
function runWalletBenchmark() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/wallet-spends.ts'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('wallet benchmark failed');
}

/** The chat benchmark starts its own servers and load processes. */
function runChatWsBenchmark() {
  const run = spawnSync(process.execPath, ['bench/chat-ws/run.mjs'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('chat benchmark failed');
}

const benchmarks = {
  http: { run: runHttpBenchmark, byDefault: true },
  pages: { run: runPagesBenchmark, byDefault: true },
  accounts: { run: runAccountsBenchmark, byDefault: true },
  content: { run: runContentBenchmark, byDefault: true },
  wallet: { run: runWalletBenchmark, byDefault: true },
  'matches-http': { run: runMatchesHttpBenchmark, byDefault: true },
  library: { run: runLibraryBenchmark, byDefault: true },
  search: { run: runSearchBenchmark, byDefault: true },
  start: { run: runStartBenchmark, byDefault: true },
  'scores-ws': { run: runScoresWsBenchmark, byDefault: false },
  live: { run: runLiveBenchmark, byDefault: false },
  'chat-ws': { run: runChatWsBenchmark, byDefault: false },
};
const chosen = process.argv.slice(2);
const all = chosen.includes('all');

for (const [name, { run, byDefault }] of Object.entries(benchmarks)) {
  if (all || (chosen.length === 0 ? byDefault : chosen.includes(name))) await run();
}
if (all) writeReport();
