// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Lightbox, type LightboxPhoto } from './lightbox.tsx';
import { renderWithApp } from './test-render.tsx';

afterEach(cleanup);

const photos: LightboxPhoto[] = [
  { src: '/uploads/a.jpg', alt: 'A red kite over the hill', width: 800, height: 600 },
  { src: '/uploads/b.jpg', alt: '', width: 600, height: 800 },
  { src: '/uploads/c.jpg', alt: 'Sea at dusk', width: 1000, height: 500 },
];

function Harness() {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open photos
      </button>
      <Lightbox open={open} onOpenChange={setOpen} photos={photos} index={index} onIndexChange={setIndex} />
    </>
  );
}

const shown = () => (document.querySelector('.lightbox-img') as HTMLImageElement | null)?.getAttribute('src');

describe('Lightbox', () => {
  it('opens on the photo, moves with the arrow keys, stops at the ends', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photos' }));
    const dialog = await screen.findByRole('dialog');
    expect(shown()).toBe('/uploads/a.jpg');
    expect(screen.getByAltText('A red kite over the hill')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(shown()).toBe('/uploads/a.jpg');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(shown()).toBe('/uploads/b.jpg');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(shown()).toBe('/uploads/c.jpg');
    expect((screen.getByRole('button', { name: 'Next photo' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('/uploads/b.jpg');
  });

  it('zooms with the button and + / -', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photos' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(document.querySelector('.lightbox-zoomed')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(dialog, { key: '-' });
    expect(document.querySelector('.lightbox-zoomed')).toBeNull();
  });

  it('swipes to the next photo', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photos' }));
    await screen.findByRole('dialog');
    const stage = document.querySelector('.lightbox-stage') as HTMLElement;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 400, pointerId: 1, isPrimary: true });
    fireEvent.pointerUp(stage, { clientX: 100, clientY: 410, pointerId: 1, isPrimary: true });
    expect(shown()).toBe('/uploads/b.jpg');
  });

  it('Escape closes and focus goes back to the opener', async () => {
    renderWithApp(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open photos' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
