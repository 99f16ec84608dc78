import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const vapid = {
  VAPID_PUBLIC_KEY: 'BKOxNDAdY79yBEUaYDJtDF7Ocr6Xj2ytCFlOyX7Dg_dAE0qk1CCt_gBQycKYdybqjbQskeNDr7xLktfTLde73to',
  VAPID_PRIVATE_KEY: 'm7wBibr_Zzm-u8v7PLVTvFHBRG79VaZKq-QLpPVn9_I',
  VAPID_SUBJECT: 'mailto:ops@amity.example',
};

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

  it('reads the cluster settings: Redis and the proxies to trust', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, trustProxy: false });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0', TRUST_PROXY: '1' })).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/0',
      trustProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
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
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL must start with redis://'],
    [{ TRUST_PROXY: 'nginx' }, "TRUST_PROXY: 'nginx' is not an address"],
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
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYLOAD_KEY: 'y'.repeat(32), ...vapid })
        .nodeEnv,
    ).toBe('production');
  });

  const strong = { SESSION_SECRET: 's'.repeat(32), PAYLOAD_KEY: 'p'.repeat(32), ...vapid };

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

  it('reads the VAPID keys, made later on disk outside production, and refuses defaults in production', () => {
    expect(loadConfig({}).vapid).toEqual({
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:no-reply@amity.local',
    });
    expect(loadConfig(vapid).vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@amity.example',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow('must be set together');
    expect(() => loadConfig({ ...vapid, VAPID_PUBLIC_KEY: 'abc' })).toThrow('VAPID_PUBLIC_KEY must be a base64url');
    expect(() => loadConfig({ ...vapid, VAPID_PRIVATE_KEY: 'a+b/' })).toThrow('VAPID_PRIVATE_KEY must be a base64url');
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@amity.example' })).toThrow('VAPID_SUBJECT must be a mailto:');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://amity.example' })).toThrow('VAPID_SUBJECT must be a mailto:');
    const production = { NODE_ENV: 'production', ...strong };
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set when NODE_ENV=production',
    );
    expect(() => loadConfig({ ...production, VAPID_SUBJECT: '' })).toThrow('VAPID_SUBJECT must be set to your own');
    expect(loadConfig({ ...production, VAPID_SUBJECT: 'https://amity.example/contact' }).vapid.subject).toBe(
      'https://amity.example/contact',
    );
  });
});
