/**
 * The lightbox (docs/product.md, Dialogs and widgets: image preview on layer 9999), radix Dialog underneath: focus
 * stays inside, Escape closes, and focus goes back to what had it before opening (radix would look for a Trigger;
 * ours are plain buttons). Arrow keys and swipes move between photos, the zoom button, double-click, `+` and `-`
 * zoom (a zoomed photo pans by scrolling). Loaded by lightbox.tsx on first open.
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog as D } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { Svg } from './icons.tsx';
import { nextZoom, stepIndex, swipeStep, zoomBy } from './lightbox.rules.ts';
import { ChevronRightIcon, CloseIcon } from './more-icons.tsx';
import { useReturnFocus } from './return-focus.ts';
import './lightbox.css';

export interface LightboxPhoto {
  /** The largest JPEG (or the only URL, for chat photos). */
  src: string;
  /** `srcset` candidates, JPEG and WebP; the lightbox asks for the screen's width. */
  srcSet?: string;
  webpSrcSet?: string;
  alt: string;
  width?: number | null;
  height?: number | null;
}

export interface LightboxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: readonly LightboxPhoto[];
  index: number;
  onIndexChange: (index: number) => void;
}

const ZoomIcon = ({ out }: { out: boolean }) => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6" />
    {!out && <path d="M11 8v6" />}
  </Svg>
);

export function LightboxView({ open, onOpenChange, photos, index, onIndexChange }: LightboxProps) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);
  const returnFocus = useReturnFocus(open);

  const count = photos.length;
  const at = stepIndex(index, 0, count);
  const photo = photos[at];
  const n = at + 1;

  const go = (delta: number) => {
    const next = stepIndex(at, delta, count);
    if (next === at) return;
    setZoom(1);
    setNatural(null);
    onIndexChange(next);
  };

  // A zoomed photo opens at its middle.
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el || zoom === 1) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [zoom]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight' && zoom === 1) go(1);
    else if (event.key === 'ArrowLeft' && zoom === 1) go(-1);
    else if (event.key === '+' || event.key === '=') setZoom((z) => zoomBy(z, 1));
    else if (event.key === '-') setZoom((z) => zoomBy(z, -1));
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent) {
    if (zoom !== 1 || !event.isPrimary) return;
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  }
  function onPointerUp(event: PointerEvent) {
    const start = drag.current;
    drag.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y, stage.current?.clientWidth ?? 0);
    if (step) go(step);
  }

  // The fitted size, times the zoom: the stage scrolls over the larger picture.
  const w = photo?.width ?? natural?.w;
  const h = photo?.height ?? natural?.h;
  let zoomed: { width: number; height: number } | undefined;
  if (zoom > 1 && w && h && stage.current) {
    const fit = Math.min(stage.current.clientWidth / w, stage.current.clientHeight / h, 1);
    zoomed = { width: Math.round(w * fit * zoom), height: Math.round(h * fit * zoom) };
  }

  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="lightbox-overlay" />
        <D.Content className="lightbox" onKeyDown={onKeyDown} onCloseAutoFocus={returnFocus}>
          <D.Title className="sr-only">{count > 1 ? t`Photo ${n} of ${count}` : t`Photo`}</D.Title>
          <D.Description className="sr-only">{photo?.alt || t`No description`}</D.Description>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: swipes and double-click repeat what the arrow keys and the zoom button do. */}
          <div
            ref={stage}
            className={zoom > 1 ? 'lightbox-stage lightbox-zoomed' : 'lightbox-stage'}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
            }}
            onDoubleClick={() => setZoom(nextZoom)}
          >
            {photo && (
              <picture key={photo.src}>
                {photo.webpSrcSet && <source type="image/webp" srcSet={photo.webpSrcSet} sizes="100vw" />}
                <img
                  className="lightbox-img"
                  src={photo.src}
                  srcSet={photo.srcSet}
                  sizes={photo.srcSet ? '100vw' : undefined}
                  alt={photo.alt}
                  width={photo.width ?? undefined}
                  height={photo.height ?? undefined}
                  draggable={false}
                  style={zoomed ? { ...zoomed, maxWidth: 'none', maxHeight: 'none' } : undefined}
                  onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
                />
              </picture>
            )}
          </div>
          <div className="lightbox-bar">
            {count > 1 && (
              <span className="lightbox-count" aria-hidden="true">
                {n} / {count}
              </span>
            )}
            <button
              type="button"
              className="lightbox-btn"
              aria-label={zoom > 1 ? t`Zoom out` : t`Zoom in`}
              title={zoom > 1 ? t`Zoom out` : t`Zoom in`}
              aria-pressed={zoom > 1}
              onClick={() => setZoom(nextZoom)}
            >
              <ZoomIcon out={zoom === 3} />
            </button>
            <D.Close className="lightbox-btn" aria-label={t`Close`} title={t`Close`}>
              <CloseIcon />
            </D.Close>
          </div>
          {count > 1 && (
            <>
              <button
                type="button"
                className="lightbox-btn lightbox-prev"
                aria-label={t`Previous photo`}
                disabled={at === 0}
                onClick={() => go(-1)}
              >
                <ChevronRightIcon size={28} style={{ transform: 'scaleX(-1)' }} />
              </button>
              <button
                type="button"
                className="lightbox-btn lightbox-next"
                aria-label={t`Next photo`}
                disabled={at === count - 1}
                onClick={() => go(1)}
              >
                <ChevronRightIcon size={28} />
              </button>
            </>
          )}
          {photo?.alt && (
            <p className="lightbox-caption" dir="auto">
              {photo.alt}
            </p>
          )}
          <p className="sr-only" aria-live="polite">
            {count > 1 ? t`Photo ${n} of ${count}` : ''}
          </p>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
