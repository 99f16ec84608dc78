/**
 * Search's light public entry: the /search route's `validateSearch` runs in the first load of every page and needs
 * only the keyword rule; the header box and its atom are `./index.ts`.
 */
export { keywordFromSearch } from './keyword.ts';
