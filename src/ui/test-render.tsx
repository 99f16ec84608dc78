/** Test helper (tests only): renders with a fresh jotai store and lingui active in English (source texts). */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type RenderResult, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';

type Store = ReturnType<typeof createStore>;

import type { ReactElement } from 'react';

export function activateEnglish(): void {
  if (i18n.locale !== 'en-us') i18n.loadAndActivate({ locale: 'en-us', messages: {} });
}

export function renderWithApp(ui: ReactElement, store: Store = createStore()): RenderResult & { store: Store } {
  activateEnglish();
  const result = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </Provider>,
  );
  return { ...result, store };
}
