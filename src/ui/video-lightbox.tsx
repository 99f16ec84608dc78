/**
 * A video full screen in the lightbox layer (9999, like photos: lightbox.css). Radix and the styles load on the
 * first open. Texts come from the caller (chat's media screens carry them in their own catalog).
 */
import { Suspense } from 'react';
import { lazyNamed, once, useOpenedOnce } from './lazy.ts';
import type { VideoLightboxProps } from './video-lightbox-view.tsx';

export type { VideoLightboxProps };

const view = once(() => import('./video-lightbox-view.tsx').then((m) => m.VideoLightboxView));
const VideoLightboxView = lazyNamed(view.load);

export function VideoLightbox(props: VideoLightboxProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <VideoLightboxView {...props} />
    </Suspense>
  );
}
