/**
 * Video and voice bubbles (types 8 and 9; docs/product.md, Video and voice), loaded with the first such message.
 * A video shows its cover with the length and plays inline on a tap; the expand button opens it full screen in the
 * lightbox layer. A voice note is a play/pause button, its waveform and a scrubber over it. A file played once is
 * kept for offline use (lib/media-cache.ts) and played from there when it is.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cachedMediaUrl, keepMedia } from '#lib/media-cache.ts';
import type { Media } from '#protocol/chat.ts';
import { isOwnMediaUrl } from '#protocol/media.ts';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { VideoLightbox } from '#ui/video-lightbox.tsx';
import { barHeight, clock, mediaToEvict, playerBox } from '../media.rules.ts';
import { ExpandIcon, MicIcon, PauseIcon, PlayIcon, VideoIcon } from './media-icons.tsx';
import './media.css';

export interface MediaBubbleProps {
  mine: boolean;
  /** 8 video, 9 voice. */
  type: number;
  /** The file's URL. */
  msg: string;
  media?: Partial<Media>;
  /** Isolated already: it goes inside a sentence. */
  peerName: string;
  /** Time and ticks, drawn by the message bubble. */
  meta: ReactNode;
}

export default function MediaBubble(props: MediaBubbleProps) {
  return (
    <ScreenCatalog>
      <MediaBody {...props} />
    </ScreenCatalog>
  );
}

function MediaBody({ mine, type, msg, media, peerName, meta }: MediaBubbleProps) {
  const { t } = useLingui();
  // Mine, its file not uploaded yet (queued offline, or going up): what the browser read of it, and its state.
  if (mine && msg === '') return <LocalMedia type={type} media={media} meta={meta} />;
  // A URL that is not one of our media files is shown as text, never loaded (like photos of another site).
  if (!isOwnMediaUrl(msg, type === 8 ? 'video' : 'voice'))
    return (
      <div className={`msg-bubble ${mine ? 'msg-bubble-mine' : 'msg-bubble-theirs'}`}>
        <p className="msg-bubble-text" dir="auto" translate="no">
          {type === 8 ? t`Video` : t`Voice message`}
        </p>
        <span className="msg-bubble-meta">{meta}</span>
      </div>
    );
  return type === 8 ? (
    <VideoBubble mine={mine} src={msg} media={media} peerName={peerName} meta={meta} />
  ) : (
    <VoiceBubble mine={mine} src={msg} media={media} peerName={peerName} meta={meta} />
  );
}

/** The file from the offline copy when it was kept, else from the server; the blob: URL is freed on unmount. */
function usePlayable(src: string): string {
  const [url, setUrl] = useState(src);
  useEffect(() => {
    let live = true;
    let blob: string | null = null;
    void cachedMediaUrl(src)
      .then((cached) => {
        blob = cached;
        if (live && cached) setUrl(cached);
        else if (cached) URL.revokeObjectURL(cached);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (blob) URL.revokeObjectURL(blob);
    };
  }, [src]);
  return url;
}

const keep = (src: string) => void keepMedia(src, mediaToEvict);

interface PlayerProps {
  mine: boolean;
  src: string;
  media?: Partial<Media>;
  peerName: string;
  meta: ReactNode;
}

function VideoBubble({ mine, src, media, peerName, meta }: PlayerProps) {
  const { t } = useLingui();
  const playable = usePlayable(src);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [full, setFull] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const box = playerBox(media?.width, media?.height);
  const duration = clock(media?.duration ?? 0);
  const name = mine ? t`Video you sent` : t`Video from ${peerName}`;
  const fallback = <p className="media-fallback">{t`您的浏览器不支持视频播放`}</p>;
  return (
    <figure className={`media-video ${mine ? 'media-mine' : 'media-theirs'}`} aria-label={name}>
      <div className="media-video-box" style={{ width: box.width, aspectRatio: `${box.width} / ${box.height}` }}>
        {failed ? (
          fallback
        ) : playing ? (
          // biome-ignore lint/a11y/useMediaCaption: members' own clips come without captions.
          <video
            ref={video}
            className="media-video-el"
            src={playable}
            poster={media?.cover}
            controls
            autoPlay
            playsInline
            onPlay={() => keep(src)}
            onError={() => setFailed(true)}
          >
            {fallback}
          </video>
        ) : (
          <button
            type="button"
            className="media-cover"
            aria-label={t`Play video, ${duration}`}
            onClick={() => setPlaying(true)}
          >
            {media?.cover ? <img src={media.cover} alt="" loading="lazy" /> : <span className="media-cover-blank" />}
            <span className="media-play" aria-hidden="true">
              <PlayIcon size={26} />
            </span>
            <span className="media-length" aria-hidden="true">
              {duration}
            </span>
          </button>
        )}
        {!failed && (
          <button
            type="button"
            className="media-expand"
            aria-label={t`Play full screen`}
            title={t`Play full screen`}
            onClick={() => {
              video.current?.pause();
              setFull(true);
            }}
          >
            <ExpandIcon size={18} />
          </button>
        )}
      </div>
      <figcaption className="msg-bubble-meta media-meta">{meta}</figcaption>
      <VideoLightbox
        open={full}
        onOpenChange={setFull}
        src={playable}
        poster={media?.cover}
        title={name}
        closeLabel={t`Close`}
        fallback={fallback}
        startAt={video.current?.currentTime}
      />
    </figure>
  );
}

function VoiceBubble({ mine, src, media, peerName, meta }: PlayerProps) {
  const { t } = useLingui();
  const playable = usePlayable(src);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);
  const total = media?.duration ?? 0;
  const peaks = media?.peaks?.length ? media.peaks : FLAT;
  const played = total > 0 ? Math.min(1, position / total) : 0;
  const shown = clock(playing || position > 0 ? position : total);
  const name = mine ? t`Voice message you sent` : t`Voice message from ${peerName}`;

  function toggle() {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setFailed(true));
    else el.pause();
  }

  return (
    <div className={`msg-bubble ${mine ? 'msg-bubble-mine' : 'msg-bubble-theirs'} media-voice`}>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions; the member plays it on request. */}
      <audio
        ref={audio}
        src={playable}
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          keep(src);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      >
        {t`您的浏览器不支持音频播放`}
      </audio>
      {failed ? (
        <p className="media-fallback">{t`您的浏览器不支持音频播放`}</p>
      ) : (
        <fieldset className="voice-row" aria-label={name}>
          <button
            type="button"
            className="voice-play"
            aria-label={playing ? t`Pause voice message` : t`Play voice message`}
            onClick={toggle}
          >
            {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
          </button>
          <div className="voice-wave" style={{ '--played': `${played * 100}%` } as React.CSSProperties}>
            <span className="voice-bars" aria-hidden="true">
              {peaks.map((p, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the bars never move.
                  key={i}
                  className={i / peaks.length < played ? 'voice-bar voice-bar-played' : 'voice-bar'}
                  style={{ height: `${barHeight(p)}%` }}
                />
              ))}
            </span>
            <input
              type="range"
              className="voice-scrub"
              min={0}
              max={total || 1}
              step={0.1}
              value={Math.min(position, total || 1)}
              aria-label={t`Position in the voice message`}
              aria-valuetext={t`${clock(position)} of ${clock(total)}`}
              onChange={(e) => {
                const at = Number(e.target.value);
                setPosition(at);
                if (audio.current) audio.current.currentTime = at;
              }}
            />
          </div>
          <span className="voice-time">
            <MicIcon size={14} />
            {shown}
          </span>
        </fieldset>
      )}
      <span className="msg-bubble-meta">{meta}</span>
    </div>
  );
}

/** A clip or note still on this device: a video's frame of its shape, a voice note's waveform; nothing to play yet. */
function LocalMedia({ type, media, meta }: { type: number; media?: Partial<Media>; meta: ReactNode }) {
  const { t } = useLingui();
  if (type === 8) {
    const box = playerBox(media?.width, media?.height);
    return (
      <figure className="media-video media-mine media-local" aria-label={t`Video you sent`}>
        <div className="media-video-box" style={{ width: box.width, aspectRatio: `${box.width} / ${box.height}` }}>
          <span className="media-cover-blank" />
          <span className="media-play" aria-hidden="true">
            <VideoIcon size={26} />
          </span>
          {media?.duration !== undefined && (
            <span className="media-length" aria-hidden="true">
              {clock(media.duration)}
            </span>
          )}
        </div>
        <figcaption className="msg-bubble-meta media-meta">{meta}</figcaption>
      </figure>
    );
  }
  const peaks = media?.peaks?.length ? media.peaks : FLAT;
  return (
    <div className="msg-bubble msg-bubble-mine media-voice media-local">
      <fieldset className="voice-row" aria-label={t`Voice message you sent`}>
        <span className="voice-play" aria-hidden="true">
          <MicIcon size={18} />
        </span>
        <span className="voice-wave">
          <span className="voice-bars" aria-hidden="true">
            {peaks.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the bars never move.
              <span key={i} className="voice-bar" style={{ height: `${barHeight(p)}%` }} />
            ))}
          </span>
        </span>
        {media?.duration !== undefined && <span className="voice-time">{clock(media.duration)}</span>}
      </fieldset>
      <span className="msg-bubble-meta">{meta}</span>
    </div>
  );
}

/** A note sent without a waveform (a browser that could not sample it) still draws an even line of bars. */
const FLAT = Array.from({ length: 32 }, () => 30);
