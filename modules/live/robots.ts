import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** A robot-live room's relay: its source and the key it pushes with. */
export interface Relay {
  roomId: number;
  /** An HLS (.m3u8) or RTMP address, or 'demo' for the generated loop. */
  source: string;
  streamKey: string;
}

const RESTART_AFTER_MS = 5000;

/** Makes the demo loop once: ten seconds of a test pattern with a tone, in FLV (H.264 and AAC). */
function makeDemoLoop(ffmpeg: string, file: string, log: Logger): Promise<boolean> {
  if (existsSync(file)) return Promise.resolve(true);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.part.flv`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '25'],
    ...['-c:a', 'aac', '-f', 'flv', partial],
  ];
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => {
      if (code !== 0) {
        log.warn({ code }, 'could not make the demo loop of robot-live rooms');
        return resolve(false);
      }
      renameSync(partial, file);
      resolve(true);
    });
  });
}

/**
 * Robot-live rooms: one ffmpeg per room relays its source, in copy mode, to the embedded ingest
 * with the room's stream key, so the room goes live like any other push; a relay that stops is
 * started again after a few seconds.
 */
export function createRobots(options: { dataDir: string; log: Logger }) {
  const { log } = options;
  let ffmpeg: string | null = null;
  const children = new Map<number, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  function relay(ffmpegPath: string, input: string[], target: string, roomId: number) {
    if (closing) return;
    const child = spawn(
      ffmpegPath,
      ['-hide_banner', '-loglevel', 'error', ...input, '-c', 'copy', '-f', 'flv', target],
      { stdio: 'ignore' },
    );
    children.set(roomId, child);
    child.once('error', (err) => log.warn({ err, roomId }, 'robot-live relay failed to start'));
    child.once('exit', (code) => {
      if (children.get(roomId) === child) children.delete(roomId);
      if (closing) return;
      log.warn({ roomId, code }, 'robot-live relay stopped; starting it again');
      const timer = setTimeout(() => {
        timers.delete(timer);
        relay(ffmpegPath, input, target, roomId);
      }, RESTART_AFTER_MS);
      timers.add(timer);
    });
  }

  return {
    /** No ffmpeg (or no embedded ingest): robot-live rooms cannot play here. */
    missing: () => ffmpeg === null,

    /** Starts the relays to `pushUrl` (the embedded ingest's RTMP address) with this ffmpeg. */
    async start(relays: Relay[], pushUrl: string, found: string | null): Promise<void> {
      ffmpeg = found;
      if (relays.length === 0) return;
      if (!ffmpeg) {
        log.warn('no ffmpeg found: robot-live rooms cannot relay their sources and show no stream');
        return;
      }
      const loop = path.resolve(options.dataDir, 'live-demo', 'loop.flv');
      const needsLoop = relays.some((r) => r.source === 'demo');
      const loopReady = needsLoop && (await makeDemoLoop(ffmpeg, loop, log));
      for (const { roomId, source, streamKey } of relays) {
        const input =
          source === 'demo'
            ? ['-re', '-stream_loop', '-1', '-i', loop]
            : source.startsWith('rtmp')
              ? ['-i', source]
              : ['-re', '-i', source];
        if (source === 'demo' && !loopReady) continue;
        relay(ffmpeg, input, `${pushUrl}/${streamKey}`, roomId);
      }
      log.info({ rooms: relays.length }, 'robot-live relays started');
    },

    async close(): Promise<void> {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      const exits = [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) =>
            child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
          ),
      );
      for (const child of children.values()) child.kill('SIGTERM');
      await Promise.all(exits);
    },
  };
}

export type Robots = ReturnType<typeof createRobots>;
