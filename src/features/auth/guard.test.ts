import { describe, expect, it } from 'vitest';
import { afterSignIn, resolveGuard, safeRedirect } from './guard.ts';

describe('resolveGuard (docs/product.md, Sign-in and session)', () => {
  it('sends a visitor without a token to /login with the full path', () => {
    expect(resolveGuard('/chat', null)).toBe('/login?redirect=%2Fchat');
    expect(resolveGuard('/homepage/9?tab=1', undefined)).toBe('/login?redirect=%2Fhomepage%2F9%3Ftab%3D1');
  });
  it('lets a visitor without a token see the public pages', () => {
    expect(resolveGuard('/login', null)).toBeNull();
    expect(resolveGuard('/login?redirect=%2Fvip', null)).toBeNull();
    expect(resolveGuard('/forget', null)).toBeNull();
    expect(resolveGuard('/register', null)).toBeNull();
  });
  it('sends a signed-in member from /login to /chat and lets private routes through', () => {
    expect(resolveGuard('/login', 'tok')).toBe('/chat');
    expect(resolveGuard('/vip', 'tok')).toBeNull();
  });
});

describe('redirect after sign-in', () => {
  it('accepts same-origin paths only', () => {
    expect(afterSignIn('/homepage/9?x=1')).toBe('/homepage/9?x=1');
    expect(afterSignIn('//evil.example/x')).toBe('/chat');
    expect(afterSignIn('https://evil.example')).toBe('/chat');
    expect(afterSignIn('/\\evil.example')).toBe('/chat');
    expect(afterSignIn('/\tevil')).toBe('/chat');
    expect(afterSignIn(undefined)).toBe('/chat');
    expect(safeRedirect('/login')).toBeNull();
  });
});
