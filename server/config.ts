/** Every environment variable of the server, parsed once with zod; the rest of the server reads only `Config`. */
import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { PROFILE_UPDATES_PER_MINUTE } from '#protocol/constants.ts';
import { base64urlBytes } from '#protocol/push.ts';
import type { S3Settings } from './adapters/storage/s3.ts';

const DEV_SESSION_SECRET = 'amity-dev-session-secret-change-me';
const DEV_PAYLOAD_KEY = 'amity-dev-payload-key';
/** Push services may write here when our pushes misbehave; production names a real address. */
const DEV_VAPID_SUBJECT = 'mailto:no-reply@amity.local';
/** 256 bits: a shorter key can be guessed offline from one HMAC or one encrypted payload. */
export const MIN_SECRET_BYTES = 32;
/** Every key the server signs or encrypts with; production refuses a default or short one. */
const SECRETS = [
  ['SESSION_SECRET', DEV_SESSION_SECRET],
  ['PAYLOAD_KEY', DEV_PAYLOAD_KEY],
] as const;

const flag = <F extends boolean | undefined>(name: string, fallback: F) =>
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | F => {
      if (v === undefined || v === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be 0 or 1` });
      return z.NEVER;
    });

const int = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}, got '${v}'` });
        return z.NEVER;
      }
      return n;
    });

const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

const envSchema = z.object({
  PORT: int('PORT', 8080, 0, 65535),
  HOST: text('127.0.0.1'),
  DATA_DIR: text('./data'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^(postgres(ql)?|memory):\/\//.test(v), {
    message: 'DATABASE_URL must start with postgres://, postgresql:// or be memory://',
  }),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'REDIS_URL must start with redis:// or rediss://',
  }),
  TRUST_PROXY: text('0'),
  // Unset: on in development and test, off in production (demo members have a published password).
  DEMO: flag('DEMO', undefined),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'NODE_ENV must be development, production or test' })
    .default('development'),
  SESSION_SECRET: text(DEV_SESSION_SECRET),
  PAYLOAD_KEY: text(DEV_PAYLOAD_KEY),
  COS_SECRET_ID: text('amity'),
  COS_SECRET_KEY: optionalText,
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'SMTP_URL must start with smtp:// or smtps://',
  }),
  MAIL_FROM: text('Amity <no-reply@amity.local>'),
  PUBLIC_ORIGIN: optionalText,
  ALLOWED_ORIGINS: text(''),
  CLIENT_DIR: text('dist/client'),
  RATE_LIMIT_AUTH_PER_MIN: int('RATE_LIMIT_AUTH_PER_MIN', 20, 1, 1_000_000),
  RATE_LIMIT_ACCOUNT_PER_MIN: int('RATE_LIMIT_ACCOUNT_PER_MIN', 10, 1, 1_000_000),
  RATE_LIMIT_PROFILE_PER_MIN: int('RATE_LIMIT_PROFILE_PER_MIN', PROFILE_UPDATES_PER_MINUTE, 1, 1_000_000),
  WS_IDLE_CLOSE_MS: int('WS_IDLE_CLOSE_MS', 90_000, 50, 3_600_000),
  WS_MSG_PER_SEC: int('WS_MSG_PER_SEC', 20, 1, 100_000),
  WS_MSG_BURST: int('WS_MSG_BURST', 40, 1, 100_000),
  CHAT_BATCH_LINGER_MS: int('CHAT_BATCH_LINGER_MS', 2, 0, 1000),
  UPLOADS_PER_MIN: int('UPLOADS_PER_MIN', 30, 1, 100_000),
  UPLOAD_BYTES_PER_DAY: int('UPLOAD_BYTES_PER_DAY', 100 * 1_048_576, 1, 2 ** 31 - 1),
  BODY_LIMIT_BYTES: int('BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
  TRANSLATE_ENGINE: z
    .enum(['apertium', 'libretranslate', 'none'], {
      message: 'TRANSLATE_ENGINE must be apertium, libretranslate or none',
    })
    .default('apertium'),
  TRANSLATE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), {
    message: 'TRANSLATE_URL must start with http:// or https://',
  }),
  TRANSLATE_API_KEY: optionalText,
  TRANSLATE_TIMEOUT_MS: int('TRANSLATE_TIMEOUT_MS', 10_000, 10, 120_000),
  PAYMENT_PROVIDER: z
    .enum(['paypal', 'sandbox'], { message: 'PAYMENT_PROVIDER must be paypal or sandbox' })
    .default('sandbox'),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_SECRET: optionalText,
  PAYPAL_API: text('https://api-m.sandbox.paypal.com').refine((v) => /^https?:\/\/[^/]+/.test(v), {
    message: 'PAYPAL_API must start with http:// or https://',
  }),
  PAYPAL_WEBHOOK_ID: optionalText,
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || base64urlBytes(v)?.length === 65, {
    message:
      'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes), as `npx web-push generate-vapid-keys` prints',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || base64urlBytes(v)?.length === 32, {
    message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)',
  }),
  VAPID_SUBJECT: text(DEV_VAPID_SUBJECT).refine((v) => /^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^/\s]+.*)$/.test(v), {
    message: 'VAPID_SUBJECT must be a mailto: address or an https: URL',
  }),
  S3_ENDPOINT: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), {
    message: 'S3_ENDPOINT must start with http:// or https://',
  }),
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens',
  }),
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PATH_STYLE: flag('S3_PATH_STYLE', true),
  S3_PREFIX: text('').refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9_./-]*\/$/.test(v), {
    message: 'S3_PREFIX must be empty or a folder ending in / (letters, digits, _ . - /)',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path: PGlite files, uploads, mail outbox and the lock file live here. */
  dataDir: string;
  /** undefined → PGlite in dataDir/pglite; 'memory://' → in-memory PGlite; otherwise a PostgreSQL URL. */
  databaseUrl: string | undefined;
  /** Set: fan-out and rate limits go through this Redis, so several instances share them (docs/architecture.md). */
  redisUrl: string | undefined;
  /**
   * Fastify's trustProxy: false (the client's address is the peer's), true (trust X-Forwarded-For from anyone), or the
   * addresses and CIDR ranges of the proxies to trust, such as 127.0.0.1 for nginx on the same machine.
   */
  trustProxy: boolean | string[];
  demo: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  sessionSecret: string;
  payloadKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin members open the app at, like https://amity.example (PUBLIC_ORIGIN). */
  publicOrigin: string;
  allowedOrigins: string[];
  /** Exactly the origins whose pages may open the WebSocket: publicOrigin, ALLOWED_ORIGINS, loopback in development. */
  socketOrigins: string[];
  clientDir: string;
  rateLimit: { authPerIpPerMin: number; authPerAccountPerMin: number; profilePerMin: number };
  /** Per socket: closed after this long without a frame; a token bucket of frames per second with a burst. */
  ws: { idleCloseMs: number; ratePerSec: number; rateBurst: number };
  /** How long the chat writer waits for more messages before storing a batch (group commit). */
  chatBatchLingerMs: number;
  /** Per member: upload attempts per minute, and bytes uploaded over a sliding 24 hours (docs/api.md, Files). */
  uploads: { perMin: number; bytesPerDay: number };
  /**
   * The COS-style signed form upload (docs/api.md, Files): `q-ak` and the key its `q-signature` is made with. The key
   * defaults to one derived from SESSION_SECRET, so production needs no extra secret.
   */
  cos: { secretId: string; secretKey: string };
  /** Object storage for uploads (adapters/storage/s3.ts) when S3_BUCKET is set; else files stay in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  bodyLimitBytes: number;
  /** The machine translation engine; apertium without a URL starts Debian's APY on loopback (adapters/translate). */
  translate: {
    engine: 'apertium' | 'libretranslate' | 'none';
    url: string | undefined;
    apiKey: string | undefined;
    timeoutMs: number;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Card payments (docs/api.md, Commerce): PayPal Orders v2 at `api` with OAuth client credentials, or the sandbox
   * provider this server runs itself. `webhookId` is what PayPal's verify-webhook-signature checks events against.
   */
  payment: {
    provider: 'paypal' | 'sandbox';
    clientId: string | undefined;
    secret: string | undefined;
    api: string;
    webhookId: string | undefined;
  };
  /**
   * Web Push's VAPID keys (base64url) and contact. Unset keys outside production are made on first start and kept in
   * DATA_DIR/vapid.json (adapters/push/vapid.ts); production must set all three.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
}

/** A startup problem the operator can fix; main.ts prints its message without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The port `npm run dev` (Vite) serves the client on. */
const VITE_DEV_PORT = 5173;

/** `value` as a browser sends it in Origin (scheme://host[:port], default port left out), or a ConfigError. */
function originOf(name: string, value: string): string {
  const bad = () => new ConfigError(`${name}: '${value}' is not an origin like https://example.com`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad();
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !bare || !/^https?:\/\/[^/]+\/?$/.test(value)) throw bad();
  return url.origin;
}

/** HOST as it appears in a URL: the unspecified addresses are reached on loopback, IPv6 goes in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** TRUST_PROXY: 0/1 (false/true) or a comma-separated list of proxy addresses and CIDR ranges. */
function parseTrustProxy(value: string): boolean | string[] {
  if (/^(0|false|no|off)$/i.test(value)) return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) {
      throw new ConfigError(`TRUST_PROXY: '${entry}' is not an address or CIDR range (or use 0 or 1)`);
    }
  }
  return list;
}

/** Object storage when S3_BUCKET is set; then the endpoint and both keys are required. */
function s3Settings(e: z.infer<typeof envSchema>) {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length > 0) throw new ConfigError(`S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    pathStyle: e.S3_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new ConfigError(issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`);
  }
  const e = parsed.data;
  const origins = e.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => originOf('ALLOWED_ORIGINS', o));
  const publicOrigin = e.PUBLIC_ORIGIN
    ? originOf('PUBLIC_ORIGIN', e.PUBLIC_ORIGIN)
    : `http://${urlHost(e.HOST)}:${e.PORT}`;
  // `npm run dev` serves the pages from Vite's port and proxies /ws here; browsers may say localhost or 127.0.0.1.
  const loopback =
    e.NODE_ENV === 'development'
      ? [e.PORT, VITE_DEV_PORT].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
      : [];
  if (e.TRANSLATE_ENGINE === 'libretranslate' && !e.TRANSLATE_URL) {
    throw new ConfigError('TRANSLATE_URL must be set when TRANSLATE_ENGINE=libretranslate');
  }
  if (e.PAYMENT_PROVIDER === 'paypal' && e.NODE_ENV === 'production') {
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
      if (!e[name]) throw new ConfigError(`${name} must be set when PAYMENT_PROVIDER=paypal and NODE_ENV=production`);
    }
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (e.NODE_ENV === 'production') {
    const cosKeyBytes = e.COS_SECRET_KEY === undefined ? MIN_SECRET_BYTES : Buffer.byteLength(e.COS_SECRET_KEY, 'utf8');
    if (cosKeyBytes < MIN_SECRET_BYTES) {
      throw new ConfigError(`COS_SECRET_KEY must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production`);
    }
    // Default secrets are public (they are in this file), so a production server with one would be open.
    for (const [name, fallback] of SECRETS) {
      const value = e[name];
      if (value === fallback) {
        throw new ConfigError(`${name} must be set to a private value when NODE_ENV=production`);
      }
      const bytes = Buffer.byteLength(value, 'utf8');
      if (bytes < MIN_SECRET_BYTES) {
        throw new ConfigError(
          `${name} is ${bytes} bytes; it must be at least ${MIN_SECRET_BYTES} random bytes when NODE_ENV=production (for example: openssl rand -base64 32)`,
        );
      }
    }
    // Keys made on one machine's disk would change with every new instance, and every device's subscription with them.
    if (!e.VAPID_PUBLIC_KEY) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set when NODE_ENV=production (npx web-push generate-vapid-keys)',
      );
    }
    if (e.VAPID_SUBJECT === DEV_VAPID_SUBJECT) {
      throw new ConfigError(
        'VAPID_SUBJECT must be set to your own mailto: address or an https: URL when NODE_ENV=production',
      );
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    nodeEnv: e.NODE_ENV,
    sessionSecret: e.SESSION_SECRET,
    payloadKey: e.PAYLOAD_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin,
    allowedOrigins: origins,
    socketOrigins: [...new Set([publicOrigin, ...origins, ...loopback])],
    clientDir: resolve(e.CLIENT_DIR),
    rateLimit: {
      authPerIpPerMin: e.RATE_LIMIT_AUTH_PER_MIN,
      authPerAccountPerMin: e.RATE_LIMIT_ACCOUNT_PER_MIN,
      profilePerMin: e.RATE_LIMIT_PROFILE_PER_MIN,
    },
    ws: { idleCloseMs: e.WS_IDLE_CLOSE_MS, ratePerSec: e.WS_MSG_PER_SEC, rateBurst: e.WS_MSG_BURST },
    chatBatchLingerMs: e.CHAT_BATCH_LINGER_MS,
    uploads: { perMin: e.UPLOADS_PER_MIN, bytesPerDay: e.UPLOAD_BYTES_PER_DAY },
    cos: {
      secretId: e.COS_SECRET_ID,
      secretKey:
        e.COS_SECRET_KEY ?? createHmac('sha256', e.SESSION_SECRET).update('amity cos upload signing').digest('hex'),
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    translate: {
      engine: e.TRANSLATE_ENGINE,
      url: e.TRANSLATE_URL?.replace(/\/+$/, ''),
      apiKey: e.TRANSLATE_API_KEY,
      timeoutMs: e.TRANSLATE_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    s3: s3Settings(e),
    payment: {
      provider: e.PAYMENT_PROVIDER,
      clientId: e.PAYPAL_CLIENT_ID,
      secret: e.PAYPAL_SECRET,
      api: e.PAYPAL_API.replace(/\/+$/, ''),
      webhookId: e.PAYPAL_WEBHOOK_ID,
    },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
  };
}
