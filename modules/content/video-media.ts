import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { AppError } from '../../lib/errors';

const run = promisify(execFile);

/** What browsers play natively inside an MP4. */
const VIDEO_CODECS = new Set(['h264']);
const AUDIO_CODECS = new Set(['aac', 'mp3']);

/** Neither ffprobe nor ffmpeg is installed: videos cannot be checked, so none are taken. */
export class MediaToolsMissing extends Error {}

/**
 * Writes an upload to `file` as it arrives, never holding it whole in memory; more than
 * `maxBytes` stops it with `videoRule`.
 */
export async function streamToFile(body: NodeJS.ReadableStream, file: string, maxBytes: number) {
  await mkdir(path.dirname(file), { recursive: true });
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? new AppError('videoRule') : null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file));
  } catch (err) {
    await unlink(file).catch(() => {});
    throw err instanceof AppError ? err : new AppError('uploadFailed', { cause: err });
  }
  if (received === 0) {
    await unlink(file).catch(() => {});
    throw new AppError('videoRule');
  }
}

async function tool(name: 'ffprobe' | 'ffmpeg', args: string[], encoding: 'utf8' | 'buffer') {
  try {
    return (await run(name, args, { encoding, maxBuffer: 32 * 1024 * 1024, timeout: 60_000 })).stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new MediaToolsMissing(`${name} is not installed`);
    throw err;
  }
}

interface Probe {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string }[];
}

/**
 * Checks by probing the content, never the name, that `file` is an MP4 with H.264 video (and
 * AAC or MP3 sound, or none) that browsers play; answers its length in whole seconds.
 */
export async function probeMp4(file: string): Promise<number> {
  let probe: Probe;
  try {
    const out = await tool(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      'utf8',
    );
    probe = JSON.parse(String(out)) as Probe;
  } catch (err) {
    if (err instanceof MediaToolsMissing) throw err;
    throw new AppError('videoRule', { cause: err });
  }
  const streams = probe.streams ?? [];
  const video = streams.filter((s) => s.codec_type === 'video');
  const audio = streams.filter((s) => s.codec_type === 'audio');
  const duration = Number(probe.format?.duration);
  const playable =
    (probe.format?.format_name ?? '').split(',').includes('mp4') &&
    video.length === 1 &&
    VIDEO_CODECS.has(video[0]?.codec_name ?? '') &&
    audio.every((s) => AUDIO_CODECS.has(s.codec_name ?? '')) &&
    Number.isFinite(duration) &&
    duration > 0;
  if (!playable) throw new AppError('videoRule');
  return Math.max(1, Math.round(duration));
}

/** One frame from a second in (or the middle of a short video) as a PNG, for the cover. */
export async function coverFrame(file: string, durationSeconds: number): Promise<Buffer> {
  const at = Math.min(1, durationSeconds / 2);
  const args = [
    '-v',
    'error',
    '-ss',
    String(at),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ];
  return (await tool('ffmpeg', args, 'buffer')) as Buffer;
}
