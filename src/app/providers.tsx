import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { i18n } from '#lib/i18n.ts';
import { store } from './store.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </JotaiProvider>
  );
}
