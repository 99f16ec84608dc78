/** Renders a lazily loaded screen once its texts (the screens catalog, lib/screen-catalog.ts) are in. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import { Spinner } from './empty-state.tsx';

export function ScreenCatalog({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return useScreenCatalog() ? children : <Spinner label={t`Loading…`} />;
}
