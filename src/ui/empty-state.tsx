import type { ReactNode } from 'react';
import { SparkleIcon } from './icons.tsx';

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}

/** A screen or list with nothing to show yet: an illustration, a line of why, and maybe a way on. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <section className="empty">
      <div className="empty-art" aria-hidden="true">
        <span className="empty-ring" />
        <span className="empty-icon">{icon ?? <SparkleIcon size={36} />}</span>
      </div>
      <h2 className="empty-title">{title}</h2>
      {children && <p className="empty-text">{children}</p>}
      {action && <div className="empty-action">{action}</div>}
    </section>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="pending" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
