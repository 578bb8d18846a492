/** What the anchor centre shows of an arriving stream. */
export interface StreamStats {
  /** Media arrived within the last ARRIVING_MS. */
  arriving: boolean;
  /** Measured over the last full second; 0 while nothing arrives. */
  bitrateKbps: number;
  fps: number;
}

const WINDOW_MS = 1000;
const ARRIVING_MS = 2000;
const TAG_AUDIO = 8;
const TAG_VIDEO = 9;

/**
 * Counts the FLV tags of a stream (one tag per call, as a broadcast hands them to a player) in
 * one-second windows: media bytes for the bitrate, video frames for the frame rate.
 */
export function createStreamStats(now: () => number = Date.now) {
  let windowStart = now();
  let windowBytes = 0;
  let windowFrames = 0;
  let lastTagAt = 0;
  let bitrateKbps = 0;
  let fps = 0;

  return {
    countTag(tag: Buffer) {
      const type = (tag[0] ?? 0) & 0x1f;
      if (type !== TAG_AUDIO && type !== TAG_VIDEO) return;
      const time = now();
      if (time - windowStart >= WINDOW_MS) {
        const seconds = (time - windowStart) / 1000;
        bitrateKbps = Math.round((windowBytes * 8) / 1000 / seconds);
        fps = Math.round(windowFrames / seconds);
        windowStart = time;
        windowBytes = 0;
        windowFrames = 0;
      }
      lastTagAt = time;
      windowBytes += tag.length;
      if (type === TAG_VIDEO && !isVideoSequenceHeader(tag)) windowFrames += 1;
    },
    read(): StreamStats {
      const arriving = lastTagAt > 0 && now() - lastTagAt < ARRIVING_MS;
      return { arriving, bitrateKbps: arriving ? bitrateKbps : 0, fps: arriving ? fps : 0 };
    },
  };
}

/** An AVC/HEVC decoder configuration, not a picture: byte 12 (after the 11-byte tag header) is 0. */
function isVideoSequenceHeader(tag: Buffer): boolean {
  return tag[12] === 0;
}
