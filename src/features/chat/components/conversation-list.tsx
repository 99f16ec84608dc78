import { useLingui } from '@lingui/react/macro';
import { IdentityMark, LevelBadge } from '#features/account/index.ts';
import { Avatar } from '#ui/avatar.tsx';
import type { Conversation } from '../chat.rules.ts';
import { messageSummary } from '../message-summary.ts';
import { formatListTime } from './chat-format.ts';

export interface ConversationListProps {
  conversations: Conversation[];
  activeId: number | null;
  me: number | null;
  onSelect: (peerId: number) => void;
  /** The member is about to open one (pointer over, focus, press): a chance to load ahead. */
  onIntent?: () => void;
}

/** One button per conversation, named by the peer first so `getByRole('button', { name: /alice/ })` finds it. */
export function ConversationList({ conversations, activeId, me, onSelect, onIntent }: ConversationListProps) {
  const { t, i18n } = useLingui();
  return (
    <ul className="convo-list" aria-label={t`Conversations`}>
      {conversations.map(({ peer, last, unread }) => {
        const mine = last?.senderId === me;
        const summary = last ? messageSummary(last.type, last.msg) : '';
        return (
          <li key={peer.id}>
            <button
              type="button"
              className={`convo${peer.id === activeId ? ' convo-active' : ''}`}
              aria-current={peer.id === activeId ? 'true' : undefined}
              onClick={() => onSelect(peer.id)}
              onPointerEnter={onIntent}
              onPointerDown={onIntent}
              onFocus={onIntent}
            >
              <Avatar src={peer.avatar} name={peer.username} size={44} />
              <span className="convo-main">
                <span className="convo-top">
                  <bdi className="convo-name">{peer.username}</bdi>
                  <IdentityMark levelName={peer.levelName} />
                  {peer.levelName && <LevelBadge levelName={peer.levelName} />}
                  {last && (
                    <time className="convo-time" dateTime={last.createdAt}>
                      {formatListTime(last.createdAt, i18n.locale)}
                    </time>
                  )}
                </span>
                <span className="convo-bottom">
                  <span className="convo-preview">
                    {mine && <span className="convo-you">{t`You:`} </span>}
                    <bdi>{summary}</bdi>
                  </span>
                  {unread > 0 && (
                    <span className="convo-unread">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">{t`${unread} unread`}</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
