import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { searchKeywordAtom } from '#features/search/index.ts';
import { keywordFromSearch } from '#features/search/lite.ts';
import { MemberList, searchMembers } from '#features/social/index.ts';
import { parsePageSearch } from '#features/social/lite.ts';
import { isolate } from '#ui/bidi.ts';
import { EmptyState } from '#ui/empty-state.tsx';
import { SearchIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';

export interface SearchParams {
  keyword?: string;
  page?: number;
}

/**
 * The header box sets the keyword atom, comes here (docs/product.md, Header); the keyword is mirrored into the URL so a
 * reload or a shared link shows the same results.
 */
export const Route = createFileRoute('/_auth/search')({
  validateSearch: (search: Record<string, unknown>): SearchParams => {
    const keyword = keywordFromSearch(search.keyword);
    return { ...(keyword !== null ? { keyword } : {}), ...parsePageSearch(search) };
  },
  component: SearchScreen,
});

function SearchScreen() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [stored, setStored] = useAtom(searchKeywordAtom);
  const keyword = stored || search.keyword || '';

  useEffect(() => {
    if (!stored && search.keyword) setStored(search.keyword);
    else if (stored && stored !== search.keyword) void navigate({ search: { keyword: stored }, replace: true });
  }, [stored, search.keyword, setStored, navigate]);

  const onPageChange = useCallback(
    (p: number) => void navigate({ search: (s) => ({ keyword: s.keyword, ...(p > 1 ? { page: p } : {}) }) }),
    [navigate],
  );
  const load = useCallback((q: { page: number; size: number }) => searchMembers(keyword, q), [keyword]);
  // The member's words isolated inside our sentence (docs/architecture.md: user text is isolated).
  const say = (keyword: string) => ({ title: t`Search: ${keyword}`, none: t`No members match “${keyword}”` });
  const text = say(isolate(keyword));

  return (
    <Page title={keyword ? text.title : t`Search`}>
      {keyword ? (
        <MemberList
          routeName="search"
          label={t`Search results`}
          page={search.keyword === keyword ? (search.page ?? 1) : 1}
          onPageChange={onPageChange}
          load={load}
          loadKey={keyword}
          empty={{
            icon: <SearchIcon size={36} />,
            title: text.none,
            text: t`Check the spelling or try part of the name.`,
          }}
        />
      ) : (
        <EmptyState icon={<SearchIcon size={36} />} title={t`Search members`}>
          {t`Type a username in the search box at the top and press Enter.`}
        </EmptyState>
      )}
    </Page>
  );
}
