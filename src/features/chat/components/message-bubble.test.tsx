// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageType } from '#protocol/chat.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { MessageBubble } from './message-bubble.tsx';

afterEach(cleanup);

const photo = (msg: string) =>
  renderWithApp(
    <MessageBubble mine={false} type={MessageType.image} msg={msg} createdAt="2026-01-01T10:00:00Z" peerName="li" />,
  );

describe('MessageBubble photo', () => {
  it('shows a photo of our own uploads that opens in the lightbox', async () => {
    const { container } = photo('/uploads/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.jpg');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^\/uploads\//);
    fireEvent.click(screen.getByRole('button', { name: 'Photo from li' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.lightbox-img')?.getAttribute('src')).toMatch(/^\/uploads\//);
  });

  it.each(['https://evil.com/track.png', 'javascript:alert(1)', '//evil.com/x.png'])(
    'shows %s (stored before the rule) as text: nothing loaded, nothing to click',
    (msg) => {
      const { container } = photo(msg);
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('a, button')).toBeNull();
      expect(screen.getByText(msg)).toBeTruthy();
    },
  );
});
