/**
 * How the room's players are set up (issue 35's targets: the pro line at most 1.5 s behind live,
 * the standard line at most 3 s). The HTTP-FLV line (mpegts.js) plays a little faster while it is
 * over 0.9 s behind, and jumps when over 2.5 s; the HLS line (hls.js) keeps one segment (a second
 * at the usual keyframe interval) behind the playlist's edge and catches up by playing faster.
 * The delay benchmark (bench/live) plays with these same settings.
 */
export const FLV_PLAYER_CONFIG = {
  enableStashBuffer: false,
  liveSync: true,
  liveSyncMaxLatency: 0.9,
  liveSyncTargetLatency: 0.5,
  liveSyncPlaybackRate: 1.2,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 2.5,
  liveBufferLatencyMinRemain: 0.5,
} as const;

export const HLS_PLAYER_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 1,
  liveMaxLatencyDurationCount: 4,
  maxLiveSyncPlaybackRate: 1.2,
} as const;
