/** Security headers on every answer (docs/api.md, Transport). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

// style-src allows inline styles because the UI kit positions popovers with style attributes; scripts stay self-only.
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * With PAYMENT_PROVIDER=paypal the pay dialog loads PayPal's JS SDK, which runs its script, opens its frames and
 * calls its API from paypal.com and paypalobjects.com (PayPal's CSP guide); the sandbox provider needs none of it.
 */
const PAYPAL = 'https://*.paypal.com https://*.paypalobjects.com';
export const PAYPAL_CSP = APP_CSP.replace("script-src 'self'", `script-src 'self' ${PAYPAL}`)
  .replace("img-src 'self'", `img-src 'self' ${PAYPAL}`)
  .replace("connect-src 'self'", `connect-src 'self' ${PAYPAL}`)
  .replace("style-src 'self'", `style-src 'self' ${PAYPAL}`)
  .concat(`; frame-src ${PAYPAL}`);

/** Member uploads never run as a page, even an SVG opened on its own or a file a browser sniffs as HTML. */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const appCsp = config.payment.provider === 'paypal' ? PAYPAL_CSP : APP_CSP;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', request.url.startsWith('/uploads/') ? UPLOAD_CSP : appCsp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (config.nodeEnv === 'production') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
}
