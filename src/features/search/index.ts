export { SearchBox } from './components/search-box.tsx';
export { searchKeywordAtom } from './search.atoms.ts';
