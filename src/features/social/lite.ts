/**
 * Social's light public entry: what the paged list routes need in the first load (their `validateSearch`). The
 * lists, panels and dialogs are `./index.ts`, imported by lazy route components and the lazy side panel only.
 */
export { type PageSearch, parsePageSearch } from './page-search.ts';
