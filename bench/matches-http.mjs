// Match list benchmark: the in-play list /java/v2/match/getPCLiveGameMatch with about 50 matches in
// play, next to a bare Fastify route sending the same payload from memory. See bench/README.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  BENCH_DIR,
  CONNECTIONS,
  machine,
  measure,
  ROOT,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  startCeiling,
  WARMUP_SECONDS,
} from './lib.mjs';

const IN_PLAY = 50;
const LIVE_PATH = `/java/v2/match/getPCLiveGameMatch?pageSize=${IN_PLAY}`;
/** Target: the app's cached list ahead of the bare route that serialises on every request. */
const TARGET_SHARE_OF_CEILING = 1;

function markdown(report) {
  const { ceiling, live } = report.results;
  const row = (label, r) =>
    `| ${label} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.bytesPerResponse} | ${r.errors} | ${r.non2xx} |`;
  const [target] = report.targets;
  return `# Match list benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Bytes/response | Errors | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row('(a) Bare Fastify, same JSON from memory, serialised per request', ceiling)}
${row(`(b) App: \`${LIVE_PATH}\` (${report.inPlay} matches in play)`, live)}

(b) / (a) = **${round(report.liveToCeilingRatio * 100, 1)}%**

## Target

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
| ${target.name} | ≥ ${round(target.goal * 100)}% of (a) | ${round(target.value * 100, 1)}% | ${target.met ? 'met' : 'not met'} |
`;
}

export function runMatchesHttpBenchmark() {
  return runBenchmark('matches-http', async (runDir) => {
    // Matches in play, stored before the app starts: its board loads them, and no feed changes them.
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'matches-seed.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: path.join(runDir, 'data'), COUNT: String(IN_PLAY) },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding the matches failed');
    const { url: appUrl } = await startApp(runDir, { SCORE_FEED: 'none' });

    const answer = await fetch(`${appUrl}${LIVE_PATH}`);
    if (answer.status !== 200) throw new Error(`${LIVE_PATH} answered ${answer.status}`);
    const payload = await answer.json();
    if (payload.result.list.length !== IN_PLAY) {
      throw new Error(`expected ${IN_PLAY} matches in play, the app lists ${payload.result.list.length}`);
    }
    const ceilingUrl = `${await startCeiling(runDir, LIVE_PATH.split('?')[0], payload)}${LIVE_PATH}`;

    const results = {
      ceiling: await measure('(a) bare Fastify, same payload', ceilingUrl),
      live: await measure('(b) app in-play list', `${appUrl}${LIVE_PATH}`),
    };
    const ratio = results.live.requestsPerSec / results.ceiling.requestsPerSec;
    const report = {
      ...machine(),
      setup:
        `${IN_PLAY} matches in play (head-to-head games of the catalogue, a few minutes into play), stored before the ` +
        `app starts, no score feed running. autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up ` +
        `(discarded), then ${SECONDS} s measured, per target. Load generator in the parent process; app and bare ` +
        'route each in their own child process.',
      inPlay: IN_PLAY,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      results,
      liveToCeilingRatio: ratio,
      targets: [
        {
          name: '`getPCLiveGameMatch` vs bare route',
          goal: TARGET_SHARE_OF_CEILING,
          value: ratio,
          met: ratio >= TARGET_SHARE_OF_CEILING,
        },
      ],
    };
    console.log(`\n(b)/(a) = ${round(ratio * 100, 1)}%`);
    return { report, markdown: markdown(report) };
  });
}
