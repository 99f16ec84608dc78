/** Focus back where it was when a dialog closes (the photo and video lightboxes). */
import { useRef } from 'react';

/**
 * Remembers what had focus when `open` turned true (read during render, before radix moves focus inside) and answers
 * the dialog's onCloseAutoFocus handler, which puts focus back there instead of on radix's trigger guess.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (event) => {
    event.preventDefault();
    returnTo.current?.focus();
  };
}
