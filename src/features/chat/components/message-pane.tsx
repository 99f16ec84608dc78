import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LevelBadge } from '#features/account/index.ts';
import type { BaseUser } from '#protocol/user.ts';
import { Avatar } from '#ui/avatar.tsx';
import { Button } from '#ui/button.tsx';
import { AlertIcon, ChevronDownIcon, ChevronRightIcon } from '#ui/icons.tsx';
import { emptyHistory, historiesAtom, outboxRecordsAtom } from '../chat.atoms.ts';
import { buildTimeline, deliveryOf, MessageType } from '../chat.rules.ts';
import type { ChatService } from '../chat-service.ts';
import { formatDay } from './chat-format.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';

export interface MessagePaneProps {
  peerId: number;
  peer: BaseUser | undefined;
  me: number | null;
  service: ChatService;
  onBack: () => void;
}

/** Within this many pixels of the end counts as 'at the bottom' (new messages then scroll into view). */
const BOTTOM_SLACK = 64;
const TOP_LOAD_AT = 80;

export function MessagePane({ peerId, peer, me, service, onBack }: MessagePaneProps) {
  const { t, i18n } = useLingui();
  const history = useAtomValue(historiesAtom)[peerId] ?? emptyHistory;
  const records = useAtomValue(outboxRecordsAtom);
  const pending = useMemo(() => records.filter((r) => r.toId === peerId), [records, peerId]);
  const items = useMemo(() => buildTimeline(history.messages, pending), [history.messages, pending]);
  const logRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const prev = useRef({ peerId: 0, first: '', last: '', height: 0 });
  const name = peer?.username ?? '';

  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    const first = items[0]?.key ?? '';
    const lastItem = items[items.length - 1];
    const last = lastItem?.key ?? '';
    const p = prev.current;
    const mineArrived =
      lastItem?.kind === 'pending' || (lastItem?.kind === 'message' && lastItem.message.senderId === me);
    if (p.peerId !== peerId || !p.last) el.scrollTop = el.scrollHeight;
    else if (first !== p.first && last === p.last) el.scrollTop += el.scrollHeight - p.height;
    else if (last !== p.last && (atBottomRef.current || mineArrived)) el.scrollTop = el.scrollHeight;
    prev.current = { peerId, first, last, height: el.scrollHeight };
  }, [items, peerId, me]);

  function onScroll() {
    const el = logRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (el.scrollTop < TOP_LOAD_AT && history.hasMore && history.state === 'ready') void service.loadOlder(peerId);
  }

  const keepPinned = () => {
    const el = logRef.current;
    if (el && atBottomRef.current) el.scrollTop = el.scrollHeight;
  };
  const scrollToEnd = () => logRef.current?.scrollTo({ top: logRef.current.scrollHeight, behavior: 'smooth' });
  const words = { today: t`Today`, yesterday: t`Yesterday` };
  const empty = history.state === 'ready' && items.length === 0;

  return (
    <section className="pane" aria-label={name ? t`Conversation with ${name}` : t`Conversation`}>
      <header className="pane-head">
        <button type="button" className="icon-btn pane-back" aria-label={t`Back to conversations`} onClick={onBack}>
          <ChevronRightIcon className="flip" />
        </button>
        {peer ? (
          <>
            <Avatar src={peer.avatar} name={peer.username} size={36} />
            <h2 className="pane-name">{peer.username}</h2>
            {peer.levelName && <LevelBadge levelName={peer.levelName} />}
          </>
        ) : (
          <span className="skeleton skeleton-line" aria-hidden="true" />
        )}
      </header>
      <div
        ref={logRef}
        className="log"
        role="log"
        aria-live="polite"
        aria-label={name ? t`Chat with ${name}` : t`Chat history`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        onScroll={onScroll}
      >
        {history.state === 'ready' && history.hasMore && items.length > 0 && (
          <div className="log-older">
            <Button
              variant="ghost"
              size="sm"
              busy={history.loadingOlder}
              onClick={() => void service.loadOlder(peerId)}
            >
              {t`Load older messages`}
            </Button>
          </div>
        )}
        {history.state === 'ready' && !history.hasMore && items.length > 0 && (
          <p className="log-start">{t`This is the start of your conversation.`}</p>
        )}
        {(history.state === 'loading' || history.state === 'idle') && items.length === 0 && <LogSkeleton />}
        {history.state === 'error' && items.length === 0 && (
          <div className="log-state" role="alert">
            <AlertIcon size={28} />
            <p>{t`Messages could not be loaded.`}</p>
            <Button variant="secondary" onClick={() => void service.loadHistory(peerId)}>
              {t`Try again`}
            </Button>
          </div>
        )}
        {empty && (
          <div className="log-state">
            <p className="log-state-title">{t`No messages yet`}</p>
            <p>{name ? t`Say hello to ${name}.` : t`Say hello.`}</p>
          </div>
        )}
        {items.map((item) => {
          if (item.kind === 'day')
            return (
              <div key={item.key} className="day-sep">
                <span>{formatDay(item.day, i18n.locale, words)}</span>
              </div>
            );
          if (item.kind === 'pending') {
            const r = item.record;
            return (
              <div key={item.key} className="row row-mine">
                <MessageBubble
                  mine
                  type={r.type}
                  msg={r.msg}
                  createdAt={r.createdAt}
                  delivery={r.state}
                  error={r.error}
                  peerName={name}
                  onImageLoad={keepPinned}
                  onRetry={() => void service.retry(r.clientId)}
                />
              </div>
            );
          }
          const m = item.message;
          const mine = m.senderId === me;
          const card = m.type > MessageType.image;
          return (
            <div key={item.key} className={`row ${card ? 'row-card' : mine ? 'row-mine' : 'row-theirs'}`}>
              <MessageBubble
                mine={mine}
                type={m.type}
                msg={m.msg}
                createdAt={m.createdAt}
                delivery={mine ? deliveryOf(m) : undefined}
                peerName={name}
                onImageLoad={keepPinned}
              />
            </div>
          );
        })}
      </div>
      {!atBottom && (
        <button type="button" className="to-bottom" aria-label={t`Scroll to the latest messages`} onClick={scrollToEnd}>
          <ChevronDownIcon />
        </button>
      )}
      <Composer
        onSendText={(text) => void service.send(peerId, MessageType.text, text)}
        onSendImage={async (file) => {
          // A failed upload was already reported by lib/http; nothing is sent then.
          const url = await service.uploadImage(file).catch(() => null);
          if (url) await service.send(peerId, MessageType.image, url);
        }}
      />
    </section>
  );
}

function LogSkeleton() {
  const { t } = useLingui();
  return (
    <div className="log-skeleton" role="status">
      <span className="sr-only">{t`Loading messages…`}</span>
      {[60, 40, 72, 52].map((w, i) => (
        <span
          key={w}
          className={`skeleton skeleton-bubble${i % 2 ? ' skeleton-mine' : ''}`}
          style={{ width: `${w}%` }}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
