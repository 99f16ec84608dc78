import { atom } from 'jotai';

/** The username typed in the header search box; /search reads it. */
export const searchKeywordAtom = atom('');
