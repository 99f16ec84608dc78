/**
 * The open conversation (message-pane.tsx: log, bubbles, composer), loaded when a conversation is first opened.
 * /chat with the list alone is the common first screen and the one with a size budget: the pane is about 4 KB gzip
 * of it. Once the service worker is installed the chunk comes from its precache, so later opens wait for nothing.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '#ui/empty-state.tsx';
import type { MessagePaneProps } from './message-pane.tsx';

type PaneModule = typeof import('./message-pane.tsx');
let chunk: Promise<PaneModule> | null = null;
let loaded: PaneModule | null = null;

/**
 * Loads the pane's chunk; the list calls it on intent (pointer over, focus) and waits for it on a click, never at
 * idle: /chat's size budget counts everything fetched until the network is quiet.
 */
export function loadMessagePane(): Promise<PaneModule> {
  // With the texts of its translation parts (screens catalog), fetched in parallel with the chunk's own imports.
  chunk ??= import('./message-pane.tsx').then(async (m) => {
    await m.loadTexts().catch(() => {});
    loaded = m;
    return m;
  });
  return chunk;
}
const Pane = lazy(() => loadMessagePane().then((m) => ({ default: m.MessagePane })));

export function MessagePane(props: MessagePaneProps) {
  const { t } = useLingui();
  // Loaded already: render at once. A Suspense fallback, once shown, holds the content back ~300 ms (React throttles
  // reveals), which alone would break 'newest cached rows painted within 100 ms'.
  // Chosen once per mount: switching paths later would remount the pane and lose its scroll and state.
  const [ready] = useState(() => loaded);
  if (ready) return <ready.MessagePane {...props} />;
  return (
    <Suspense fallback={<Spinner label={t`Loading…`} />}>
      <Pane {...props} />
    </Suspense>
  );
}
