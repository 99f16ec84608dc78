import { describe, expect, it } from 'vitest';
import { isIos, isIosNeedingInstall, isStandalone, type PwaEnv } from './pwa.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';

const env = (over: Partial<PwaEnv>): PwaEnv => ({
  userAgent: ANDROID,
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  matchMedia: () => ({ matches: false }),
  ...over,
});

describe('iOS install detection', () => {
  it('knows iPhones, and iPads that call themselves Macs', () => {
    expect(isIos(env({ userAgent: IPHONE, platform: 'iPhone' }))).toBe(true);
    expect(isIos(env({ userAgent: MAC, platform: 'MacIntel', maxTouchPoints: 5 }))).toBe(true);
    expect(isIos(env({ userAgent: MAC, platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false);
    expect(isIos(env({}))).toBe(false);
  });

  it('is standalone from Safari’s flag or a display-mode media query', () => {
    expect(isStandalone(env({ iosStandalone: true }))).toBe(true);
    expect(isStandalone(env({ matchMedia: (q) => ({ matches: q === '(display-mode: standalone)' }) }))).toBe(true);
    expect(isStandalone(env({}))).toBe(false);
    expect(isStandalone(env({ matchMedia: undefined }))).toBe(false);
  });

  it('needs the Home Screen only on iOS in a browser tab', () => {
    expect(isIosNeedingInstall(env({ userAgent: IPHONE, platform: 'iPhone' }))).toBe(true);
    expect(isIosNeedingInstall(env({ userAgent: IPHONE, platform: 'iPhone', iosStandalone: true }))).toBe(false);
    expect(isIosNeedingInstall(env({}))).toBe(false);
  });
});
