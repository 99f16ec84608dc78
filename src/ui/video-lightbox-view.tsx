/** The video lightbox (video-lightbox.tsx): radix Dialog, focus kept inside, Escape closes, focus goes back. */
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './more-icons.tsx';
import { useReturnFocus } from './return-focus.ts';
import './lightbox.css';

export interface VideoLightboxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  poster?: string;
  /** The dialog's name for screen readers ('Video from …'). */
  title: string;
  closeLabel: string;
  /** Shown inside the player where the browser cannot play video, and when this file fails to play. */
  fallback: ReactNode;
  /** Where playback starts (seconds): the inline player's position. */
  startAt?: number;
}

export function VideoLightboxView({
  open,
  onOpenChange,
  src,
  poster,
  title,
  closeLabel,
  fallback,
  startAt = 0,
}: VideoLightboxProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="lightbox-overlay" />
        <D.Content className="lightbox" onCloseAutoFocus={returnFocus}>
          <D.Title className="sr-only">{title}</D.Title>
          <D.Description className="sr-only">{title}</D.Description>
          <div className="lightbox-stage">
            {/* biome-ignore lint/a11y/useMediaCaption: members' own clips come without captions. */}
            <video
              className="lightbox-img lightbox-video"
              src={src}
              poster={poster}
              controls
              autoPlay
              playsInline
              onLoadedMetadata={(e) => {
                if (startAt > 0) e.currentTarget.currentTime = startAt;
              }}
            >
              {fallback}
            </video>
          </div>
          <div className="lightbox-bar">
            <D.Close className="lightbox-btn" aria-label={closeLabel} title={closeLabel}>
              <CloseIcon />
            </D.Close>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
