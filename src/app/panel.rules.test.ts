import { describe, expect, it } from 'vitest';
import { panelFor } from './panel.rules.ts';

describe('panelFor (docs/product.md, Side panels)', () => {
  it('shows the user-info panel on its routes and on my own homepage', () => {
    for (const path of ['/vip', '/recharge', '/square', '/like/me', '/i/like', '/visitor']) {
      expect(panelFor(path, 7)).toBe('user');
    }
    expect(panelFor('/homepage/7', 7)).toBe('user');
  });
  it('shows the friend panel on someone else’s homepage', () => {
    expect(panelFor('/homepage/9', 7)).toBe('friend');
    expect(panelFor('/homepage/9', undefined)).toBe('friend');
  });
  it('shows my-account on profile and password, nothing elsewhere', () => {
    expect(panelFor('/profile', 7)).toBe('account');
    expect(panelFor('/change/password', 7)).toBe('account');
    expect(panelFor('/chat', 7)).toBeNull();
    expect(panelFor('/search', 7)).toBeNull();
  });
});
