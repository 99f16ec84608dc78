import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has safe embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: true,
      nodeEnv: 'development',
      smtpUrl: undefined,
      allowedOrigins: [],
      rateLimit: { authPerIpPerMin: 20, authPerAccountPerMin: 10, profilePerMin: 10 },
      logLevel: 'info',
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.clientDir).toMatch(/\/dist\/client$/);
  });

  it('reads overrides', () => {
    const c = loadConfig({
      PORT: '9000',
      DEMO: '0',
      DATABASE_URL: 'memory://',
      ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/',
    });
    expect(c.port).toBe(9000);
    expect(c.demo).toBe(false);
    expect(c.databaseUrl).toBe('memory://');
    expect(c.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number from 0 to 65535, got 'abc'"],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DEMO: 'maybe' }, 'DEMO must be 0 or 1'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be development, production or test'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ ALLOWED_ORIGINS: 'example.com' }, "ALLOWED_ORIGINS: 'example.com' is not an origin"],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses default secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET must be set');
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      'PAYLOAD_KEY must be set',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYLOAD_KEY: 'y'.repeat(32) }).nodeEnv,
    ).toBe('production');
  });

  const strong = { SESSION_SECRET: 's'.repeat(32), PAYLOAD_KEY: 'p'.repeat(32) };

  it.each([
    ['SESSION_SECRET', 'x'.repeat(31), 31],
    ['PAYLOAD_KEY', 'short', 5],
    ['PAYLOAD_KEY', ' ', 1],
    // Counted in bytes, not characters: ten 3-byte characters are 30 bytes.
    ['SESSION_SECRET', '秘'.repeat(10), 30],
  ])('refuses %s of %j in production, naming its length', (name, value, bytes) => {
    const load = () => loadConfig({ NODE_ENV: 'production', ...strong, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`${name} is ${bytes} bytes; it must be at least 32 random bytes when NODE_ENV=production`);
  });

  it('takes 32 bytes, multi-byte characters counted as bytes', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...strong, SESSION_SECRET: '秘'.repeat(11) }).sessionSecret).toBe(
      '秘'.repeat(11),
    );
  });

  it('outside production a short secret is the operator’s business', () => {
    expect(loadConfig({ NODE_ENV: 'development', SESSION_SECRET: 'abc' }).sessionSecret).toBe('abc');
  });

  it('seeds demo members in production only when DEMO=1 is given', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...strong }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...strong, DEMO: '' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...strong, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...strong, DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(true);
  });

  it('reads the payment provider; production with PayPal refuses a missing secret, client id or webhook id', () => {
    expect(loadConfig({}).payment).toMatchObject({ provider: 'sandbox', api: 'https://api-m.sandbox.paypal.com' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER must be paypal or sandbox');
    expect(() => loadConfig({ PAYPAL_API: 'ftp://x' })).toThrow('PAYPAL_API must start with http:// or https://');
    const paypal = {
      NODE_ENV: 'production',
      ...strong,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_API: 'https://api-m.paypal.com/',
    };
    expect(loadConfig(paypal).payment).toEqual({
      provider: 'paypal',
      clientId: 'id',
      secret: 'secret',
      api: 'https://api-m.paypal.com',
      webhookId: 'WH-1',
    });
    for (const name of ['PAYPAL_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_WEBHOOK_ID']) {
      expect(() => loadConfig({ ...paypal, [name]: '' })).toThrow(
        `${name} must be set when PAYMENT_PROVIDER=paypal and NODE_ENV=production`,
      );
    }
    // The sandbox needs none of them, even in production.
    expect(loadConfig({ NODE_ENV: 'production', ...strong }).payment.provider).toBe('sandbox');
  });
});
