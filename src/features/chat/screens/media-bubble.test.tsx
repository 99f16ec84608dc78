// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageType } from '#protocol/chat.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { MessageBubble } from '../components/message-bubble.tsx';

afterEach(cleanup);

const HASH = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const bubble = (type: number, msg: string, media?: Record<string, unknown>) =>
  renderWithApp(
    <MessageBubble mine={false} type={type} msg={msg} media={media} createdAt="2026-01-01T10:00:00Z" peerName="li" />,
  );

describe('video bubble', () => {
  it('shows the cover and length, plays inline on a tap, and says so when the browser cannot play it', async () => {
    const { container } = bubble(MessageType.video, `/uploads/${HASH}.webm`, {
      duration: 3.4,
      size: 1000,
      cover: `/uploads/${HASH}.jpg`,
      width: 640,
      height: 480,
    });
    await screen.findByRole('figure', { name: 'Video from li' });
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`/uploads/${HASH}.jpg`);
    fireEvent.click(screen.getByRole('button', { name: 'Play video, 0:03' }));
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`/uploads/${HASH}.webm`);
    fireEvent.error(video as HTMLVideoElement);
    expect(
      await screen.findByText('Your browser does not support video playback', { selector: 'figure p' }),
    ).toBeTruthy();
  });

  it('shows a URL that is not one of our video files as a word, loading nothing', async () => {
    const { container } = bubble(MessageType.video, 'https://evil.com/clip.mp4');
    expect(await screen.findByText('Video')).toBeTruthy();
    expect(container.querySelector('video, img, button')).toBeNull();
  });
});

describe('voice bubble', () => {
  it('draws the waveform with a scrubber and play button, and a fallback when sound cannot play', async () => {
    const { container } = bubble(MessageType.voice, `/uploads/${HASH}.weba`, {
      duration: 5.2,
      size: 100,
      peaks: [10, 100, 40],
    });
    await screen.findByRole('group', { name: 'Voice message from li' });
    expect(container.querySelectorAll('.voice-bar')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Play voice message' })).toBeTruthy();
    const slider = screen.getByRole('slider', { name: 'Position in the voice message' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:05');
    fireEvent.change(slider, { target: { value: '2.5' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:02 of 0:05');
    fireEvent.error(container.querySelector('audio') as HTMLAudioElement);
    expect(await screen.findByText('Your browser does not support audio playback', { selector: 'p' })).toBeTruthy();
  });
});

describe('a clip or note not uploaded yet', () => {
  it('shows its waveform or its shape and its length, queued, with nothing to play or load', async () => {
    const pending = (type: number, media: Record<string, unknown>) =>
      renderWithApp(
        <MessageBubble
          mine
          type={type}
          msg=""
          media={media}
          delivery="queued"
          createdAt="2026-01-01T10:00:00Z"
          peerName="li"
        />,
      );
    const voice = pending(MessageType.voice, { peaks: [20, 100], duration: 2.4 });
    await screen.findByRole('group', { name: 'Voice message you sent' });
    expect(voice.container.querySelectorAll('.voice-bar')).toHaveLength(2);
    expect(screen.getByText('0:02')).toBeTruthy();
    expect(screen.getByText('Queued')).toBeTruthy();
    expect(voice.container.querySelector('audio, video, img, input')).toBeNull();
    cleanup();
    const video = pending(MessageType.video, { width: 640, height: 480, duration: 3.2 });
    await screen.findByRole('figure', { name: 'Video you sent' });
    expect(screen.getByText('0:03')).toBeTruthy();
    expect(video.container.querySelector('audio, video, img')).toBeNull();
  });
});
