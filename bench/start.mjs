// Start-up benchmark: a newcomer's first start on a fresh data folder, the build done. How long until
// /healthz answers 200, and until the home page's "in play" tab lists live matches. See bench/README.md.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  buildServer,
  SERVER_BUNDLE,
  SERVER_ENV_DEFAULTS,
  SERVER_NODE_FLAGS,
  serverBuildIsStale,
} from '../scripts/server-build.mjs';
import { freePort, machine, PAGE_HEADERS, round, runBenchmark, startChild, stopAll } from './lib.mjs';

const RUNS = 3;
const TARGETS = { healthzSeconds: 25, liveAfterHealthzSeconds: 10 };

/** Polls `check` every 100 ms until it answers true; answers the seconds since `started`. */
async function secondsUntil(started, check, limitMs = 120_000) {
  while (performance.now() - started < limitMs) {
    try {
      if (await check()) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${limitMs} ms`);
}

async function oneStart(runDir, index) {
  const dir = path.join(runDir, `start-${index}`);
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // As `npm start` runs the built server: the sandbox, the embedded database, the demo data.
  startChild(
    `app ${index}`,
    [...SERVER_NODE_FLAGS, SERVER_BUNDLE],
    {
      ...SERVER_ENV_DEFAULTS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      DEV_ADAPTERS: 'true',
      RTMP_PORT: '0',
    },
    path.join(dir, 'app.log'),
  );
  const healthz = await secondsUntil(started, async () => (await fetch(`${url}/healthz`)).ok);
  const live = await secondsUntil(started, async () => {
    const html = await (await fetch(`${url}/?tab=live`, { headers: PAGE_HEADERS })).text();
    return html.includes('data-match="');
  });
  await stopAll();
  return { healthz: round(healthz, 1), liveAfterHealthz: round(live - healthz, 1) };
}

export async function runStartBenchmark() {
  // The build is not what is measured: "after the build finishes".
  if (serverBuildIsStale()) await buildServer();
  await runBenchmark('start', async (runDir) => {
    const runs = [];
    for (let index = 1; index <= RUNS; index += 1) {
      runs.push(await oneStart(runDir, index));
      console.log(`start ${index}:`, runs.at(-1));
    }
    const worst = {
      healthz: Math.max(...runs.map((r) => r.healthz)),
      liveAfterHealthz: Math.max(...runs.map((r) => r.liveAfterHealthz)),
    };
    const report = { machine: machine(), targets: TARGETS, runs, worst };
    const { date, commit, node, cpu } = report.machine;
    const markdown = `# Start-up benchmark results

${date} · commit ${commit} · Node ${node} · ${cpu.model.trim()} × ${cpu.cores} cores

The built server started as \`npm start\` starts it (the sandbox, the embedded database, the demo data)
on a fresh data folder, ${RUNS} times one after the other; the time from the process's start until
\`/healthz\` answers 200, then until the home page's "in play" tab (\`/?tab=live\`, as a browser that
chose zh_CN) lists a live match.

| Start | /healthz 200 (s) | live matches listed, after /healthz (s) |
| --- | ---: | ---: |
${runs.map((r, i) => `| ${i + 1} | ${r.healthz} | ${r.liveAfterHealthz} |`).join('\n')}
| worst | ${worst.healthz} (target ≤ ${TARGETS.healthzSeconds}) | ${worst.liveAfterHealthz} (target ≤ ${TARGETS.liveAfterHealthzSeconds}) |
`;
    return { report, markdown };
  });
}
