import { useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type Media, MessageType } from '#protocol/chat.ts';
import { isOwnUploadUrl } from '#protocol/validators.ts';
import { AlertIcon, CrownIcon, WalletIcon } from '#ui/icons.tsx';
import { Lightbox, preloadLightbox } from '#ui/lightbox.tsx';
import { CheckIcon, CoinIcon, GiftIcon, TextIcon } from '#ui/more-icons.tsx';
import { previewKind } from '../chat.rules.ts';
import { messageSummary } from '../message-summary.ts';
import type { DeliveryState } from '../timeline.rules.ts';
import { formatTime } from './chat-format.ts';
import { svgProps } from './chat-icons.tsx';

export interface BubbleProps {
  mine: boolean;
  type: number;
  msg: string;
  createdAt: string;
  delivery?: DeliveryState;
  error?: string;
  /** Isolated already (`isolate`): it goes inside a sentence. */
  peerName: string;
  onRetry?: () => void;
  onCancel?: () => void;
  /** Shown instead of `msg` (a translation); `msg` stays the original. */
  shownText?: string;
  /** Under the text: the translation line (screens/translation-ui.tsx). */
  extra?: ReactNode;
  /** Photos grow the log after layout; the pane uses this to stay pinned to the bottom. */
  onImageLoad?: () => void;
  /** Video and voice (types 8, 9): the stored message's media, or what a queued one will carry. */
  media?: Partial<Media>;
}

/** Video and voice bubbles load with the first such message (their code and texts are not in /chat's first load). */
const MediaBubble = lazy(() => import('../screens/media-bubble.tsx'));

/** Queued: waiting for the connection or its turn. */
const ClockIcon = ({ size = 14 }: { size?: number }) => (
  <svg width={size} height={size} aria-hidden="true" {...svgProps}>
    <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2" />
  </svg>
);

const GIFT_ICONS = {
  [MessageType.characterGift]: TextIcon,
  [MessageType.goldGift]: CoinIcon,
  [MessageType.vipGift]: CrownIcon,
  [MessageType.seniorGift]: CrownIcon,
  [MessageType.balanceChanged]: WalletIcon,
} as Record<number, typeof GiftIcon>;

/**
 * Queued 🕒 (offline or waiting its turn), sending (spinner), sent ✓, read ✓✓, each with its word for screen
 * readers and tests; failed says why and offers Retry and Cancel.
 */
function Ticks({
  delivery,
  error,
  onRetry,
  onCancel,
}: {
  delivery: DeliveryState;
  error?: string;
  onRetry?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  if (delivery === 'failed') {
    const reason =
      error === 'blocked'
        ? t`You have been blocked`
        : error === 'offline'
          ? t`Not sent: no connection`
          : error === 'timeout'
            ? t`Not sent: no answer from the server`
            : t`Not sent`;
    return (
      <span className="ticks ticks-failed">
        <AlertIcon size={14} />
        <span>{reason}</span>
        {onRetry && error !== 'blocked' && (
          <button type="button" className="link-btn" onClick={onRetry}>
            {t`Retry`}
          </button>
        )}
        {onCancel && (
          <button type="button" className="link-btn" onClick={onCancel}>
            {t`Cancel`}
          </button>
        )}
      </span>
    );
  }
  if (delivery === 'queued')
    return (
      <span className="ticks ticks-pending" title={t`Queued`}>
        <ClockIcon />
        <span className="sr-only">{t`Queued`}</span>
        {onCancel && (
          <button type="button" className="link-btn link-btn-quiet" onClick={onCancel}>
            {t`Cancel`}
          </button>
        )}
      </span>
    );
  // A video's or voice note's file going up shows as sending; the composer shows its progress (media-tools.tsx).
  if (delivery === 'sending' || delivery === 'uploading')
    return (
      <span className="ticks ticks-pending">
        <span className="spinner spinner-xs" aria-hidden="true" />
        <span className="sr-only">{t`Sending`}</span>
      </span>
    );
  const read = delivery === 'read';
  return (
    <span className={`ticks${read ? ' ticks-read' : ''}`} title={read ? t`Read` : t`Sent`}>
      <span aria-hidden="true" className="tick-marks">
        <CheckIcon size={14} />
        {read && <CheckIcon size={14} />}
      </span>
      <span className="sr-only">{read ? t`Read` : t`Sent`}</span>
    </span>
  );
}

/** One message: text, photo, or a gift / balance card (types 3-7 are never shown as raw text). */
export function MessageBubble({
  mine,
  type,
  msg,
  createdAt,
  delivery,
  error,
  peerName,
  onRetry,
  onCancel,
  onImageLoad,
  shownText,
  extra,
  media,
}: BubbleProps) {
  const { t, i18n } = useLingui();
  const kind = previewKind(type);
  const time = <time dateTime={createdAt}>{formatTime(createdAt, i18n.locale)}</time>;
  if (type === MessageType.video || type === MessageType.voice) {
    const meta = (
      <>
        {time}
        {mine && delivery && <Ticks delivery={delivery} error={error} onRetry={onRetry} onCancel={onCancel} />}
      </>
    );
    const side = mine ? 'msg-bubble-mine' : 'msg-bubble-theirs';
    return (
      <Suspense
        fallback={
          <div className={`msg-bubble ${side}`}>
            <span className="spinner spinner-sm" aria-hidden="true" />
            <span className="msg-bubble-meta">{meta}</span>
          </div>
        }
      >
        <MediaBubble mine={mine} type={type} msg={msg} media={media} peerName={peerName} meta={meta} />
      </Suspense>
    );
  }
  if (kind === 'gift' || kind === 'balance') {
    const Icon = GIFT_ICONS[type] ?? GiftIcon;
    return (
      <div className={`gift-card${kind === 'balance' ? ' gift-card-system' : ''}`}>
        <span className="gift-icon">
          <Icon size={22} />
        </span>
        <div className="gift-body">
          <strong>{messageSummary(type, msg)}</strong>
          {msg && (
            <p className="gift-text" dir="auto">
              {msg}
            </p>
          )}
          <span className="msg-bubble-meta">{time}</span>
        </div>
      </div>
    );
  }
  // A photo message stored before docs/api.md's image URL rule may name another site: shown as text, never loaded.
  const photo = kind === 'photo' && isOwnUploadUrl(msg);
  return (
    <div
      className={`msg-bubble ${mine ? 'msg-bubble-mine' : 'msg-bubble-theirs'}${photo ? ' msg-bubble-photo' : ''}${
        delivery === 'failed' ? ' msg-bubble-failed' : ''
      }`}
    >
      {photo ? (
        <PhotoButton src={msg} alt={mine ? t`Photo you sent` : t`Photo from ${peerName}`} onLoad={onImageLoad} />
      ) : (
        // translate="no": the browser's own translator must not rewrite members' words (ours does, on request).
        <p className="msg-bubble-text" dir="auto" translate="no">
          {shownText ?? msg}
        </p>
      )}
      {extra}
      <span className="msg-bubble-meta">
        {time}
        {mine && delivery && <Ticks delivery={delivery} error={error} onRetry={onRetry} onCancel={onCancel} />}
      </span>
    </div>
  );
}

/** A photo message opens in the lightbox (its code loads when the pointer or focus comes near). */
function PhotoButton({ src, alt, onLoad }: { src: string; alt: string; onLoad?: () => void }) {
  const [open, setOpen] = useState(false);
  // The button is named by the photo's alt ('Photo from …'); pressing it opens the photo.
  return (
    <>
      <button
        type="button"
        className="msg-photo-btn"
        onPointerEnter={preloadLightbox}
        onFocus={preloadLightbox}
        onClick={() => setOpen(true)}
      >
        <img src={src} alt={alt} loading="lazy" onLoad={onLoad} />
      </button>
      <Lightbox open={open} onOpenChange={setOpen} photos={[{ src, alt }]} index={0} onIndexChange={() => {}} />
    </>
  );
}
