// Score-push benchmark: 10,000 websocket clients, each following one game's in-play list and two
// single matches, while a feed applies 100 score updates per second for 60 s; the app's hub
// (/ws/scores) beside a plain socket.io server and a naive `ws` broadcast. See bench/README.md.
//
// Env: BENCH_WS_CLIENTS (10000), BENCH_WS_SECONDS (60), BENCH_WS_RATE (100 updates/s),
//      BENCH_WS_LOAD_PROCESSES (4), BENCH_WS_TARGETS (hub,ws,socketio), BENCH_MAX_RSS_MB (3072: a
//      server past it stops its feed, so a baseline that queues without bound cannot take the machine).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, machine, positiveNumber, RESULTS_DIR, round, startChild, stopAll } from '../lib.mjs';

const here = import.meta.dirname;
const CLIENTS = positiveNumber('BENCH_WS_CLIENTS', 10_000);
const SECONDS = positiveNumber('BENCH_WS_SECONDS', 60);
const RATE = positiveNumber('BENCH_WS_RATE', 100);
const LOADS = positiveNumber('BENCH_WS_LOAD_PROCESSES', 4);
const TARGET_NAMES = (process.env.BENCH_WS_TARGETS || 'hub,ws,socketio').split(',');

/** PostgreSQL for the app under test, as in production; without one it uses its embedded database. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const GOALS = { p99Ms: 300, lost: 0, bytesPerConnection: 10 * 1024 };

const TARGETS = {
  hub: {
    label: 'App hub `/ws/scores` (per-topic diffs, one frame per tick)',
    kind: 'hub',
    entry: 'hub-server.ts',
  },
  ws: {
    label: 'Naive `ws` broadcast (one frame per update to every client)',
    kind: 'ws',
    entry: 'baseline-server.ts',
  },
  socketio: {
    label: 'Plain socket.io (`io.emit` of each update)',
    kind: 'socketio',
    entry: 'baseline-server.ts',
  },
};

/** Sends `message` to a child and waits for its answer of type `answer`. */
function ask(child, message, answer, timeoutMs) {
  const reply = next(child, answer, timeoutMs);
  child.send(message);
  return reply;
}

/** The next message of `type` from a child; fails if the child exits first or time runs out. */
function next(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`${child.benchName}: no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message) => message.type === type && done(null, message);
    const onExit = (code, signal) =>
      done(new Error(`${child.benchName} exited (${code ?? signal}) before "${type}"`));
    function done(err, message) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(message);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function percentile(sorted, total, p) {
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [ms, n] of sorted) {
    seen += n;
    if (seen >= rank) return ms;
  }
  return sorted.at(-1)[0];
}

/** Merges the load processes' sparse histograms and takes p50, p99 and the maximum. */
function latencyOf(reports, key) {
  const merged = new Map();
  for (const report of reports)
    for (const [ms, n] of report.latency[key]) merged.set(ms, (merged.get(ms) ?? 0) + n);
  const sorted = [...merged].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  return {
    samples: total,
    p50: percentile(sorted, total, 50),
    p99: percentile(sorted, total, 99),
    max: sorted.at(-1)?.[0] ?? null,
  };
}

/** Each client: one game's in-play list (games in turn) and two single matches of any game. */
function assignments(matches) {
  const byGame = {};
  for (const { id, gameId } of matches) {
    byGame[gameId] ??= [];
    byGame[gameId].push(id);
  }
  const games = Object.keys(byGame);
  const list = Array.from({ length: CLIENTS }, (_, c) => {
    const a = matches[(c * 7) % matches.length].id;
    const b = matches[(c * 13 + 5) % matches.length].id;
    return [games[c % games.length], a, b === a ? matches[(c * 13 + 6) % matches.length].id : b];
  });
  return { byGame, list };
}

async function measureTarget(name, runDir, matchesFile) {
  const target = TARGETS[name];
  const port = await freePort();
  console.log(`\n${target.label}`);
  const server = startChild(
    name,
    ['--expose-gc', '--import', 'tsx', path.join(here, target.entry)],
    {
      PORT: String(port),
      BENCH_KIND: target.kind,
      BENCH_MATCHES_FILE: matchesFile,
      DATA_DIR: path.join(runDir, 'data'),
      // The app's server makes its own database there (test/services.ts) and drops it when stopped.
      TEST_DATABASE_URL: POSTGRES_URL,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
    },
    path.join(runDir, `${name}.log`),
    { ipc: true },
  );
  const loads = [];
  try {
    const ready = await next(server, 'ready', 180_000);
    const idle = await ask(server, { type: 'memory' }, 'memory', 30_000);
    const { byGame, list } = assignments(ready.matches);
    console.log(
      `  ${ready.matches.length} live matches in ${Object.keys(byGame).length} games; connecting ${CLIENTS} clients`,
    );
    const connectStart = Date.now();
    for (let i = 0; i < LOADS; i++) {
      const load = startChild(
        `load-${i}`,
        [path.join(here, 'load.mjs')],
        {},
        path.join(runDir, `${name}-load-${i}.log`),
        {
          ipc: true,
        },
      );
      loads.push(load);
      const share = list.filter((_, c) => c % LOADS === i);
      load.send({ type: 'connect', kind: target.kind, url: ready.url, assignments: share, byGame });
    }
    const connected = await Promise.all(loads.map((load) => next(load, 'connected', 180_000)));
    const clients = connected.reduce((sum, c) => sum + c.clients, 0);
    const failed = connected.reduce((sum, c) => sum + c.failed, 0);
    console.log(
      `  ${clients} connected, ${failed} failed, in ${round((Date.now() - connectStart) / 1000, 1)} s`,
    );
    const loaded = await ask(server, { type: 'memory' }, 'memory', 30_000);

    server.on('message', (message) => {
      if (message.type === 'applied') for (const load of loads) load.send(message);
    });
    const durationMs = SECONDS * 1000;
    for (const load of loads) load.send({ type: 'start', startAt: Date.now(), durationMs });
    server.send({ type: 'start', durationMs, rate: RATE });
    console.log(`  feeding ${RATE} updates/s for ${SECONDS} s`);
    const driven = await next(server, 'driven', durationMs + 120_000);
    const final = await ask(server, { type: 'final' }, 'final', 120_000);
    for (const load of loads) load.send({ type: 'check', versions: final.versions });
    const reports = await Promise.all(loads.map((load) => next(load, 'report', 120_000)));

    const all = latencyOf(reports, 'all');
    const first = latencyOf(reports, 'first');
    const last = latencyOf(reports, 'last');
    const staleViews = reports.reduce((sum, r) => sum + r.staleViews, 0);
    const closes = {};
    for (const r of reports)
      for (const [code, n] of Object.entries(r.closes)) closes[code] = (closes[code] ?? 0) + n;
    const result = {
      label: target.label,
      database: ready.database,
      clients,
      failedConnections: failed,
      matches: ready.matches.length,
      feed: {
        updates: driven.updates,
        seconds: round(driven.seconds, 1),
        updatesPerSec: round(driven.updatesPerSec, 1),
        aborted: driven.aborted,
        /** From due to stored and published (the app) or broadcast (the baselines): before the push. */
        applyMs: driven.applyMs,
      },
      latencyMs: { ...all, first10s: first, last10s: last },
      deliveries: reports.reduce((sum, r) => sum + r.deliveries, 0),
      views: reports.reduce((sum, r) => sum + r.views, 0),
      staleViews,
      staleClients: reports.reduce((sum, r) => sum + r.staleClients, 0),
      closes,
      server: {
        cpuPercent: round(driven.cpuPercent, 1),
        eventLoopDelayMs: {
          p50: round(driven.eventLoopDelayMs.p50, 1),
          p99: round(driven.eventLoopDelayMs.p99, 1),
          max: round(driven.eventLoopDelayMs.max, 1),
        },
        backlogBytes: driven.backlog.map((sample) => sample.bytes),
        backlogBytesAtEnd: final.bufferedBytes,
        memory: {
          idle,
          loaded,
          rssPerConnection: Math.round((loaded.rss - idle.rss) / Math.max(1, clients)),
          heapPerConnection: Math.round(
            (loaded.heapUsed + loaded.external - idle.heapUsed - idle.external) / Math.max(1, clients),
          ),
        },
      },
    };
    // Keeping up: the whole feed went out, and latency at the end is no worse than at the start.
    result.keepsUp =
      !driven.aborted &&
      driven.updatesPerSec >= RATE * 0.99 &&
      last.p99 !== null &&
      last.p99 <= Math.max(2 * (first.p99 ?? 0), 100);
    console.log(
      `  feed ${result.feed.updatesPerSec}/s${driven.aborted ? ` (${driven.aborted})` : ''} (apply p99 ${driven.applyMs.p99} ms); latency p50 ${all.p50} ms, p99 ${all.p99} ms ` +
        `(last 10 s p99 ${last.p99} ms); stale views ${staleViews}; server CPU ${result.server.cpuPercent}%; ` +
        `RSS/connection ${result.server.memory.rssPerConnection} B`,
    );
    return result;
  } catch (err) {
    console.error(`  ${name} failed: ${err.message}`);
    return { label: target.label, failed: err.message };
  } finally {
    for (const load of loads) load.kill('SIGKILL');
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(timer);
  }
}

function targetsOf(hub) {
  if (!hub || hub.failed) return [];
  const met = (ok) => ({ met: Boolean(ok) });
  return [
    {
      name: 'keeps up at the feed rate',
      goal: `${RATE} updates/s, no growing latency`,
      value: `${hub.feed.updatesPerSec}/s`,
      ...met(hub.keepsUp),
    },
    {
      name: 'delivery latency p99',
      goal: `<= ${GOALS.p99Ms} ms`,
      value: `${hub.latencyMs.p99} ms`,
      ...met(hub.latencyMs.p99 !== null && hub.latencyMs.p99 <= GOALS.p99Ms),
    },
    {
      name: 'lost updates (stale final views)',
      goal: '0',
      value: String(hub.staleViews + hub.failedConnections),
      ...met(hub.staleViews === 0 && hub.failedConnections === 0),
    },
    {
      name: 'memory per connection (server RSS)',
      goal: `<= ${GOALS.bytesPerConnection / 1024} KB`,
      value: `${round(hub.server.memory.rssPerConnection / 1024, 1)} KB`,
      ...met(hub.server.memory.rssPerConnection <= GOALS.bytesPerConnection),
    },
  ];
}

function markdown(report) {
  const rows = Object.values(report.results).map((r) => {
    if (r.failed) return `| ${r.label} | failed: ${r.failed} | | | | | | | | |`;
    const kb = (bytes) => round(bytes / 1024, 1);
    return (
      `| ${r.label} | ${r.feed.updatesPerSec}${r.feed.aborted ? ` (${r.feed.aborted})` : ''} | ${r.feed.applyMs.p99 ?? '-'} | ${r.latencyMs.p50 ?? '-'} | ${r.latencyMs.p99 ?? '-'} | ` +
      `${r.latencyMs.last10s.p99 ?? '-'} | ${r.staleViews} of ${r.views} | ${r.server.cpuPercent} | ${kb(r.server.memory.rssPerConnection)} / ${kb(r.server.memory.heapPerConnection)} | ` +
      `${r.keepsUp ? 'yes' : 'no'} |`
    );
  });
  const met = (t) => (t.met ? 'met' : 'not met');
  return `# Score push benchmark results

${report.date} · commit ${report.commit} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Server | Feed updates/s | Apply p99 ms | p50 ms | p99 ms | p99 last 10 s | Stale views at the end | Server CPU % | KB per connection (RSS / heap) | Keeps up |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}

Latency: from the time an update was due from the feed to a client holding it, over every delivery.
Apply: from due to stored and published (the app: store, then bus) or broadcast (baselines). Stale views:
matches whose version or score in a client's view differs from the feed's at the end (lost updates).
Server CPU: share of one core over the fed period. Backlog (bytes queued in the server's sockets, every 5 s):
${Object.entries(report.results)
  .filter(([, r]) => !r.failed)
  .map(
    ([name, r]) =>
      `- ${name}: ${r.server.backlogBytes.join(', ') || '-'} (at the end ${r.server.backlogBytesAtEnd})`,
  )
  .join('\n')}

## Targets (the app's hub)

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
${report.targets.map((t) => `| ${t.name} | ${t.goal} | ${t.value} | ${met(t)} |`).join('\n')}
`;
}

export async function runScoresWsBenchmark() {
  const runDir = path.join(here, '..', '.tmp', `scores-ws-${Date.now()}`);
  mkdirSync(runDir, { recursive: true });
  const matchesFile = path.join(runDir, 'matches.json');
  let ok = false;
  try {
    const results = {};
    // The hub runs first: it writes the matches the baselines then serve.
    for (const name of ['hub', 'ws', 'socketio'].filter((n) => TARGET_NAMES.includes(n))) {
      results[name] = await measureTarget(name, runDir, matchesFile);
    }
    const report = {
      ...machine(),
      setup:
        `${CLIENTS} websocket clients in ${LOADS} load processes, each following one game's in-play list and two single matches; ` +
        `a feed of ${RATE} score updates/s spread over every live match for ${SECONDS} s. The app runs on ` +
        `${results.hub?.database ?? 'PostgreSQL'} with no score feed of its own and the in-process bus; ` +
        'the benchmark feed calls `services.matches.store.applyUpdate`, so each update takes ' +
        'the real path store -> bus -> board -> hub. The baselines serve the same match summaries and broadcast each update as it comes. ' +
        'Servers and load processes are separate Node processes on the same machine.',
      settings: { clients: CLIENTS, seconds: SECONDS, rate: RATE, loadProcesses: LOADS },
      results,
    };
    report.targets = targetsOf(results.hub);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'scores-ws.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, 'scores-ws.md'), markdown(report));
    console.log('written: bench/results/scores-ws.json, bench/results/scores-ws.md');
    ok = Object.values(results).every((result) => !result.failed);
  } finally {
    await stopAll();
    if (ok) rmSync(runDir, { recursive: true, force: true });
    else console.error(`run files kept in ${path.relative(process.cwd(), runDir)}`);
  }
}
