// The chat benchmark: 10,000 websocket clients in one room, 50 messages/s said for 30 s, the app's
// /ws/chat against a plain socket.io room in the same run. Writes bench/results/chat-ws.{json,md}.
// Run: node bench/chat-ws/run.mjs (or node bench/run.mjs chat-ws). Env: BENCH_CLIENTS,
// BENCH_RATE, BENCH_SECONDS, BENCH_LOADERS, BENCH_KINDS (app,socketio: the servers to measure).
import { execSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = import.meta.dirname;
const results = path.resolve(here, '../results');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 4);
const DRAIN_MS = 5_000;
const KINDS = (process.env.BENCH_KINDS ?? 'app,socketio').split(',');

const next = (child, op) =>
  new Promise((resolve, reject) => {
    const on = (message) => {
      if (message.op !== op) return;
      child.off('message', on);
      resolve(message);
    };
    child.on('message', on);
    child.once('exit', (code, signal) =>
      reject(new Error(`a child exited (${code ?? signal}) before ${op}`)),
    );
  });

function percentile(histogram, total, p) {
  let seen = 0;
  for (const [ms, n] of histogram) {
    seen += n;
    if (seen >= total * p) return ms;
  }
  return null;
}

async function measure(kind) {
  const port = 4600 + (kind === 'app' ? 1 : 2);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  const server = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_KIND: kind, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  });
  const loaders = [];
  try {
    const { database } = await next(server, 'listening');
    const url = kind === 'app' ? `ws://127.0.0.1:${port}/ws/chat` : `http://127.0.0.1:${port}`;
    const memoryAfterJoining = async (from, to) => {
      for (let i = from; i < to; i++) {
        const share = Math.floor(CLIENTS / LOADERS) + (i < CLIENTS % LOADERS ? 1 : 0);
        loaders.push(fork(path.join(here, 'load.mjs'), [kind, url, String(share), String(RATE * SECONDS)]));
      }
      await Promise.all(loaders.slice(from).map((loader) => next(loader, 'ready')));
      await new Promise((r) => setTimeout(r, 3000));
      server.send({ op: 'memory' });
      return next(server, 'memory');
    };
    // Memory per client is the growth while the second half joins: the server is warm by then, so
    // neither its start-up garbage nor its first sockets' one-off buffers count.
    const half = Math.floor(LOADERS / 2);
    const halfJoined = await memoryAfterJoining(0, half);
    const joined = await memoryAfterJoining(half, LOADERS);
    const secondHalf = joined.sockets - halfJoined.sockets;
    for (const loader of loaders) loader.send({ op: 'count' });
    server.send({ op: 'feed', rate: RATE, seconds: SECONDS });
    const fed = await next(server, 'fed');
    // A message the app refused makes the run meaningless: stop with the reason.
    if (fed.failed > 0) throw new Error(`${fed.failed} messages were refused, the first: ${fed.firstError}`);
    await new Promise((r) => setTimeout(r, DRAIN_MS));
    const reports = await Promise.all(
      loaders.map((loader) => {
        loader.send({ op: 'report' });
        return next(loader, 'report');
      }),
    );
    const merged = new Map();
    for (const report of reports)
      for (const [ms, n] of report.histogram) merged.set(ms, (merged.get(ms) ?? 0) + n);
    const histogram = [...merged].sort((a, b) => a[0] - b[0]);
    const delivered = histogram.reduce((sum, [, n]) => sum + n, 0);
    const counts = reports.flatMap((r) => r.counts);
    const lost = counts.reduce((sum, count) => sum + Math.max(0, fed.sent - count), 0);
    return {
      kind,
      database,
      clients: counts.length,
      socketsAtServer: joined.sockets,
      said: fed.sent,
      failedToSay: fed.failed,
      feedMs: fed.ms,
      serverCpuPercent: fed.serverCpuPercent,
      eventLoopDelayMs: {
        p50: Math.round(fed.eventLoopDelayMs.p50),
        p99: Math.round(fed.eventLoopDelayMs.p99),
      },
      delivered,
      lost,
      clientsMissingSome: counts.filter((count) => count < fed.sent).length,
      shownTwice: reports.reduce((sum, r) => sum + r.twice, 0),
      closedByServer: reports.reduce((sum, r) => sum + r.closed, 0),
      p50: percentile(histogram, delivered, 0.5),
      p99: percentile(histogram, delivered, 0.99),
      max: histogram.at(-1)?.[0] ?? null,
      kbPerClient: {
        rss: Math.round(((joined.rss - halfJoined.rss) / secondHalf / 1024) * 10) / 10,
        heap: Math.round(((joined.heapUsed - halfJoined.heapUsed) / secondHalf / 1024) * 10) / 10,
      },
    };
  } finally {
    for (const child of loaders) child.kill('SIGKILL');
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(server.kill('SIGKILL')), 10_000);
      server.once('exit', () => resolve(clearTimeout(timer)));
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [];
for (const kind of KINDS) {
  console.log(`chat-ws: ${kind}…`);
  try {
    runs.push(await measure(kind));
  } catch (err) {
    // The baseline may not survive the run (a plain room buffers for slow clients without bound):
    // that is its result. The app must.
    if (kind === 'app') throw err;
    runs.push({ kind, failure: String(err.message ?? err) });
  }
  console.log(runs.at(-1));
}

const commit = execSync('git rev-parse --short HEAD').toString().trim();
const cpu = os.cpus();
const at = new Date().toISOString();
const machine = `${cpu[0]?.model.split(' ').slice(0, 2).join(' ')} × ${cpu.length} cores`;
writeFileSync(
  path.join(results, 'chat-ws.json'),
  `${JSON.stringify({ at, commit, node: process.version, machine, clients: CLIENTS, rate: RATE, seconds: SECONDS, runs }, null, 2)}\n`,
);
const app = runs[0];
const status = (ok) => (ok ? 'met' : 'missed');
const name = {
  app: 'App `/ws/chat` (store, bus, one frame per client per tick, paced by the time writing takes)',
  socketio: 'Plain socket.io room (`io.to(room).emit` of each message)',
};
writeFileSync(
  path.join(results, 'chat-ws.md'),
  `# Chat benchmark results

${at} · commit ${commit} · Node ${process.version} · ${machine}

${CLIENTS} websocket clients in one room in ${LOADERS} load processes; ${RATE} messages/s said for ${SECONDS} s. The app runs on ${app.database} with the in-process bus; each message goes the real way: \`chat.send\` (rules, numbered and stored, published on the bus) -> hub -> clients. The baseline is a plain socket.io server emitting each message to the room as it comes. Servers and load processes are separate Node processes on the same machine.

| Server | Said | p50 ms | p99 ms | max ms | Lost (client × message) | Clients missing some | Shown twice | Closed by server | KB per client (RSS / heap) | Server CPU (% of a core) | Event loop delay p99 ms |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${runs.map((r) => (r.failure ? `| ${name[r.kind]} | did not finish: ${r.failure} |||||||||| |` : `| ${name[r.kind]} | ${r.said} | ${r.p50} | ${r.p99} | ${r.max} | ${r.lost} | ${r.clientsMissingSome} | ${r.shownTwice} | ${r.closedByServer} | ${r.kbPerClient.rss} / ${r.kbPerClient.heap} | ${r.serverCpuPercent} | ${r.eventLoopDelayMs.p99} |`)).join('\n')}

Latency: from the server taking the message (the time written in its text, before the rules and the store) to a client having it. Lost: messages said during the run that a client never received. KB per client: the server's growth while the second half of the clients joined, after a garbage collection (so that neither start-up nor the first sockets' one-off buffers count). Server CPU and event loop delay: the server process while the messages were said. The load processes stand in for devices that each parse their own frames; up-to-date clients get identical frame bytes, which a load process parses once for all of them, so that the cores go to the server.

## Targets (the app)

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
| delivery latency p99 | <= 500 ms | ${app.p99} ms | ${status(app.p99 !== null && app.p99 <= 500)} |
| messages lost | 0 | ${app.lost} | ${status(app.lost === 0)} |
| memory per client (server RSS) | <= 10 KB | ${app.kbPerClient.rss} KB | ${status(app.kbPerClient.rss <= 10)} |
`,
);
console.log('wrote bench/results/chat-ws.{json,md}');
