import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';

/** ffmpeg on this machine (the tests push with it); CI installs it, elsewhere its tests skip. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-hide_banner', '-version']).status === 0;

export interface TestPush {
  /** ffmpeg's exit code (null when it was stopped by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Pushes a test pattern with a tone to an RTMP URL, as OBS would, for at most `seconds`. */
export function pushTestPattern(url: string, { size = '640x360', seconds = 30 } = {}): TestPush {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine'],
      ...[
        '-t',
        String(seconds),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'zerolatency',
        '-g',
        '30',
      ],
      ...['-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits for a condition that has no event to await (a file appearing), checking every 100 ms. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads at least `bytes` bytes of an endless response, then hangs up. */
export function readStreamStart(url: string, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        request.destroy();
        return reject(new Error(`${url} answered ${response.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let length = 0;
      const done = () => {
        request.destroy();
        resolve(Buffer.concat(chunks));
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= bytes) done();
      });
      response.on('end', done);
    });
    request.on('error', reject);
  });
}

/** The width an FLV stream's onMetaData announces (an AMF0 number after the "width" key). */
export function flvMetadataWidth(flv: Buffer): number | null {
  const at = flv.indexOf('width');
  if (at < 0 || flv[at + 5] !== 0) return null;
  return flv.readDoubleBE(at + 6);
}

const TIMECODE_WIDTH = 320;
const TIMECODE_HEIGHT = 180;
const TIMECODE_FPS = 30;

/** Draws the wall-clock time `ms` into a grey 320x180 frame as 8 x 4 black or white cells. */
function drawTimecode(frame: Buffer, ms: number) {
  const value = ms % 2 ** 24;
  const check = (value ^ (value >> 8) ^ (value >> 16)) & 0xff;
  const bits = value + check * 2 ** 24;
  for (let cell = 0; cell < 32; cell++) {
    const on = Math.floor(bits / 2 ** cell) % 2 === 1 ? 255 : 0;
    const x0 = (cell % 8) * 40;
    const y0 = Math.floor(cell / 8) * 45;
    for (let y = y0; y < y0 + 45; y++) frame.fill(on, y * TIMECODE_WIDTH + x0, y * TIMECODE_WIDTH + x0 + 40);
  }
}

/**
 * Pushes a stream whose every frame carries the time it was made: this process draws each
 * 320x180 frame with the wall clock in milliseconds (modulo 2^24, then 8 check bits) as a pattern
 * of 8 x 4 cells at the moment it is due, and ffmpeg encodes it as an encoder in OBS would (x264
 * veryfast, zerolatency, a keyframe a second) and pushes it with a tone over RTMP, until stopped.
 * `readTimecode` reads the time back from a video element in the page.
 */
export function pushTimecode(url: string): TestPush {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray'],
      ...['-s', `${TIMECODE_WIDTH}x${TIMECODE_HEIGHT}`, '-framerate', String(TIMECODE_FPS)],
      ...['-i', 'pipe:0', '-re', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(TIMECODE_FPS)],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  child.stdin.on('error', () => {}); // ffmpeg stopped first
  const started = Date.now();
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const frame = Buffer.alloc(TIMECODE_WIDTH * TIMECODE_HEIGHT);
    drawTimecode(frame, Date.now());
    child.stdin.write(frame);
    sent++;
    // Due times follow the start, so timer lateness does not add up.
    timer = setTimeout(next, Math.max(0, started + (sent * 1000) / TIMECODE_FPS - Date.now()));
  };
  next();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exited,
    async stop() {
      clearTimeout(timer);
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * In the page (self-contained, for `page.evaluate` or a script): the time, in epoch milliseconds
 * modulo 2^24, that the frame a video element shows was made at by `pushTimecode`, or null when its
 * pattern does not read (a frame scaled or blurred past reading, a picture of something else).
 */
export function readTimecode(video: HTMLVideoElement, canvas: HTMLCanvasElement): number | null {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  canvas.width = 320;
  canvas.height = 180;
  context.drawImage(video, 0, 0, 320, 180);
  const pixels = context.getImageData(0, 0, 320, 180).data;
  let bits = 0;
  for (let cell = 0; cell < 32; cell++) {
    const x = (cell % 8) * 40 + 20;
    const y = Math.floor(cell / 8) * 45 + 22;
    if ((pixels[(y * 320 + x) * 4] ?? 0) > 127) bits += 2 ** cell;
  }
  const value = bits % 2 ** 24;
  const check = Math.floor(bits / 2 ** 24);
  return check === ((value ^ (value >> 8) ^ (value >> 16)) & 0xff) ? value : null;
}
