// What others use of search: the header's search box.
export { SearchBox } from './search-box';
