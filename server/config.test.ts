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
      rateLimit: { authPerIpPerMin: 20, authPerAccountPerMin: 10 },
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
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYLOAD_KEY: 'y' }).nodeEnv).toBe(
      'production',
    );
  });
});
