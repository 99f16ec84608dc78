// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows a picture of our own uploads', () => {
    const { container } = render(<Avatar src="/uploads/avatars/demo-alice.svg" name="alice" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/demo-alice.svg');
  });

  it.each([
    'https://evil.com/track.png',
    '//evil.com/x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
  ])('never loads %s (stored before the rule): the initial instead', (src) => {
    const { container } = render(<Avatar src={src} name="mallory" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('M');
  });
});
