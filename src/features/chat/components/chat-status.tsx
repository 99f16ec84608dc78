import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { lastSyncedAtom, offlineAtom, outboxRecordsAtom } from '../chat.atoms.ts';
import { trayCounts } from '../outbox.rules.ts';
import { formatAgo } from './chat-format.ts';
import { CloudOffIcon } from './chat-icons.tsx';

/** The relative time is redrawn this often while offline. */
const TICK_MS = 30_000;

/**
 * One line above the chat: 'Offline, last synced 5 minutes ago' while the browser or the socket is down, and
 * 'N messages waiting in M chats' while the outbox holds messages that are not going out right now. Always in the
 * DOM (empty when there is nothing to say) so screen readers hear the changes of this live region.
 */
export function ChatStatus() {
  const { t, i18n } = useLingui();
  const offline = useAtomValue(offlineAtom);
  const syncedAt = useAtomValue(lastSyncedAtom);
  const counts = trayCounts(useAtomValue(outboxRecordsAtom), offline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!offline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [offline]);

  const ago = syncedAt === null ? '' : formatAgo(syncedAt, i18n.locale, now);
  const messages = counts?.messages ?? 0;
  const chats = counts?.chats ?? 0;
  return (
    <div className={`chat-status${offline || counts ? ' chat-status-on' : ''}`} role="status">
      {offline && (
        <p className="chat-offline">
          <CloudOffIcon />
          <span>{syncedAt === null ? t`Offline` : t`Offline, last synced ${ago}`}</span>
        </p>
      )}
      {counts && (
        <p className="chat-tray">
          {t`${plural(messages, { one: '# message waiting', other: '# messages waiting' })} in ${plural(chats, {
            one: '# chat',
            other: '# chats',
          })}`}
        </p>
      )}
    </div>
  );
}
