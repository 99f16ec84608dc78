import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { type KeyboardEvent, useState } from 'react';
import { LIMITS } from '#lib/validators.ts';
import { SearchIcon } from '#ui/icons.tsx';
import { searchKeywordAtom } from '../search.atoms.ts';

/** Header search (docs/product.md, Header): at most 50 characters, Enter stores the username and calls `onSearch`. */
export function SearchBox({ onSearch }: { onSearch: (username: string) => void }) {
  const { t } = useLingui();
  const [stored, setStored] = useAtom(searchKeywordAtom);
  const [value, setValue] = useState(stored);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const username = value.trim().slice(0, LIMITS.search);
    setStored(username);
    onSearch(username);
  }

  return (
    <search className="search">
      <SearchIcon className="search-icon" size={18} />
      <input
        dir="auto"
        type="search"
        className="search-input"
        aria-label={t`Search members`}
        placeholder={t`Search by username`}
        maxLength={LIMITS.search}
        enterKeyHint="search"
        value={value}
        onChange={(e) => setValue(e.target.value.slice(0, LIMITS.search))}
        onKeyDown={onKeyDown}
      />
    </search>
  );
}
