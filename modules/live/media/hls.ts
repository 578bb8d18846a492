import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { appendFileSync, existsSync, type FSWatcher, mkdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';

export const PLAYLIST = 'index.m3u8';
/** The files an HLS folder may hold: the playlist and its numbered segments. */
export const HLS_FILE = /^(index\.m3u8|seg-\d{1,9}\.ts)$/;
/** A stream that ffmpeg cannot keep up with is dropped from HLS rather than buffered without end. */
const MAX_PENDING_BYTES = 16 << 20;
const STOP_TIMEOUT_MS = 3000;

/**
 * The ffmpeg to make HLS with: the configured one, else the machine's, else the binary inside the
 * `@ffmpeg-installer/ffmpeg` package; null when none runs.
 */
export async function findFfmpeg(configured?: string): Promise<string | null> {
  const candidates = configured ? [configured] : ['ffmpeg', packagedFfmpeg()];
  for (const candidate of candidates) {
    if (candidate && (await runs(candidate))) return candidate;
  }
  return null;
}

function packagedFfmpeg(): string | null {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return installer.path;
  } catch {
    return null; // an optional dependency: absent on platforms it has no binary for
  }
}

function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, ['-hide_banner', '-version'], { timeout: 10_000 }, (err) => resolve(!err));
  });
}

export interface HlsMaker {
  /** The playlist has been written at least once. */
  readonly ready: boolean;
  /** One FLV tag (or the FLV header) of the stream. */
  write(chunk: Buffer): void;
  /** Ends ffmpeg and removes the stream's files. */
  stop(): Promise<void>;
}

/** A recording's segments: longer than the live line's, each with its wall-clock time. */
const RECORDING_SEGMENT_SECONDS = 4;
const ENDLIST = '#EXT-X-ENDLIST';

/**
 * Where the same ffmpeg also records the stream: every segment kept, each with its wall-clock time
 * (EXT-X-PROGRAM-DATE-TIME). `onEnded` is told whether anything was recorded once ffmpeg has gone;
 * the playlist is then closed (EXT-X-ENDLIST), and an empty folder is removed.
 */
export interface RecordingTarget {
  dir: string;
  onEnded: (recorded: boolean) => void;
}

/**
 * Repackages an FLV stream into HLS with ffmpeg in copy mode (no re-encoding): one-second segments
 * (one per keyframe interval when that is longer), a short playlist, old segments deleted.
 * `onFailed` is called when ffmpeg ends on its own; its files are gone by then. Given `record`, the
 * same ffmpeg writes the recording as a second output.
 */
export function startHls({
  ffmpeg,
  dir,
  log,
  onFailed,
  record,
}: {
  ffmpeg: string;
  dir: string;
  log: Logger;
  onFailed: () => void;
  record?: RecordingTarget;
}): HlsMaker {
  if (record) mkdirSync(record.dir, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let ready = false;
  let stopping = false;
  const watcher: FSWatcher = watch(dir, (_event, file) => {
    if (file === PLAYLIST && existsSync(path.join(dir, PLAYLIST))) {
      ready = true;
      watcher.close();
    }
  });
  const child: ChildProcess = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy', '-f', 'hls'],
      ...['-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments+temp_file'],
      ...['-hls_segment_filename', path.join(dir, 'seg-%d.ts'), path.join(dir, PLAYLIST)],
      ...(record
        ? [
            ...['-c', 'copy', '-f', 'hls', '-hls_time', String(RECORDING_SEGMENT_SECONDS)],
            ...['-hls_list_size', '0', '-hls_flags', 'program_date_time+temp_file'],
            ...['-hls_segment_filename', path.join(record.dir, 'seg-%d.ts'), path.join(record.dir, PLAYLIST)],
          ]
        : []),
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  child.stdin?.on('error', () => {}); // EPIPE when ffmpeg has gone: its exit is handled below
  const exited = new Promise<void>((resolve) => {
    let finished = false;
    const finish = (problem: object) => {
      if (finished) return;
      finished = true;
      watcher.close();
      rmSync(dir, { recursive: true, force: true });
      if (record) record.onEnded(closeRecording(record.dir));
      if (!stopping) {
        log.warn(
          { ...problem, errors: errors.trim() },
          'ffmpeg stopped making HLS; the stream plays as FLV only',
        );
        onFailed();
      }
      resolve();
    };
    child.once('exit', (code, signal) => finish({ code, signal }));
    child.once('error', (err) => finish({ err }));
  });

  return {
    get ready() {
      return ready && !stopping;
    },
    write(chunk) {
      const stdin = child.stdin;
      if (!stdin || stdin.destroyed || stopping) return;
      if (stdin.writableLength > MAX_PENDING_BYTES) {
        log.warn('ffmpeg fell behind the stream; HLS stopped');
        child.kill('SIGKILL');
        return;
      }
      stdin.write(chunk);
    },
    async stop() {
      stopping = true;
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Ends a recording's playlist if ffmpeg could not (it was killed); removes a recording without a
 * segment. Whether anything was recorded.
 */
function closeRecording(dir: string): boolean {
  const playlist = path.join(dir, PLAYLIST);
  const text = existsSync(playlist) ? readFileSync(playlist, 'utf8') : '';
  if (!text.includes('#EXTINF')) {
    rmSync(dir, { recursive: true, force: true });
    return false;
  }
  if (!text.includes(ENDLIST)) appendFileSync(playlist, `${ENDLIST}\n`);
  return true;
}
