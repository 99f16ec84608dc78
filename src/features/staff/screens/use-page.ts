/** One page of a staff list: loads when the query changes, keeps the last rows while the next page loads. */
import { useCallback, useEffect, useState } from 'react';
import type { PageOf } from '#protocol/social.ts';

export function usePaged<Row>(load: () => Promise<PageOf<Row>>, deps: readonly unknown[]) {
  const [data, setData] = useState<PageOf<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the query depends on.
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((page) => live && setData(page))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...data, loading, reload };
}

export const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');
