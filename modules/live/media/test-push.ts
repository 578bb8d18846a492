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
