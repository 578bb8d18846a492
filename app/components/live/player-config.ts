/**
 * How the room's players are set up: the HTTP-FLV line (mpegts.js) chases the live edge so that
 * its delay stays low; the HLS line (hls.js) keeps two one-second segments behind the edge. The
 * delay benchmark (bench/live) plays with these same settings.
 */
export const FLV_PLAYER_CONFIG = {
  enableStashBuffer: false,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.5,
  liveBufferLatencyMinRemain: 0.3,
} as const;

export const HLS_PLAYER_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
} as const;
