/** One moment: its author (a link to their homepage), when, the text, the photos; Delete on one's own. */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { fullTime, relativeTime } from '#lib/relative-time.ts';
import type { Moment } from '#protocol/moment.ts';
import { Avatar } from '#ui/avatar.tsx';
import { Svg } from '#ui/icons.tsx';
import { MomentPhotos } from './moment-photos.tsx';

interface MomentCardProps {
  moment: Moment;
  mine: boolean;
  now: Date;
  onDelete: (moment: Moment) => void;
  onOpenPhoto: (moment: Moment, index: number) => void;
  eager?: boolean;
  priority?: boolean;
}

const TrashIcon = () => (
  <Svg size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Svg>
);

export function MomentCard({ moment, mine, now, onDelete, onOpenPhoto, eager, priority }: MomentCardProps) {
  const { t, i18n } = useLingui();
  const { user } = moment;
  const headId = `moment-${moment.id}-by`;
  return (
    <article className="moment" aria-labelledby={headId}>
      <header className="moment-head">
        <Link to="/homepage/$userId" params={{ userId: String(user.id) }} className="moment-author">
          <Avatar src={user.avatar} name={user.username} size={40} />
          <span id={headId} className="moment-name">
            <bdi>{user.username}</bdi>
          </span>
        </Link>
        <time className="moment-time" dateTime={moment.createdAt} title={fullTime(moment.createdAt, i18n.locale)}>
          {relativeTime(moment.createdAt, now, i18n.locale)}
        </time>
        {mine && (
          <button
            type="button"
            className="icon-btn moment-delete"
            aria-label={t`Delete this moment`}
            title={t`Delete this moment`}
            onClick={() => onDelete(moment)}
          >
            <TrashIcon />
          </button>
        )}
      </header>
      {moment.text && (
        <p className="moment-text" dir="auto">
          {moment.text}
        </p>
      )}
      {moment.photos.length > 0 && (
        <MomentPhotos
          photos={moment.photos}
          eager={eager}
          priority={priority}
          onOpen={(index) => onOpenPhoto(moment, index)}
        />
      )}
    </article>
  );
}

export function MomentSkeleton() {
  return (
    <div className="moment moment-skel" aria-hidden="true">
      <div className="moment-head">
        <span className="moment-skel-bit moment-skel-avatar" />
        <span className="moment-skel-bit moment-skel-line" style={{ width: '40%' }} />
      </div>
      <span className="moment-skel-bit moment-skel-line" style={{ width: '85%' }} />
      <span className="moment-skel-bit moment-skel-photo" />
    </div>
  );
}
