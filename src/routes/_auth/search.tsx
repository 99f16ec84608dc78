import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { searchKeywordAtom } from '#features/search/index.ts';
import { SearchIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/search')({
  component: SearchScreen,
});

function SearchScreen() {
  const { t } = useLingui();
  const keyword = useAtomValue(searchKeywordAtom);
  return (
    <ComingSoonPage
      title={keyword ? t`Search: ${keyword}` : t`Search`}
      icon={<SearchIcon size={36} />}
      text={t`Search results for members will appear here.`}
    />
  );
}
