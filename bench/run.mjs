// Runs every benchmark in turn; `node bench/run.mjs http` (or `accounts`, `content`) runs one.
import { runAccountsBenchmark } from './accounts.mjs';
import { runContentBenchmark } from './content.mjs';
import { runHttpBenchmark } from './http.mjs';

const benchmarks = { http: runHttpBenchmark, accounts: runAccountsBenchmark, content: runContentBenchmark };
const chosen = process.argv.slice(2);

for (const [name, run] of Object.entries(benchmarks)) {
  if (chosen.length === 0 || chosen.includes(name)) await run();
}
