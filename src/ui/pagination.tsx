/**
 * Pager for paged lists (docs/product.md, Routes): sizes 5-50 (default 10), hidden with nothing to page, 7 buttons or
 * 5 in small (phone) mode. The size a reader picks is remembered per route name.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { readLocal, writeLocal } from '#lib/storage.ts';
import { useMediaQuery } from '#lib/use-media-query.ts';
import { PAGE_SIZES } from '#protocol/constants.ts';
import { ChevronRightIcon } from './more-icons.tsx';
import { pagerItems, pageSizeKey, validPageSize } from './pagination.rules.ts';
import './pagination.css';

/** Phone width. */
const SMALL_QUERY = '(max-width: 639px)';

/** The page size of one route, read from and written to localStorage. */
export function usePageSize(routeName: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => validPageSize(readLocal<unknown>(pageSizeKey(routeName), null)));
  const update = useCallback(
    (next: number) => {
      const valid = validPageSize(next);
      writeLocal(pageSizeKey(routeName), valid);
      setSize(valid);
    },
    [routeName],
  );
  return [size, update];
}

interface PaginationProps {
  page: number;
  size: number;
  total: number;
  /** A new size starts again at page 1: the old page number would point somewhere else. */
  onChange: (page: number, size: number) => void;
  /** Forces small mode; by default it follows the screen width. */
  small?: boolean;
}

export function Pagination({ page, size, total, onChange, small }: PaginationProps) {
  const { t } = useLingui();
  const smallScreen = useMediaQuery(SMALL_QUERY);
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / size));
  const items = pagerItems(page, pages, (small ?? smallScreen) ? 5 : 7);
  const go = (p: number) => {
    if (p >= 1 && p <= pages && p !== page) onChange(p, size);
  };
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <span className="pager-total">{t`Total ${total}`}</span>
      <select
        className="pager-size"
        aria-label={t`Per page`}
        value={size}
        onChange={(e) => onChange(1, Number(e.target.value))}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {t`${n} / page`}
          </option>
        ))}
      </select>
      <div className="pager-pages">
        <button
          type="button"
          className="pager-btn pager-prev"
          aria-label={t`Previous page`}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
        >
          <ChevronRightIcon size={16} />
        </button>
        {items.map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className="pager-btn"
              aria-label={t`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => go(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="pager-gap" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button
          type="button"
          className="pager-btn"
          aria-label={t`Next page`}
          disabled={page >= pages}
          onClick={() => go(page + 1)}
        >
          <ChevronRightIcon size={16} />
        </button>
      </div>
    </nav>
  );
}
