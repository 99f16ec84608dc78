/**
 * A list of moments with its states: skeletons while the first page loads, an empty state, an error with Try
 * again, older pages as the reader nears the end (infinite scroll, with a button as the keyboard's way and the
 * fallback), the 'New moments' pill, pull to refresh, the lightbox and the delete question.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '#lib/http.ts';
import type { Moment } from '#protocol/moment.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { AlertIcon } from '#ui/icons.tsx';
import { Lightbox } from '#ui/lightbox.tsx';
import { largestJpeg, srcSetOf } from '../feed.rules.ts';
import { deleteMoment } from '../moments.api.ts';
import type { useMomentFeed } from '../use-moment-feed.ts';
import { MomentCard, MomentSkeleton } from './moment-card.tsx';
import { usePullToRefresh } from './pull-to-refresh.ts';
import './moments.css';

type Feed = ReturnType<typeof useMomentFeed>;

interface MomentFeedProps {
  feed: Feed;
  myId: number | null;
  label: string;
  empty: { icon?: ReactNode; title: ReactNode; text?: ReactNode; action?: ReactNode };
}

/** The first moments' photos load at once (the first screen); later ones lazily. */
const EAGER_MOMENTS = 2;

export function MomentFeed({ feed, myId, label, empty }: MomentFeedProps) {
  const { t } = useLingui();
  const { state, loadMore, refresh, showPending, remove } = feed;
  const [viewing, setViewing] = useState<{ moment: Moment; index: number } | null>(null);
  const [deleting, setDeleting] = useState<Moment | null>(null);
  const [now, setNow] = useState(() => new Date());
  const sentinel = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const pull = usePullToRefresh(() => void refresh(true), state.status === 'ready');

  // The relative times move on once a minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // Infinite scroll: the next page when the end comes within a screen. The sentinel is there only once moments are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status and next decide whether the sentinel exists.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, state.status, state.next]);

  function onShowNew() {
    showPending();
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    top.current?.focus({ preventScroll: true });
  }

  const pending = state.pending.length;
  const pill = pending > 0 && (
    <button type="button" className="moment-pill" onClick={onShowNew}>
      {t`New moments`}
    </button>
  );

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <div className="moment-list" role="status" aria-label={t`Loading…`}>
        <MomentSkeleton />
        <MomentSkeleton />
      </div>
    );
  } else if (state.status === 'error' && state.error instanceof ApiError && state.error.code === 404) {
    // A homepage of a member who does not exist (or left): nothing to try again.
    body = (
      <div role="alert">
        <EmptyState icon={<AlertIcon size={36} />} title={t`No such member`} />
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <div role="alert">
        <EmptyState
          icon={<AlertIcon size={36} />}
          title={t`The moments could not be loaded`}
          action={<Button onClick={() => void refresh()}>{t`Try again`}</Button>}
        >
          {state.error instanceof ApiError && state.error.code !== 0 && state.error.code !== 500
            ? state.error.message
            : t`Please try again in a moment.`}
        </EmptyState>
      </div>
    );
  } else if (state.items.length === 0) {
    body = (
      <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="moment-list" aria-label={label} aria-busy={state.refreshing || undefined}>
          {state.items.map((moment, i) => (
            <li key={moment.id}>
              <MomentCard
                moment={moment}
                mine={moment.user.id === myId}
                now={now}
                eager={i < EAGER_MOMENTS}
                priority={i === 0}
                onDelete={setDeleting}
                onOpenPhoto={(m, index) => setViewing({ moment: m, index })}
              />
            </li>
          ))}
        </ul>
        <div ref={sentinel} className="moment-more">
          {state.more === 'loading' && <span className="spinner spinner-sm" role="status" aria-label={t`Loading…`} />}
          {state.more === 'error' && (
            <p role="alert" className="moment-more-error">
              {t`Older moments could not be loaded.`}{' '}
              <Button variant="secondary" size="sm" onClick={() => void loadMore()}>
                {t`Try again`}
              </Button>
            </p>
          )}
          {state.more === 'idle' && state.next && (
            <Button variant="secondary" onClick={() => void loadMore()}>
              {t`Show older moments`}
            </Button>
          )}
          {state.more === 'idle' && !state.next && <p className="moment-end">{t`You have seen every moment.`}</p>}
        </div>
      </>
    );
  }

  const photos =
    viewing?.moment.photos.map((p) => ({
      src: largestJpeg(p),
      srcSet: srcSetOf(p, 'jpeg'),
      webpSrcSet: srcSetOf(p, 'webp'),
      alt: p.alt,
      width: p.width,
      height: p.height,
    })) ?? [];

  return (
    <div className="moment-feed">
      <div ref={top} tabIndex={-1} className="moment-top" />
      {(pull > 0 || state.refreshing) && (
        <div className="moment-pull" style={{ height: `${Math.round((state.refreshing ? 1 : pull) * 48)}px` }}>
          <span
            className={state.refreshing ? 'spinner spinner-sm' : 'moment-pull-arrow'}
            style={state.refreshing ? undefined : { transform: `rotate(${pull * 180}deg)` }}
            aria-hidden="true"
          />
          <span className="sr-only" role="status">
            {state.refreshing ? t`Refreshing…` : pull >= 1 ? t`Release to refresh` : t`Pull to refresh`}
          </span>
        </div>
      )}
      {pill}
      {body}
      <Lightbox
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        photos={photos}
        index={viewing?.index ?? 0}
        onIndexChange={(index) => setViewing((v) => (v ? { ...v, index } : v))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this moment?`}
        description={t`It disappears from the square and your homepage. This cannot be undone.`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        tone="danger"
        onConfirm={() => {
          const gone = deleting;
          setDeleting(null);
          if (gone)
            void deleteMoment(gone.id).then(
              () => remove(gone.id),
              () => {},
            );
        }}
      />
    </div>
  );
}
