/** argon2id over the md5 the client sends (docs/api.md, Authentication); OWASP's m = 19 MiB, t = 2, p = 1. */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(md5: string): Promise<string> {
  return hash(md5, OPTIONS);
}

export async function verifyPassword(stored: string, md5: string): Promise<boolean> {
  try {
    return await verify(stored, md5);
  } catch {
    return false; // A malformed stored hash never signs anyone in.
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of a real check when the member does not exist, so timing does not reveal accounts. */
export async function verifyAgainstDummy(md5: string): Promise<void> {
  dummy ??= hashPassword('00000000000000000000000000000000');
  await verifyPassword(await dummy, md5);
}
