import { describe, expect, it } from 'vitest';
import { APP_CSP, PAYPAL_CSP } from './security-headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('PayPal CSP', () => {
  it("lets PayPal's JS SDK run, frame and call home only when the provider is paypal", () => {
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      expect(directive(PAYPAL_CSP, name)).toContain('https://*.paypal.com');
      expect(directive(APP_CSP, name)).not.toContain('paypal');
    }
    expect(directive(PAYPAL_CSP, 'script-src')).toMatch(/^script-src 'self' /);
    expect(PAYPAL_CSP).not.toMatch(/unsafe-eval/);
    expect(directive(PAYPAL_CSP, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
