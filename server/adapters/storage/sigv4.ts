/**
 * AWS Signature Version 4 for S3 requests (docs.aws.amazon.com, "Authenticating Requests: Using the Authorization
 * Header"), written with node:crypto: the canonical request, the string to sign, the derived signing key, and the
 * Authorization header. The payload is signed by its SHA-256 (x-amz-content-sha256), never UNSIGNED-PAYLOAD.
 */
import { createHash, createHmac } from 'node:crypto';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SignInput {
  method: string;
  /** The path as sent, already percent-encoded (encodeKeyPath). */
  path: string;
  query?: Record<string, string>;
  /** Every header to sign, names in any case; host is required. */
  headers: Record<string, string>;
  payloadHash: string;
  now: Date;
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** S3's URI encoding: everything but A-Z a-z 0-9 - _ . ~ as %XX (upper case); '/' kept between key segments. */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z and 20130524. */
export function amzDate(now: Date): { dateTime: string; date: string } {
  const dateTime = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { dateTime, date: dateTime.slice(0, 8) };
}

export function canonicalRequest(input: SignInput): { text: string; signedHeaders: string } {
  const names = Object.keys(input.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signedHeaders = names.join(';');
  const text = [input.method, input.path, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  return { text, signedHeaders };
}

export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** The Authorization header value for this request. */
export function authorization(credentials: Credentials, input: SignInput): string {
  const { dateTime, date } = amzDate(input.now);
  const scope = `${date}/${credentials.region}/s3/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(input);
  const stringToSign = ['AWS4-HMAC-SHA256', dateTime, scope, sha256Hex(text)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, date, credentials.region))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
