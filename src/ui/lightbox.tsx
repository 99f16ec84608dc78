/**
 * Photo lightbox (see lightbox-view.tsx) for the square's and chat's photos. Its radix code and CSS load on the
 * first open; `preloadLightbox` fetches them when a photo is likely to be opened (pointer over a photo).
 */
import { Suspense } from 'react';
import { lazyNamed, once, useOpenedOnce } from './lazy.ts';
import type { LightboxPhoto, LightboxProps } from './lightbox-view.tsx';

export type { LightboxPhoto, LightboxProps };

const view = once(() => import('./lightbox-view.tsx').then((m) => m.LightboxView));
const LightboxView = lazyNamed(view.load);
export const preloadLightbox = (): void => void view.load().catch(() => {});

export function Lightbox(props: LightboxProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LightboxView {...props} />
    </Suspense>
  );
}
