import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  type FSWatcher,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';

export const PLAYLIST = 'index.m3u8';
/**
 * The files an HLS folder may hold: the playlist (a master, with renditions), the renditions'
 * playlists and the numbered segments.
 */
export const HLS_FILE = /^(index\.m3u8|live-\d\.m3u8|seg-(\d-)?\d{1,9}\.ts)$/;
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

/** A lower rendition of the live line, made by re-encoding the source. */
export interface Rendition {
  height: number;
  kbps: number;
}

/** What the master playlist counts for a rendition's sound (copied from the source). */
const AUDIO_KBPS = 128;

/** The quality ladder: each rendition is made for sources taller than it. */
export const LADDER: readonly Rendition[] = [
  { height: 720, kbps: 2500 },
  { height: 480, kbps: 1200 },
];

/** The renditions made for a source this tall (0: not known, none). */
export const renditionsFor = (height: number): Rendition[] => LADDER.filter((r) => r.height < height);

/** With renditions, the playlist is a master listing one media playlist per rendition, the source first. */
const variantPlaylist = (index: number) => `live-${index}.m3u8`;
/** The variants' numbers: 0 the source, then each rendition. */
const variants = (renditions: readonly Rendition[]) => [0, ...renditions.map((_, i) => i + 1)];

/**
 * The ffmpeg arguments of the live line: the source in copy mode (no re-encoding), plus each
 * rendition re-encoded as an encoder in OBS would, its keyframes where the source has them so
 * that the renditions' segments line up. One-second segments (one per keyframe interval when
 * that is longer), short playlists, old segments deleted.
 */
function liveLineArgs(dir: string, renditions: readonly Rendition[], audio: boolean): string[] {
  const flags = ['-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments+temp_file'];
  if (renditions.length === 0)
    return [
      ...['-c', 'copy', '-f', 'hls', ...flags],
      ...['-hls_segment_filename', path.join(dir, 'seg-%d.ts'), path.join(dir, PLAYLIST)],
    ];
  const split = renditions.map((_, i) => `[s${i}]`).join('');
  const scaled = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[r${i}]`).join(';');
  const withAudio = (video: string) => ['-map', video, ...(audio ? ['-map', '0:a'] : [])];
  return [
    ...['-filter_complex', `[0:v]split=${renditions.length}${split};${scaled}`],
    ...withAudio('0:v'),
    ...renditions.flatMap((_, i) => withAudio(`[r${i}]`)),
    ...['-c:a', 'copy', '-c:v:0', 'copy'],
    ...renditions.flatMap((r, i) => [
      ...[`-c:v:${i + 1}`, 'libx264', `-b:v:${i + 1}`, `${r.kbps}k`, `-maxrate:v:${i + 1}`, `${r.kbps}k`],
      ...[`-bufsize:v:${i + 1}`, `${r.kbps}k`, `-force_key_frames:v:${i + 1}`, 'source'],
    ]),
    ...['-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ...['-f', 'hls', ...flags],
    ...[
      '-var_stream_map',
      variants(renditions)
        .map((i) => `v:${i}${audio ? `,a:${i}` : ''}`)
        .join(' '),
    ],
    ...['-hls_segment_filename', path.join(dir, 'seg-%v-%d.ts'), path.join(dir, 'live-%v.m3u8')],
  ];
}

/**
 * The master playlist of a line with renditions, the source first. Written here rather than by
 * ffmpeg, which knows no bitrate for a stream it copies: the source is listed above the top
 * rendition, so that a player adapting to its bandwidth climbs to it last.
 */
function masterPlaylist(renditions: readonly Rendition[], source: { width: number; height: number }) {
  const top = Math.max(...renditions.map((r) => r.kbps));
  const width = (height: number) => 2 * Math.round((height * source.width) / source.height / 2);
  const entry = (index: number, kbps: number, height: number) => [
    `#EXT-X-STREAM-INF:BANDWIDTH=${(kbps + AUDIO_KBPS) * 1000}${source.width ? `,RESOLUTION=${width(height)}x${height}` : ''}`,
    variantPlaylist(index),
  ];
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...entry(0, top * 2, source.height),
    ...renditions.flatMap((r, i) => entry(i + 1, r.kbps, r.height)),
    '',
  ].join('\n');
}

/**
 * Repackages an FLV stream into HLS with ffmpeg: the live line of `liveLineArgs`, with
 * `renditions` below the source (`source`: its size; `audio`: whether it has sound) when given.
 * `onFailed` is called when ffmpeg ends on its own; its files are gone by then. Given `record`,
 * the same ffmpeg writes the recording of the source as a second output.
 */
export function startHls({
  ffmpeg,
  dir,
  log,
  onFailed,
  record,
  renditions = [],
  source = { width: 0, height: 0 },
  audio = true,
}: {
  ffmpeg: string;
  dir: string;
  log: Logger;
  onFailed: () => void;
  record?: RecordingTarget;
  renditions?: readonly Rendition[];
  source?: { width: number; height: number };
  audio?: boolean;
}): HlsMaker {
  if (record) mkdirSync(record.dir, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let ready = false;
  let stopping = false;
  // Ready once every playlist a player may ask for is written; with renditions, the master then.
  const playlists = renditions.length ? variants(renditions).map(variantPlaylist) : [PLAYLIST];
  const watcher: FSWatcher = watch(dir, () => {
    if (ready || !playlists.every((file) => existsSync(path.join(dir, file)))) return;
    if (renditions.length) {
      writeFileSync(path.join(dir, `${PLAYLIST}.tmp`), masterPlaylist(renditions, source));
      renameSync(path.join(dir, `${PLAYLIST}.tmp`), path.join(dir, PLAYLIST));
    }
    ready = true;
    watcher.close();
  });
  const recordMaps = renditions.length ? ['-map', '0:v', ...(audio ? ['-map', '0:a'] : [])] : [];
  const child: ChildProcess = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'flv', '-i', 'pipe:0'],
      ...liveLineArgs(dir, renditions, audio),
      ...(record
        ? [
            ...recordMaps,
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
