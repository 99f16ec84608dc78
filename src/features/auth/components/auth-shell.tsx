import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ChatIcon, GlobeIcon, HeartIcon } from '#ui/icons.tsx';

/** Sign-in, register and recovery share this frame: a brand panel on wide screens, the card beside it. */
export function AuthShell({
  title,
  subtitle,
  children,
  corner,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  corner?: ReactNode;
}) {
  return (
    <div className="auth">
      <aside className="auth-brand">
        <div className="brand-mark brand-mark-light">
          <span className="brand-logo" aria-hidden="true">
            A
          </span>
          Amity
        </div>
        <div className="auth-pitch">
          <h2>
            <Trans>Meet people. Chat in any language.</Trans>
          </h2>
          <ul>
            <li>
              <ChatIcon />
              <Trans>Live chat with automatic translation</Trans>
            </li>
            <li>
              <HeartIcon />
              <Trans>See who liked and visited you</Trans>
            </li>
            <li>
              <GlobeIcon />
              <Trans>Members from all over the world</Trans>
            </li>
          </ul>
        </div>
        <div className="auth-bubbles" aria-hidden="true">
          <span className="bubble bubble-a">¡Hola!</span>
          <span className="bubble bubble-b">Hello!</span>
          <span className="bubble bubble-c">你好！</span>
        </div>
      </aside>
      <main className="auth-main">
        <div className="auth-top">
          <div className="brand-mark auth-mobile-brand">
            <span className="brand-logo" aria-hidden="true">
              A
            </span>
            Amity
          </div>
          {corner}
        </div>
        <div className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </div>
      </main>
    </div>
  );
}
