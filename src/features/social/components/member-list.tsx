import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { useAsync } from '#lib/use-async.ts';
import type { PageOf, PageQuery } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { AlertIcon } from '#ui/icons.tsx';
import { Pagination, usePageSize } from '#ui/pagination.tsx';
import { MemberCard, MemberCardSkeleton } from './member-card.tsx';
import './social.css';

interface MemberListProps<T extends BaseUser> {
  /** Names the route for the remembered page size (docs/product.md, Routes: remembered per route name). */
  routeName: string;
  page: number;
  onPageChange: (page: number) => void;
  load: (query: PageQuery) => Promise<PageOf<T>>;
  /** What else, besides page and size, makes the list load again (a search keyword). */
  loadKey?: string;
  empty: { icon?: ReactNode; title: ReactNode; text?: ReactNode; action?: ReactNode };
  /** A line under a card (visitors: when). */
  note?: (user: T) => ReactNode;
  /** A caption read out with the list. */
  label: string;
}

const MAX_SKELETONS = 6;

/** A paged list of members with its loading, empty and error states. */
export function MemberList<T extends BaseUser>({
  routeName,
  page,
  onPageChange,
  load,
  loadKey = '',
  empty,
  note,
  label,
}: MemberListProps<T>) {
  const { t } = useLingui();
  const [size, setSize] = usePageSize(routeName);
  const state = useAsync(() => load({ page, size }), [page, size, loadKey]);
  const data = state.data;

  // Members left since the link was made (unliked, blocked): past the last page, go to the last one.
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && page > 1) {
      onPageChange(Math.max(1, Math.ceil(data.total / size)));
    }
  }, [data, page, size, onPageChange]);

  if (state.error) {
    return (
      <div role="alert">
        <EmptyState
          icon={<AlertIcon size={36} />}
          title={t`The list could not be loaded`}
          action={<Button onClick={state.reload}>{t`Try again`}</Button>}
        >
          {state.error instanceof Error && state.error.message ? state.error.message : t`Please try again in a moment.`}
        </EmptyState>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="member-grid" role="status" aria-label={t`Loading…`}>
        {Array.from({ length: Math.min(size, MAX_SKELETONS) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <MemberCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (data.total === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="member-grid" aria-label={label} aria-busy={state.loading || undefined}>
        {data.list.map((user) => (
          <li key={user.id}>
            <MemberCard user={user} note={note?.(user)} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        size={size}
        total={data.total}
        onChange={(nextPage, nextSize) => {
          if (nextSize !== size) setSize(nextSize);
          onPageChange(nextPage);
        }}
      />
    </>
  );
}
