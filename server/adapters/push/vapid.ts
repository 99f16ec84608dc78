/**
 * The VAPID key pair push services check our pushes against: from the settings, or outside production made once and
 * kept in DATA_DIR/vapid.json, so that devices stay subscribed across restarts.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { base64urlBytes } from '#protocol/push.ts';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const wellFormed = (keys: Partial<VapidKeys> | undefined): keys is Pick<VapidKeys, 'publicKey' | 'privateKey'> =>
  typeof keys?.publicKey === 'string' &&
  typeof keys.privateKey === 'string' &&
  base64urlBytes(keys.publicKey)?.length === 65 &&
  base64urlBytes(keys.privateKey)?.length === 32;

export function loadVapidKeys(config: Pick<Config, 'vapid' | 'dataDir'>): VapidKeys {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (!wellFormed(kept)) throw new Error(`${file} holds no VAPID key pair: delete it to make a new one`);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  // Written aside then renamed: a crash never leaves half a key, and only this user may read the private one.
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, JSON.stringify(made), { mode: 0o600 });
  renameSync(part, file);
  return { ...made, subject };
}
