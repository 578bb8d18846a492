// Shared pieces of the benchmarks: child servers on free ports, readiness, autocannon runs.
// The servers run in child processes and autocannon runs in this one, so the load generator
// never shares an event loop with the server it measures.
//
// Env: BENCH_SECONDS (measured seconds per target, default 15),
//      BENCH_WARMUP_SECONDS (discarded warm-up per target, default 3).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  buildServer,
  SERVER_BUNDLE,
  SERVER_ENV_DEFAULTS,
  SERVER_NODE_FLAGS,
  serverBuildIsStale,
} from '../scripts/server-build.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BENCH_DIR = path.join(ROOT, 'bench');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export const SECONDS = positiveNumber('BENCH_SECONDS', 15);
export const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 3);
export const CONNECTIONS = 50;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Children still running; stopped in `finally` and on Ctrl-C. */
const children = new Set();

export function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Asks the OS for a port that is free right now. */
export function freePort() {
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

export function buildIfNeeded() {
  if (existsSync(path.join(ROOT, 'build/server/index.js'))) return;
  console.log('build/server/index.js is missing; running react-router build');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('react-router build failed');
}

/**
 * Starts a Node child with its output going to a log file (kept for when it fails). With `ipc` the
 * child can `process.send` to this process and back.
 */
export function startChild(name, args, env, logFile, { ipc = false } = {}) {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log, ...(ipc ? ['ipc'] : [])],
  });
  child.benchName = name;
  child.logFile = logFile;
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

/** Polls `url` until it answers 200; fails early if the child exits. */
export async function waitReady(child, url) {
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

export class StartError extends Error {}

/** SIGTERM, then SIGKILL if the child has not exited in time. */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map(stopChild));
}

/** A discarded warm-up, then the measured run. `request`: headers, method, body, as autocannon takes them. */
export async function measure(name, url, request = {}) {
  const options = { url, connections: CONNECTIONS, ...request };
  console.log(`\n${name}: ${url}`);
  console.log(`  warm-up ${WARMUP_SECONDS} s`);
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  console.log(`  measuring ${SECONDS} s`);
  const r = await autocannon({ ...options, duration: SECONDS });
  const result = {
    name,
    url,
    connections: options.connections,
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

export function round(n, digits = 0) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** The machine, for the results. */
export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    // The code measured: a result is read beside the commit it was taken on.
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(),
    node: process.version,
    cpu: { model: cpus[0]?.model ?? 'unknown', cores: cpus.length },
  };
}

/**
 * Starts the app as `npm start` does (the server built ahead of time, its Node flags and defaults;
 * embedded database, in-process bus) and waits until it is ready;
 * returns its base URL and process id.
 */
export async function startApp(runDir, env = {}) {
  if (serverBuildIsStale()) await buildServer();
  const port = await freePort();
  const app = startChild(
    'app',
    [...SERVER_NODE_FLAGS, SERVER_BUNDLE],
    {
      ...SERVER_ENV_DEFAULTS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      LOG_LEVEL: 'warn',
      // As in production: React reads process.env.NODE_ENV itself and is far slower without it.
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The benchmarks register and sign in through the sandbox (outbox codes, test login).
      DEV_ADAPTERS: 'true',
      ...env,
    },
    path.join(runDir, 'app.log'),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(app, `${url}/readyz`);
  console.log(`app ready on ${url}`);
  return { url, pid: app.pid };
}

/** CPU time (ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Waits until the process uses under a tenth of a core over half a second (a minute at most), so
 * the requests a finished run left queued are served before the next run, not during it.
 */
export async function settle(pid) {
  const start = Date.now();
  while (Date.now() - start < 60_000) {
    const before = cpuMs(pid);
    await sleep(500);
    if (cpuMs(pid) - before < 50) return;
  }
  console.log('  still busy after a minute; measuring anyway');
}

/** A process's resident memory in MB, from /proc (Linux). */
export function rssMb(pid) {
  const rss = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return rss ? Math.round(Number(rss[1]) / 1024) : null;
}

// A Chinese-speaking browser that already chose zh_CN, so the page's language step renders the
// page instead of redirecting.
export const PAGE_HEADERS = {
  cookie: 'lang=zh_CN',
  'accept-language': 'zh-CN',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

/** Calls the app's `/java` API and returns the envelope's result; a failed call throws. */
export async function callJava(base, method, apiPath, body, token) {
  const response = await fetch(`${base}/java${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body && JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.status !== 'success') throw new Error(`${apiPath}: ${envelope.errorMsg}`);
  return envelope.result;
}

/**
 * Starts the bare Fastify "ceiling" (bench/ceiling.mjs) answering `routePath` with `payload` from
 * memory, and waits until it answers; returns its base URL.
 */
export async function startCeiling(runDir, routePath, payload) {
  const payloadFile = path.join(runDir, 'payload.json');
  writeFileSync(payloadFile, JSON.stringify(payload));
  const port = await freePort();
  const ceiling = startChild(
    'ceiling',
    [path.join(BENCH_DIR, 'ceiling.mjs')],
    { PORT: String(port), CEILING_PATH: routePath, CEILING_PAYLOAD: payloadFile, NODE_ENV: 'production' },
    path.join(runDir, 'ceiling.log'),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(ceiling, `${url}${routePath}`);
  console.log(`ceiling ready on ${url}`);
  return url;
}

/** Runs `body(runDir)` with servers stopped afterwards, and writes `<name>.json` and `<name>.md`. */
export async function runBenchmark(name, body) {
  buildIfNeeded();
  const runDir = path.join(BENCH_DIR, '.tmp', `${name}-${Date.now()}`);
  mkdirSync(runDir, { recursive: true });
  let ok = false;
  try {
    const { report, markdown } = await body(runDir);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, `${name}.md`), markdown);
    console.log(`written: bench/results/${name}.json, bench/results/${name}.md`);
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
