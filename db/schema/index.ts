export * from './accounts';
export * from './delivery';
export * from './system';
export * from './wallet';
