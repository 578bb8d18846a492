// A stream whose frames carry the time they were made: this process draws each 320x180 frame with
// the wall clock in milliseconds (modulo 2^24) as a pattern of 8 x 4 black or white cells (24 bits,
// then 8 check bits), at the moment it is due, and ffmpeg encodes it as an encoder in OBS would
// (x264 veryfast, zerolatency, a keyframe every second) and pushes it with a tone over RTMP.
import { spawn } from 'node:child_process';

const WIDTH = 320;
const HEIGHT = 180;
const FPS = 30;
const MOD = 2 ** 24;

function drawFrame(frame, ms) {
  const value = ms % MOD;
  const check = (value ^ (value >> 8) ^ (value >> 16)) & 0xff;
  const bits = value + check * MOD;
  for (let cell = 0; cell < 32; cell++) {
    const on = Math.floor(bits / 2 ** cell) % 2 === 1 ? 255 : 0;
    const x0 = (cell % 8) * 40;
    const y0 = Math.floor(cell / 8) * 45;
    for (let y = y0; y < y0 + 45; y++) frame.fill(on, y * WIDTH + x0, y * WIDTH + x0 + 40);
  }
}

/** Pushes the timecode stream to `url` until stopped. */
export function pushTimecode(url) {
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${WIDTH}x${HEIGHT}`, '-framerate', String(FPS)],
      ...['-i', 'pipe:0', '-re', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(FPS)],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  ffmpeg.stdin.on('error', () => {}); // ffmpeg stopped first
  const started = Date.now();
  let sent = 0;
  let timer;
  const next = () => {
    const frame = Buffer.alloc(WIDTH * HEIGHT);
    drawFrame(frame, Date.now());
    ffmpeg.stdin.write(frame);
    sent++;
    // Due times follow the start, so timer lateness does not add up.
    timer = setTimeout(next, Math.max(0, started + (sent * 1000) / FPS - Date.now()));
  };
  next();
  const exited = new Promise((resolve) => ffmpeg.once('exit', resolve));
  return {
    async stop() {
      clearTimeout(timer);
      ffmpeg.stdin.end();
      ffmpeg.kill('SIGTERM');
      await exited;
    },
  };
}
