// The feed of the score-push benchmark and the server side of its protocol with bench/scores-ws/run.mjs
// (over the child's IPC channel). Every server under test (the app's hub and the two baselines)
// runs this same driver, so each gets the same updates at the same pace.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BenchTarget {
  /** How many matches the feed spreads its updates over. */
  matches: number;
  /** Applies the next update of match `index` (a goal for `side`); resolves with the version written. */
  apply(index: number, side: 'home' | 'away'): Promise<{ id: number; seq: number }>;
  /** The version and score of every match now: `[seq, home, away]`, what each client must end with. */
  versions(): Record<string, [number, number, number]>;
  /** Bytes written to sockets but not yet sent. */
  bufferedBytes(): number;
}

const MAX_RSS_BYTES = Number(process.env.BENCH_MAX_RSS_MB ?? 3072) * 2 ** 20;

type Message = { type: 'memory' } | { type: 'start'; durationMs: number; rate: number } | { type: 'final' };

/** A small seeded generator, so every run picks the same matches and sides. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function send(message: unknown) {
  process.send?.(message);
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}

/**
 * Updates at `rate` per second for `durationMs`, at most one in flight per match (a feed's updates to
 * one match are ordered). Reports each applied update's version and the time the feed handed it over,
 * in batches, so the load processes can measure delivery latency.
 */
async function drive(target: BenchTarget, durationMs: number, rate: number) {
  const random = seeded(42);
  const inFlight = new Set<number>();
  const running = new Set<Promise<void>>();
  let applied: [number, number, number][] = [];
  const flush = () => {
    if (applied.length > 0) send({ type: 'applied', list: applied });
    applied = [];
  };
  const flusher = setInterval(flush, 20);
  const backlog: { at: number; bytes: number }[] = [];
  const sampler = setInterval(() => backlog.push({ at: Date.now(), bytes: target.bufferedBytes() }), 5000);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const startedAt = Date.now();
  const start = performance.now();
  const interval = 1000 / rate;
  let count = 0;
  /** From due to applied (the server's own part before the push), per update. */
  const applyMs: number[] = [];
  let aborted: string | null = null;
  // Stops on the clock as well: a server that cannot keep the pace shows it as a lower rate.
  for (; count * interval < durationMs && performance.now() - start < durationMs; count++) {
    // A baseline that cannot keep up queues frames without bound: stop it before it takes the machine.
    if (count % 100 === 0 && process.memoryUsage.rss() > MAX_RSS_BYTES) {
      aborted = `stopped after ${Math.round((performance.now() - start) / 1000)} s: memory passed ${MAX_RSS_BYTES >> 20} MB`;
      break;
    }
    // Always yields, so finished updates free their matches even when the loop runs late.
    await sleep(Math.max(0, start + count * interval - performance.now()));
    while (inFlight.size >= target.matches) await Promise.race(running);
    let index = Math.floor(random() * target.matches);
    while (inFlight.has(index)) index = (index + 1) % target.matches;
    const side = random() < 0.5 ? 'home' : 'away';
    inFlight.add(index);
    // The time it was due: a server too busy to even take updates on time shows it as latency.
    const at = startedAt + Math.round(count * interval);
    const done = target.apply(index, side).then(({ id, seq }) => {
      applyMs.push(Date.now() - at);
      applied.push([id, seq, at]);
      inFlight.delete(index);
      running.delete(done);
    });
    running.add(done);
  }
  await Promise.all(running);
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  loop.disable();
  clearInterval(flusher);
  clearInterval(sampler);
  flush();
  return {
    startedAt,
    aborted,
    updates: count,
    seconds,
    updatesPerSec: count / seconds,
    cpuPercent: ((used.user + used.system) / 1000 / (seconds * 1000)) * 100,
    applyMs: percentiles(applyMs),
    eventLoopDelayMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    backlog,
  };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
  return { p50: at(50), p99: at(99) };
}

/** Answers the runner: memory on request, the driven run on `start`, the final versions on `final`. */
export function serveBenchmark(target: BenchTarget, ready: Record<string, unknown>) {
  process.on('message', async (message: Message) => {
    if (message.type === 'memory') send({ type: 'memory', ...memory() });
    else if (message.type === 'start')
      send({ type: 'driven', ...(await drive(target, message.durationMs, message.rate)) });
    else if (message.type === 'final') {
      // What is still queued may yet arrive: the last tick, a baseline's backlog (for up to 10 s).
      const bufferedBytes = target.bufferedBytes();
      await sleep(1000);
      for (let waited = 0; waited < 10_000 && target.bufferedBytes() > 0; waited += 100) await sleep(100);
      send({ type: 'final', versions: target.versions(), bufferedBytes });
    }
  });
  send({ type: 'ready', ...ready });
}
