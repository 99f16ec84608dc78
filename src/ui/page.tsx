import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

/** Every screen's frame: one h1, then the content. */
export function Page({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <header className="page-head">
        <h1 className="page-title">{title}</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

/** A screen whose content is not built yet: its title and a clear 'coming soon', never a blank area. */
export function ComingSoonPage({ title, icon, text }: { title: ReactNode; icon?: ReactNode; text?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Page title={title}>
      <EmptyState icon={icon} title={t`Coming soon`}>
        {text ?? t`We are putting the finishing touches on this page.`}
      </EmptyState>
    </Page>
  );
}
