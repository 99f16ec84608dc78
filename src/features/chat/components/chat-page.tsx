import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import type { UserInfo } from '#protocol/user.ts';
import { Button } from '#ui/button.tsx';
import { EmptyState, Spinner } from '#ui/empty-state.tsx';
import { AlertIcon, ChatIcon } from '#ui/icons.tsx';
import { chatServiceAtom, conversationsAtom, conversationsStateAtom, peersAtom } from '../chat.atoms.ts';
import { ChatStatus } from './chat-status.tsx';
import { ConversationList } from './conversation-list.tsx';
import { loadMessagePane, MessagePane } from './lazy-message-pane.tsx';
import { NotificationButton } from './notification-button.tsx';
import './chat.css';

const PANE_WAIT_MS = 300;

export interface ChatPageProps {
  /** The open conversation (from `/chat?userId=N`), or null for the list alone. */
  peerId: number | null;
  me: Pick<UserInfo, 'id'> | null;
  onSelect: (peerId: number | null) => void;
  /** Where to meet people when there is no conversation yet (router links, given by the route). */
  meetLinks: ReactNode;
}

/**
 * Spec 2 /chat: conversations beside the open one on desktop, two views on phones (list, then the pane with a
 * back button). State lives in atoms, so coming back to the page shows everything at once.
 */
export function ChatPage({ peerId, me, onSelect, meetLinks }: ChatPageProps) {
  const { t } = useLingui();
  const service = useAtomValue(chatServiceAtom);
  const conversations = useAtomValue(conversationsAtom);
  const listState = useAtomValue(conversationsStateAtom);
  const peers = useAtomValue(peersAtom);
  const myId = me?.id ?? null;
  const peer = peerId === null ? undefined : (conversations.find((c) => c.peer.id === peerId)?.peer ?? peers[peerId]);

  useEffect(() => {
    // Cached page: a refresh in the background, the stored list shows meanwhile.
    void service?.loadConversations();
  }, [service]);

  // A layout effect: the cached page is asked for before the first paint of the pane, not a frame later.
  useLayoutEffect(() => {
    if (!service || peerId === null) return;
    // Coming back to a hidden page marks the open conversation read: the chat service follows visibility.
    void service.open(peerId);
    return () => service.close();
  }, [service, peerId]);

  return (
    <div className={`chat${peerId !== null ? ' chat-open' : ''}`}>
      <ChatStatus />
      <div className="chat-list">
        <header className="chat-head">
          <h1 className="page-title">{t`Chat`}</h1>
          <NotificationButton />
        </header>
        {listState === 'error' && conversations.length === 0 ? (
          <div className="log-state" role="alert">
            <AlertIcon size={28} />
            <p>{t`Conversations could not be loaded.`}</p>
            <Button variant="secondary" onClick={() => void service?.loadConversations()}>
              {t`Try again`}
            </Button>
          </div>
        ) : listState !== 'ready' && conversations.length === 0 ? (
          <ListSkeleton />
        ) : conversations.length === 0 ? (
          <div className="chat-empty">
            <EmptyState icon={<ChatIcon size={36} />} title={t`No conversations yet`} action={meetLinks}>
              {t`Meet people on the Square or search for a member, then say hello.`}
            </EmptyState>
          </div>
        ) : (
          <ConversationList
            conversations={conversations}
            activeId={peerId}
            me={myId}
            onIntent={() => void loadMessagePane()}
            onSelect={(id) => {
              service?.preload(id);
              // The pane's chunk is usually loaded by now (intent); a slow first fetch delays the switch at most this.
              void Promise.race([loadMessagePane(), new Promise((r) => setTimeout(r, PANE_WAIT_MS))]).then(() =>
                onSelect(id),
              );
            }}
          />
        )}
      </div>
      <div className="chat-pane">
        {peerId !== null && service ? (
          <MessagePane
            key={peerId}
            peerId={peerId}
            peer={peer}
            me={myId}
            service={service}
            onBack={() => onSelect(null)}
          />
        ) : peerId !== null ? (
          <Spinner label={t`Connecting…`} />
        ) : (
          <div className="pane-none">
            <ChatIcon size={40} />
            <p>{t`Select a conversation to start chatting.`}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <div className="convo-skeleton" role="status">
      <span className="sr-only">{t`Loading conversations…`}</span>
      {[1, 2, 3, 4].map((n) => (
        <div key={n} className="convo-skeleton-row" aria-hidden="true">
          <span className="skeleton skeleton-avatar" />
          <span className="skeleton skeleton-line" />
        </div>
      ))}
    </div>
  );
}
