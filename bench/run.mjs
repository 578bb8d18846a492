// HTTP benchmark: the app's cached /java endpoint and its SSR home page, next to a bare
// Fastify "ceiling" serving the same JSON. See bench/README.md.
//
// The servers run in child processes and autocannon runs here, so the load generator never
// shares an event loop with the server it measures.
//
// Env: BENCH_SECONDS (measured seconds per target, default 15),
//      BENCH_WARMUP_SECONDS (discarded warm-up per target, default 3).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DIR = path.join(ROOT, 'bench');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

const SECONDS = positiveNumber('BENCH_SECONDS', 15);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 3);
const CONNECTIONS = 50;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

const JAVA_PATH = '/java/game/v3/getPCGameSource';

// Headers of a Chinese-speaking browser that already chose zh_CN, so the page's language
// step renders the page instead of redirecting.
const PAGE_HEADERS = {
  cookie: 'lang=zh_CN',
  'accept-language': 'zh-CN',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const TARGETS = {
  javaShareOfCeiling: 0.5, // the /java endpoint at >= 50% of the ceiling's requests/s
  ssrHomeRequestsPerSec: 400,
};

/** Children still running; stopped in `finally` and on Ctrl-C. */
const children = new Set();

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Asks the OS for a port that is free right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function buildIfNeeded() {
  if (existsSync(path.join(ROOT, 'build/server/index.js'))) return;
  console.log('build/server/index.js is missing; running react-router build');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('react-router build failed');
}

/** Starts a Node child with its output going to a log file (kept for when it fails). */
function startChild(name, args, env, logFile) {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  child.benchName = name;
  child.logFile = logFile;
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

/** Polls `url` until it answers 200; fails early if the child exits. */
async function waitReady(child, url) {
  let exited = null;
  child.exited.then((how) => {
    exited = how;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  const why = exited
    ? `exited (code ${exited.code}, signal ${exited.signal})`
    : `not ready after ${READY_TIMEOUT_MS} ms`;
  const tail = readFileSync(child.logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new StartError(
    `${child.benchName} failed to start: ${why}\n--- ${child.logFile} (tail) ---\n${tail}`,
  );
}

class StartError extends Error {}

/** SIGTERM, then SIGKILL if the child has not exited in time. */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await child.exited;
  clearTimeout(timer);
}

async function stopAll() {
  await Promise.all([...children].map(stopChild));
}

/** A discarded warm-up, then the measured run. */
async function measure(name, url, headers = {}) {
  const options = { url, connections: CONNECTIONS, headers };
  console.log(`\n${name}: ${url}`);
  console.log(`  warm-up ${WARMUP_SECONDS} s`);
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  console.log(`  measuring ${SECONDS} s`);
  const r = await autocannon({ ...options, duration: SECONDS });
  const result = {
    name,
    url,
    requestsPerSec: r.requests.mean,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.mean },
    totalRequests: r.requests.total,
    bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
  console.log(
    `  ${round(result.requestsPerSec)} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
      `errors ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}`,
  );
  return result;
}

function round(n, digits = 0) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function markdown(report) {
  const { ceiling, java, ssrHome, ssrHomeSession } = report.results;
  const row = (label, r) =>
    `| ${label} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`;
  const met = (t) => (t.met ? 'met' : 'not met');
  const [javaTarget, ssrTarget] = report.targets;
  return `# HTTP benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | of which timeouts | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(`(a) Ceiling: bare Fastify, same JSON (\`${ceiling.url.replace(/^https?:\/\/[^/]+/, '')}\`)`, ceiling)}
${row(`(b) App: cached \`${JAVA_PATH}\``, java)}
${row('(c) App: SSR home `/` (guest: page cache, 1 s)', ssrHome)}
${row('(d) App: SSR home `/` (session cookie: rendered every time)', ssrHomeSession)}

(b) / (a) = **${round(report.javaToCeilingRatio * 100, 1)}%**

## Targets

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
| ${javaTarget.name} | ≥ ${round(javaTarget.goal * 100)}% of ceiling | ${round(javaTarget.value * 100, 1)}% | ${met(javaTarget)} |
| ${ssrTarget.name} | ≥ ${ssrTarget.goal} req/s | ${round(ssrTarget.value)} req/s | ${met(ssrTarget)} |
`;
}

async function main() {
  buildIfNeeded();

  // A fresh database and log files for every run, under the git-ignored bench/.tmp/.
  const runDir = path.join(BENCH_DIR, '.tmp', `run-${Date.now()}`);
  mkdirSync(runDir, { recursive: true });
  let ok = false;

  try {
    const appPort = await freePort();
    const app = startChild(
      'app',
      ['--import', 'tsx', 'server/main.ts'],
      {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(runDir, 'data'),
        LOG_LEVEL: 'warn',
        // As in production: React reads process.env.NODE_ENV itself and is far slower without it.
        NODE_ENV: 'production',
        // Embedded database and in-memory bus, whatever the calling shell has set.
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      path.join(runDir, 'app.log'),
    );
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitReady(app, `${appUrl}/readyz`);
    console.log(`app ready on ${appUrl}`);

    // The ceiling serves the app's real answer, so both send the same bytes.
    const answer = await fetch(`${appUrl}${JAVA_PATH}`);
    if (answer.status !== 200) throw new Error(`${JAVA_PATH} answered ${answer.status}`);
    const payloadFile = path.join(runDir, 'payload.json');
    writeFileSync(payloadFile, JSON.stringify(await answer.json()));

    const ceilingPort = await freePort();
    const ceiling = startChild(
      'ceiling',
      [path.join(BENCH_DIR, 'ceiling.mjs')],
      {
        PORT: String(ceilingPort),
        CEILING_PATH: JAVA_PATH,
        CEILING_PAYLOAD: payloadFile,
        NODE_ENV: 'production',
      },
      path.join(runDir, 'ceiling.log'),
    );
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
    await waitReady(ceiling, `${ceilingUrl}${JAVA_PATH}`);
    console.log(`ceiling ready on ${ceilingUrl}`);

    // One target at a time; the idle server costs next to nothing meanwhile.
    const results = {
      ceiling: await measure('(a) ceiling', `${ceilingUrl}${JAVA_PATH}`),
      java: await measure('(b) app /java cached', `${appUrl}${JAVA_PATH}`),
      ssrHome: await measure('(c) app SSR home', `${appUrl}/`, PAGE_HEADERS),
      // A session cookie makes the page personal: never served from the guests' page cache.
      ssrHomeSession: await measure('(d) app SSR home, with a session', `${appUrl}/`, {
        ...PAGE_HEADERS,
        cookie: 'lang=zh_CN; token=bench',
      }),
    };

    const ratio = results.java.requestsPerSec / results.ceiling.requestsPerSec;
    const cpus = os.cpus();
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: { model: cpus[0]?.model ?? 'unknown', cores: cpus.length },
      setup:
        `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target. ` +
        `Load generator in the parent process; app and ceiling each in their own child process ` +
        `(on a ${cpus.length}-core machine the load generator and the server under test get roughly one core each).`,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      results,
      javaToCeilingRatio: ratio,
      targets: [
        {
          name: `\`${JAVA_PATH}\` vs ceiling`,
          goal: TARGETS.javaShareOfCeiling,
          value: ratio,
          met: ratio >= TARGETS.javaShareOfCeiling,
        },
        {
          name: 'SSR home `/`',
          goal: TARGETS.ssrHomeRequestsPerSec,
          value: results.ssrHome.requestsPerSec,
          met: results.ssrHome.requestsPerSec >= TARGETS.ssrHomeRequestsPerSec,
        },
      ],
    };

    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'http.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, 'http.md'), markdown(report));
    console.log(`\n(b)/(a) = ${round(ratio * 100, 1)}%`);
    for (const t of report.targets) console.log(`${t.name}: ${t.met ? 'met' : 'NOT met'}`);
    console.log(`written: bench/results/http.json, bench/results/http.md`);
    ok = true;
  } finally {
    await stopAll();
    // Keep the logs and database of a failed run for a look; drop them otherwise.
    if (ok) rmSync(runDir, { recursive: true, force: true });
    else console.error(`run files kept in ${path.relative(ROOT, runDir)}`);
  }
}

// Ctrl-C or a kill of the parent still stops the servers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

main().catch((err) => {
  console.error(err instanceof StartError ? err.message : err);
  process.exitCode = 1;
});
