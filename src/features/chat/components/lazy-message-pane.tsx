/**
 * The open conversation (message-pane.tsx: log, bubbles, composer), loaded when a conversation is first opened.
 * /chat with the list alone is the common first screen and the one with a size budget: the pane is about 4 KB gzip
 * of it. Once the service worker is installed the chunk comes from its precache, so later opens wait for nothing.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Spinner } from '#ui/empty-state.tsx';
import type { MessagePaneProps } from './message-pane.tsx';

const Pane = lazy(() => import('./message-pane.tsx').then((m) => ({ default: m.MessagePane })));

export function MessagePane(props: MessagePaneProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading…`} />}>
      <Pane {...props} />
    </Suspense>
  );
}
