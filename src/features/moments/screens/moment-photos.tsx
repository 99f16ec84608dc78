/**
 * A moment's photos: blurred ThumbHash first (the img's background until the file paints over it), the right size
 * for the screen (`srcset` + `sizes`, WebP with a JPEG fallback), width and height set so nothing shifts, and lazy
 * loading below the first screen. Each photo is a button that opens the lightbox.
 */
import { useLingui } from '@lingui/react/macro';
import type { MomentPhoto } from '#protocol/moment.ts';
import { preloadLightbox } from '#ui/lightbox.tsx';
import { photoLayout, photoSizes, singleAspect, srcSetOf } from '../feed.rules.ts';
import { placeholderOf } from '../placeholder.ts';

interface MomentPhotosProps {
  photos: readonly MomentPhoto[];
  onOpen: (index: number) => void;
  /** The first screen's photos load at once; the very first is the page's largest paint. */
  eager?: boolean;
  priority?: boolean;
}

export function MomentPhotos({ photos, onOpen, eager = false, priority = false }: MomentPhotosProps) {
  const { t } = useLingui();
  const layout = photoLayout(photos.length);
  const sizes = photoSizes(layout);
  const count = photos.length;
  return (
    <div
      className={`moment-photos moment-photos-${layout}`}
      style={layout === 'single' && photos[0] ? { aspectRatio: String(singleAspect(photos[0])) } : undefined}
    >
      {photos.map((photo, i) => {
        const n = i + 1;
        const blur = placeholderOf(photo.thumbhash);
        const webp = srcSetOf(photo, 'webp');
        const alt = photo.alt;
        const label = alt ? t`Open photo ${n} of ${count}: ${alt}` : t`Open photo ${n} of ${count}`;
        return (
          <button
            key={photo.url}
            type="button"
            className="moment-photo"
            aria-label={label}
            onPointerEnter={preloadLightbox}
            onFocus={preloadLightbox}
            onClick={() => onOpen(i)}
          >
            <picture>
              {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
              <img
                src={photo.sources[0]?.jpeg ?? photo.url}
                srcSet={srcSetOf(photo, 'jpeg')}
                sizes={photo.sources.length ? sizes : undefined}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                alt={photo.alt}
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={priority && i === 0 ? 'high' : undefined}
                decoding="async"
                data-placeholder={blur ? 'thumbhash' : undefined}
                style={blur ? { backgroundImage: `url(${blur})` } : undefined}
              />
            </picture>
          </button>
        );
      })}
    </div>
  );
}
