// Live scores in the browser: one shared /ws/scores connection per page, opened on first use.
export type { ConnectionStatus } from './connection';
export { ConnectionState } from './connection-state';
export { useLiveMatch, useLiveMatches, useMatchHold } from './use-live';
