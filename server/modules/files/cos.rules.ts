/**
 * The COS-style signed form upload (docs/api.md, Files), as Tencent COS defines POST Object signatures:
 * KeyTime = "start;end" (Unix seconds), SignKey = hex HMAC-SHA1(SecretKey, KeyTime), StringToSign = hex SHA1(policy
 * JSON text), q-signature = hex HMAC-SHA1(SignKey, StringToSign). The policy names the key prefix (`u{member id}/`),
 * its expiry and the upload type, so a signature lets one member upload for one hour and nothing else.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadType } from '#protocol/constants.ts';
import type { CosSign } from '#protocol/upload.ts';
import { type DomainError, forbidden, invalid } from '../../domain/errors.ts';
import { isUploadType } from './files.rules.ts';

/** How long a signature is good for (docs/product.md, Uploads: the client reuses it until 3 minutes before the end). */
export const COS_SIGN_SECONDS = 3600;
/** Where the form is posted and under which its keys are served: the file is at `${url}/${key}`. */
export const COS_FORM_URL = '/uploads';

export const BAD_SIGNATURE = 'The upload signature does not match';
export const EXPIRED_SIGNATURE = 'The upload signature has expired or is not valid yet';

export interface CosSecret {
  secretId: string;
  secretKey: string;
}

const hmacHex = (key: string, text: string) => createHmac('sha1', key).update(text, 'utf8').digest('hex');

export function cosSignature(secretKey: string, keyTime: string, policyText: string): string {
  return hmacHex(hmacHex(secretKey, keyTime), createHash('sha1').update(policyText, 'utf8').digest('hex'));
}

export type { CosSign };

/** The signature object of GET /api/file/cos/sign for `userId` uploading `type`, made at `now`. */
export function signCosUpload(
  secret: CosSecret,
  userId: number,
  type: UploadType,
  now: Date,
  filename: string,
): CosSign {
  const start = Math.floor(now.getTime() / 1000);
  const keyTime = `${start};${start + COS_SIGN_SECONDS}`;
  const path = `u${userId}/`;
  const policyText = JSON.stringify({
    expiration: new Date((start + COS_SIGN_SECONDS) * 1000).toISOString(),
    conditions: [
      { 'q-sign-algorithm': 'sha1' },
      { 'q-ak': secret.secretId },
      { 'q-sign-time': keyTime },
      ['starts-with', '$key', path],
      { 'x-amity-type': type },
    ],
  });
  return {
    path,
    filename,
    url: COS_FORM_URL,
    policy: Buffer.from(policyText, 'utf8').toString('base64'),
    'q-sign-algorithm': 'sha1',
    'q-ak': secret.secretId,
    'q-key-time': keyTime,
    'q-signature': cosSignature(secret.secretKey, keyTime, policyText),
  };
}

/** A form key: the signed prefix, then a plain file name ending in .jpg or .png (what isOwnUploadUrl accepts). */
const KEY = /^u(\d{1,10})\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|png)$/;

export interface CosUpload {
  userId: number;
  type: UploadType;
  key: string;
}

const bad = (): DomainError => forbidden(BAD_SIGNATURE);

function field(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '') throw invalid(`${name} is required`);
  return value;
}

/** Checks the form's signature, its time window and policy (`now`), and answers who uploads what under which key. */
export function verifyCosForm(secret: CosSecret, fields: Record<string, string>, now: Date): CosUpload {
  const policyB64 = field(fields, 'policy');
  const keyTime = field(fields, 'q-key-time');
  const signature = field(fields, 'q-signature');
  const key = field(fields, 'key');
  if (field(fields, 'q-sign-algorithm') !== 'sha1') throw invalid('q-sign-algorithm must be sha1');
  if (field(fields, 'q-ak') !== secret.secretId) throw bad();
  const times = /^(\d{1,12});(\d{1,12})$/.exec(keyTime);
  if (!times) throw invalid('q-key-time must be start;end in seconds');
  if (!/^[0-9a-f]{40}$/.test(signature) || !/^[A-Za-z0-9+/]+={0,2}$/.test(policyB64)) throw bad();
  const policyText = Buffer.from(policyB64, 'base64').toString('utf8');
  const expected = cosSignature(secret.secretKey, keyTime, policyText);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) throw bad();

  const seconds = now.getTime() / 1000;
  if (seconds < Number(times[1]) || seconds > Number(times[2])) throw forbidden(EXPIRED_SIGNATURE);
  // Signed by us, so well formed; still read defensively.
  const policy = JSON.parse(policyText) as { expiration?: string; conditions?: unknown[] };
  const expiration = Date.parse(policy.expiration ?? '');
  if (!(expiration > now.getTime())) throw forbidden(EXPIRED_SIGNATURE);
  const conditions = policy.conditions ?? [];
  const prefix = conditions.find((c): c is string[] => Array.isArray(c) && c[0] === 'starts-with' && c[1] === '$key');
  const typeCondition = conditions.find(
    (c): c is { 'x-amity-type': string } => typeof c === 'object' && c !== null && 'x-amity-type' in c,
  );
  const signTime = conditions.some(
    (c) => typeof c === 'object' && c !== null && (c as Record<string, unknown>)['q-sign-time'] === keyTime,
  );
  const type = typeCondition?.['x-amity-type'] ?? '';
  if (!prefix || typeof prefix[2] !== 'string' || !signTime || !isUploadType(type)) throw bad();

  const match = KEY.exec(key);
  if (!match) throw invalid('key must be the signature path, then a file name ending in .jpg or .png');
  if (!key.startsWith(prefix[2])) throw forbidden('key is outside the signed path');
  return { userId: Number(match[1]), type, key };
}
