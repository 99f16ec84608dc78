import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { constellationLabel, IdentityMark, LevelBadge } from '#features/account/index.ts';
import type { BaseUser } from '#protocol/user.ts';
import { Avatar } from '#ui/avatar.tsx';
import { isolate } from '#ui/bidi.ts';
import { buttonClass } from '#ui/button.tsx';
import { ChatIcon } from '#ui/icons.tsx';

/** One member in a list: who they are at a glance, a way to their page and a way to chat. */
export function MemberCard({ user, note }: { user: BaseUser; note?: ReactNode }) {
  const { t, i18n } = useLingui();
  const name = isolate(user.username);
  const age = user.age;
  const facts = [age ? t`${age} years` : '', constellationLabel(i18n, user.constellation), user.country].filter(
    Boolean,
  );
  return (
    <article className="member-card">
      <Link
        to="/homepage/$userId"
        params={{ userId: String(user.id) }}
        className="member-main"
        aria-label={t`Open ${name}'s page`}
      >
        <Avatar src={user.avatar} name={user.username} size={56} />
        <span className="member-text">
          <span className="member-name-row">
            <strong className="member-name">
              <bdi>{user.username}</bdi>
            </strong>
            {user.levelName && <LevelBadge levelName={user.levelName} />}
            <IdentityMark levelName={user.levelName} />
          </span>
          <span className="member-facts">{facts.join(' · ')}</span>
          {user.sign && (
            <span className="member-sign" dir="auto">
              {user.sign}
            </span>
          )}
        </span>
      </Link>
      <Link
        to="/chat"
        search={{ userId: user.id }}
        className={`${buttonClass('secondary', 'sm')} member-chat`}
        aria-label={t`Chat with ${name}`}
      >
        <ChatIcon size={16} />
        <span className="member-chat-label">
          <Trans>Chat</Trans>
        </span>
      </Link>
      {note && <p className="member-note">{note}</p>}
    </article>
  );
}

/** Placeholder cards while a page loads, shaped like the real ones so nothing jumps. */
export function MemberCardSkeleton() {
  return (
    <div className="member-card member-skel" aria-hidden="true">
      <div className="member-main">
        <span className="skel skel-avatar" />
        <span className="member-text">
          <span className="skel skel-line" style={{ width: '45%' }} />
          <span className="skel skel-line" style={{ width: '70%' }} />
          <span className="skel skel-line" style={{ width: '85%' }} />
        </span>
      </div>
    </div>
  );
}
