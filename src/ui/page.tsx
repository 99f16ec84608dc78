import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

interface PageProps {
  title: ReactNode;
  /** Before the title: a `<BackButton />` on pages reached from elsewhere (back-button.tsx). */
  back?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** Every screen's frame: one h1, then the content. */
export function Page({ title, back, actions, children }: PageProps) {
  return (
    <div className="page">
      <header className="page-head">
        {back ? (
          <div className="page-title-row">
            {back}
            <h1 className="page-title">{title}</h1>
          </div>
        ) : (
          <h1 className="page-title">{title}</h1>
        )}
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
