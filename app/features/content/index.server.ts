// What other features' loaders may use of the content pages.
export { pageParam } from './loaders.server';
