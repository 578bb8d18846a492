/**
 * Every sport's and esport's rules: the state of a match, how it is scored and played, periods,
 * statuses and player numbers. Pure (no I/O), so the feeds, the library and the browser share it.
 */
export * from './engine';
export * from './model';
export * from './periods';
export * from './player-stats';
export * from './rng';
export * from './rules-by-game';
export * from './scoring';
export * from './series';
export { soccer } from './soccer';
export * from './soccer-minutes';
export * from './status';
export { gamePointLabels, tennis } from './tennis';
