// What other features' loaders use of the content pages.
export { pageParam } from './loaders.server';
