export * from './accounts';
export * from './admin';
export * from './content';
export * from './delivery';
export * from './matches';
export * from './system';
export * from './users-extra';
export * from './wallet';
