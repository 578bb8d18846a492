// The live benchmark (issue 15): glass-to-glass delay of the HTTP-FLV and HLS lines in headless
// Chromium, and how many rooms and viewers one instance serves with the RTMP ingest in process.
// See bench/README.md ("Live rooms"). Env: BENCH_LIVE_SECONDS (measured seconds per step, default 20),
// BENCH_LIVE_DELAY_ONLY (print the delay only, write nothing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
// Node 24 runs the TypeScript file as it is (its types stripped).
import { pushTimecode } from '../../modules/live/media/test-push.ts';
import {
  BENCH_DIR,
  cpuMs,
  freePort,
  machine,
  positiveNumber,
  RESULTS_DIR,
  ROOT,
  round,
  rssMb,
  startChild,
  stopAll,
  waitReady,
} from '../lib.mjs';

const SECONDS = positiveNumber('BENCH_LIVE_SECONDS', 20);
const WARMUP_SECONDS = 8;
const SAMPLE_KBPS = 1000;
/** Rooms pushed at once to measure what recording costs. */
const RECORDED_ROOMS = 10;
/** Viewers on 10 rooms, then more rooms with 20 viewers each; each ladder stops once fewer than 99% keep up. */
const LADDERS = [
  [10, 20, 30, 40, 60].map((perLine) => ({ rooms: 10, flv: perLine, hls: perLine })),
  [20, 30, 40, 60].map((rooms) => ({ rooms, flv: 10, hls: 10 })),
];

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : null;
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function startInstance(runDir, { ladderRooms = 0 } = {}) {
  const port = await freePort();
  const child = startChild(
    'live instance',
    ['--import', 'tsx', 'bench/live/server.ts'],
    {
      PORT: String(port),
      HLS_DIR: path.join(runDir, 'hls'),
      RECORDINGS_DIR: path.join(runDir, 'recordings'),
      LADDER_ROOMS: String(ladderRooms),
      NODE_ENV: 'production',
    },
    path.join(runDir, 'instance.log'),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(child, `${url}/rtmp`);
  const { port: rtmpPort } = await (await fetch(`${url}/rtmp`)).json();
  return { child, url, rtmp: `rtmp://127.0.0.1:${rtmpPort}/live` };
}

/** The lines of a stream once both are up. */
function linesOf(instance, streamId) {
  return waitFor(async () => {
    const lines = await (await fetch(`${instance.url}/lines/${streamId}`)).json();
    return lines.length === 2 && Object.fromEntries(lines.map((line) => [line.kind, line.url]));
  }, `both lines of ${streamId}`);
}

/** Plays one line in its own page and collects each shown frame's delay over the measured seconds. */
async function measureDelay(browser, instance, line, url) {
  const page = await browser.newPage();
  await page.goto(`${instance.url}/?line=${line}&url=${encodeURIComponent(url)}`);
  await page.waitForFunction(() => window.samples.length > 0, null, { timeout: 30_000 });
  await sleep(WARMUP_SECONDS * 1000);
  await page.evaluate(() => {
    window.samples = [];
    window.unreadable = 0;
  });
  await sleep(SECONDS * 1000);
  const { samples, unreadable } = await page.evaluate(() => ({
    samples: window.samples,
    unreadable: window.unreadable,
  }));
  await page.close();
  const sorted = samples.map((ms) => Math.round(ms)).sort((a, b) => a - b);
  const result = {
    line,
    frames: samples.length,
    unreadable,
    delayMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
    },
  };
  console.log(
    `  ${line}: ${result.frames} frames, delay p50 ${result.delayMs.p50} ms, p90 ${result.delayMs.p90} ms`,
  );
  return result;
}

async function delayBenchmark(runDir, browser) {
  console.log('glass-to-glass delay');
  const instance = await startInstance(runDir);
  const push = pushTimecode(`${instance.rtmp}/delay`);
  try {
    const lines = await linesOf(instance, 'delay');
    return [
      await measureDelay(browser, instance, 'flv', lines.flv),
      await measureDelay(browser, instance, 'hls', lines.hls),
    ];
  } finally {
    await push.stop();
    await stopAll();
  }
}

/** A 10 s stream as an anchor's encoder makes it (30 fps, a keyframe a second), pushed in a loop. */
function makeSample(runDir, { size = '640x360', kbps = SAMPLE_KBPS } = {}) {
  const file = path.join(runDir, `sample-${size}.flv`);
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`],
    ...['-f', 'lavfi', '-i', 'sine', '-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '30'],
    ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`],
    ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', file],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the sample: ${made.stderr}`);
  return { file, bytesPerSecond: readFileSync(file).length / 10 };
}

function pushLoop(sample, url) {
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-stream_loop',
      '-1',
      '-i',
      sample.file,
      '-c',
      'copy',
      '-f',
      'flv',
      url,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/** CPU time (ms) a process has used so far, and the machine's busy and total jiffies. */
function cpuOf(pid) {
  const [user, nice, system, idle, iowait, ...rest] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = user + nice + system + idle + iowait + rest.reduce((a, b) => a + b, 0);
  return {
    processMs: cpuMs(pid),
    busy: total - idle - iowait,
    total,
  };
}

/** One step: `rooms` streams live, each watched by `flv` HTTP-FLV and `hls` HLS viewers. */
async function capacityStep(runDir, instance, sample, pushers, { rooms, flv, hls }) {
  while (pushers.length < rooms) {
    const id = `room${pushers.length + 1}`;
    pushers.push(pushLoop(sample, `${instance.rtmp}/${id}`));
    await linesOf(instance, id);
  }
  const streams = Array.from({ length: rooms }, (_, i) => `room${i + 1}`);
  const loads = [0, 1].map((n) =>
    startChild(`viewers ${n}`, ['bench/live/viewers.mjs'], {}, path.join(runDir, `viewers-${n}.log`), {
      ipc: true,
    }),
  );
  // Each load process takes half of every room's viewers.
  for (const [n, load] of loads.entries())
    load.send({
      base: instance.url,
      streams,
      flv: Math.floor((flv + 1 - n) / 2),
      hls: Math.floor((hls + 1 - n) / 2),
    });
  await sleep(5000);
  const before = cpuOf(instance.child.pid);
  for (const load of loads) load.send('measure');
  await sleep(SECONDS * 1000);
  const after = cpuOf(instance.child.pid);
  const reports = await Promise.all(
    loads.map((load) => {
      const answer = new Promise((resolve) => load.once('message', resolve));
      load.send('report');
      return answer;
    }),
  );
  for (const load of loads) load.kill('SIGTERM');
  const viewers = reports.flat();
  // An HTTP-FLV viewer keeps up when it received at least 90% of what the room's encoder sent
  // meanwhile; an HLS viewer when it fetched every one-second segment made meanwhile (the two at
  // the edges of the window aside).
  const keeps = (viewer) =>
    viewer.line === 'flv'
      ? viewer.bytes >= sample.bytesPerSecond * SECONDS * 0.9
      : viewer.segments >= SECONDS - 2;
  const keptUp = viewers.filter(keeps).length;
  const keptUpOf = (line) => viewers.filter((viewer) => viewer.line === line && keeps(viewer)).length;
  const result = {
    rooms,
    viewers: viewers.length,
    flvPerRoom: flv,
    hlsPerRoom: hls,
    keptUp,
    keptUpShare: round(keptUp / viewers.length, 3),
    keptUpFlv: keptUpOf('flv'),
    keptUpHls: keptUpOf('hls'),
    outMbps: round((viewers.reduce((sum, viewer) => sum + viewer.bytes, 0) * 8) / SECONDS / 1e6, 1),
    instanceCpuPercentOfCore: round(((after.processMs - before.processMs) / (SECONDS * 1000)) * 100),
    machineBusyPercent: round(((after.busy - before.busy) / (after.total - before.total)) * 100),
    instanceRssMb: rssMb(instance.child.pid),
  };
  console.log(
    `  ${rooms} rooms, ${result.viewers} viewers: ${keptUp} kept up, ${result.outMbps} Mbit/s out, ` +
      `instance ${result.instanceCpuPercentOfCore}% of a core, machine ${result.machineBusyPercent}% busy`,
  );
  return result;
}

/** The processes a process started (its HLS makers), from /proc. */
function childrenOf(pid) {
  const tasks = path.join('/proc', String(pid), 'task');
  return readdirSync(tasks).flatMap((task) =>
    readFileSync(path.join(tasks, task, 'children'), 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

/** Bytes under a folder. */
function folderBytes(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/**
 * What recording costs: the same rooms pushed without and then with recording (the HLS maker's
 * second output), no viewers; the CPU of the HLS makers per room and the bytes written per hour.
 */
async function recordingBenchmark(runDir, sample) {
  console.log('the cost of recording');
  const instance = await startInstance(runDir);
  const results = [];
  try {
    for (const recorded of [false, true]) {
      const ids = Array.from({ length: RECORDED_ROOMS }, (_, i) => `${recorded ? 'rec-' : ''}room${i + 1}`);
      const stops = ids.map((id) => pushLoop(sample, `${instance.rtmp}/${id}`));
      for (const id of ids) await linesOf(instance, id);
      await sleep(5000);
      const makers = childrenOf(instance.child.pid);
      const cpuBefore = makers.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const bytesBefore = folderBytes(path.join(runDir, 'recordings'));
      await sleep(SECONDS * 1000);
      const cpuAfter = makers.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const bytesAfter = folderBytes(path.join(runDir, 'recordings'));
      await Promise.all(stops.map((stop) => stop()));
      const result = {
        recorded,
        rooms: RECORDED_ROOMS,
        makers: makers.length,
        makerCpuPercentOfCorePerRoom: round(
          ((cpuAfter - cpuBefore) / (SECONDS * 1000) / RECORDED_ROOMS) * 100,
          2,
        ),
        recordedMbPerRoomHour: round((((bytesAfter - bytesBefore) / SECONDS / RECORDED_ROOMS) * 3600) / 1e6),
      };
      console.log(
        `  ${RECORDED_ROOMS} rooms ${recorded ? 'recorded' : 'not recorded'}: ` +
          `${result.makerCpuPercentOfCorePerRoom}% of a core per room, ${result.recordedMbPerRoomHour} MB per room-hour`,
      );
      results.push(result);
      await sleep(3000);
    }
    return { sampleKbps: round((sample.bytesPerSecond * 8) / 1000), steps: results };
  } finally {
    await stopAll();
  }
}

/** Pushes of the sizes OBS sends most, at the bitrates it suggests for them. */
const LADDER_SOURCES = [
  { size: '1920x1080', kbps: 4500 },
  { size: '1280x720', kbps: 2500 },
  { size: '640x360', kbps: SAMPLE_KBPS },
];

/** The sequence number of a media playlist's first segment. */
async function mediaSequence(url) {
  const text = await (await fetch(url)).text();
  return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? Number.NaN);
}

/**
 * The quality ladder (decision 039): one room at a time, a push of each size; the levels its
 * master playlist lists, the CPU of its HLS maker, and whether the lowest rendition's segments
 * come as fast as the stream plays (one a second).
 */
async function ladderBenchmark(runDir) {
  console.log('the quality ladder');
  const instance = await startInstance(runDir, { ladderRooms: 1 });
  const results = [];
  try {
    for (const source of LADDER_SOURCES) {
      const sample = makeSample(runDir, source);
      const id = `ladder-${source.size}`;
      const stop = pushLoop(sample, `${instance.rtmp}/${id}`);
      const { hls } = await linesOf(instance, id);
      await sleep(WARMUP_SECONDS * 1000);
      const master = await (await fetch(new URL(hls, instance.url))).text();
      const levels = [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
      const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
      // Without renditions the line is one media playlist; with them, the lowest is listed last.
      const lowest = new URL(variants.at(-1) ?? hls, new URL(hls, instance.url)).href;
      const makers = childrenOf(instance.child.pid);
      const cpuBefore = makers.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const sequenceBefore = await mediaSequence(lowest);
      await sleep(SECONDS * 1000);
      const cpuAfter = makers.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const sequenceAfter = await mediaSequence(lowest);
      await stop();
      const result = {
        source: source.size,
        sourceKbps: round((sample.bytesPerSecond * 8) / 1000),
        levels: levels.length ? levels : [Number(source.size.split('x')[1])],
        makerCpuPercentOfCore: round(((cpuAfter - cpuBefore) / (SECONDS * 1000)) * 100, 1),
        segmentsPerSecond: round((sequenceAfter - sequenceBefore) / SECONDS, 2),
      };
      console.log(
        `  ${result.source}: levels ${result.levels.join(', ')}, ${result.makerCpuPercentOfCore}% of a core, ` +
          `${result.segmentsPerSecond} segments a second on the lowest`,
      );
      results.push(result);
      await sleep(3000);
    }
    return results;
  } finally {
    await stopAll();
  }
}

async function capacityBenchmark(runDir, sample) {
  console.log('rooms and viewers on one instance');
  const instance = await startInstance(runDir);
  const pushers = [];
  const steps = [];
  try {
    for (const ladder of LADDERS) {
      for (const step of ladder) {
        const result = await capacityStep(runDir, instance, sample, pushers, step);
        steps.push(result);
        if (result.keptUpShare < 0.99) break;
      }
    }
    return { sampleKbps: round((sample.bytesPerSecond * 8) / 1000), steps };
  } finally {
    await Promise.all(pushers.map((stop) => stop()));
    await stopAll();
  }
}

export async function runLiveBenchmark() {
  const runDir = path.join(BENCH_DIR, '.tmp', `live-${Date.now()}`);
  mkdirSync(runDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  let ok = false;
  try {
    const delay = process.env.BENCH_LIVE_SKIP_DELAY ? [] : await delayBenchmark(runDir, browser);
    // For tuning the players: the delay printed, nothing written.
    if (process.env.BENCH_LIVE_DELAY_ONLY) {
      ok = true;
      return;
    }
    const sample = makeSample(runDir);
    const recording = await recordingBenchmark(runDir, sample);
    const ladder = await ladderBenchmark(runDir);
    const capacity = await capacityBenchmark(runDir, sample);
    const report = {
      machine: machine(),
      commit: commit(),
      seconds: SECONDS,
      delay,
      recording,
      ladder,
      capacity,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'live.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, 'live.md'), markdown(report));
    console.log('written: bench/results/live.json, bench/results/live.md');
    ok = true;
  } finally {
    await browser.close();
    await stopAll();
    if (ok) rmSync(runDir, { recursive: true, force: true });
    else console.error(`run files kept in ${path.relative(ROOT, runDir)}`);
  }
}

function commit() {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
}

function markdown({ machine, commit, seconds, delay, recording, ladder, capacity }) {
  const delayRows = delay.map(
    ({ line, frames, unreadable, delayMs }) =>
      `| ${line === 'flv' ? 'HTTP-FLV (mpegts.js)' : 'HLS (hls.js)'} | ${delayMs.p50} | ${delayMs.p90} | ${delayMs.p99} | ${delayMs.max} | ${frames} | ${unreadable} |`,
  );
  const [plain, recorded] = recording.steps;
  const recordingRows = recording.steps.map(
    (step) =>
      `| ${step.recorded ? 'recorded' : 'not recorded'} | ${step.rooms} | ${step.makerCpuPercentOfCorePerRoom} | ${step.recordedMbPerRoomHour} |`,
  );
  const ladderRows = ladder.map(
    (step) =>
      `| ${step.source} (${step.sourceKbps} kbit/s) | ${step.levels.map((h) => `${h}p`).join(', ')} | ${step.makerCpuPercentOfCore} | ${step.segmentsPerSecond} |`,
  );
  const capacityRows = capacity.steps.map(
    (step) =>
      `| ${step.rooms} | ${step.viewers} (${step.flvPerRoom} + ${step.hlsPerRoom} a room) | ${step.keptUpFlv} + ${step.keptUpHls} (${round(step.keptUpShare * 100, 1)}%) | ${step.outMbps} | ${step.instanceCpuPercentOfCore} | ${step.machineBusyPercent} | ${step.instanceRssMb} |`,
  );
  return `# Live rooms: delay and capacity

${machine.date}, commit ${commit}, Node ${machine.node}, ${machine.cpu.model} x ${machine.cpu.cores}. Measured ${seconds} s per line and per step.
Run with \`node bench/run.mjs live\`; how it works: bench/README.md ("Live rooms").

## Glass-to-glass delay (headless Chromium, the room's player settings)

Targets (issue 35): HTTP-FLV p50 <= 1.5 s, HLS <= 3 s.

| Line | p50 ms | p90 ms | p99 ms | max ms | frames read | unreadable |
| --- | --- | --- | --- | --- | --- | --- |
${delayRows.join('\n')}

## What recording costs

Each room: a ${recording.sampleKbps} kbit/s 640x360 stream pushed over RTMP, no viewers. A room's HLS maker
(one ffmpeg in copy mode) writes the live line; recorded, the same ffmpeg writes the recording as
a second output (4 s segments, kept). CPU is the HLS makers' alone.

| Rooms | How many | HLS maker % of a core per room | Recording MB per room-hour |
| --- | --- | --- | --- |
${recordingRows.join('\n')}

Recording adds ${round(recorded.makerCpuPercentOfCorePerRoom - plain.makerCpuPercentOfCorePerRoom, 2)}% of a core per room.

## The quality ladder (decision 039)

One room at a time with the ladder on (\`LIVE_LADDER_ROOMS\`), its push of each size. The HLS maker
copies the source and encodes each rendition below it (x264 veryfast, zero latency); a maker that
keeps up writes one segment a second on its lowest rendition.

| Source | Levels listed | HLS maker % of a core | Segments a second (lowest level) |
| --- | --- | --- | --- |
${ladderRows.join('\n')}

## Rooms and viewers on one instance (ingest in process, HLS made by ffmpeg in copy mode)

Each room: a ${capacity.sampleKbps} kbit/s 640x360 stream pushed over RTMP. Viewers are HTTP clients in two load
processes on the same machine (HTTP-FLV: one endless response; HLS: the playlist every second and
each new segment). A step passes when 99% of viewers keep up; a ladder stops at the first that fails.

| Rooms | Viewers (FLV + HLS) | Kept up (FLV + HLS) | Out Mbit/s | Instance % of a core | Machine % busy | Instance RSS MB |
| --- | --- | --- | --- | --- | --- | --- |
${capacityRows.join('\n')}

The load processes, the pushers and the HLS makers (one ffmpeg per room) run on the same two cores
as the instance: where the machine is fully busy while the instance uses less than a core, the
limit found is the machine's, not the instance's.
`;
}
