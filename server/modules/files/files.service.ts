/** Stores member uploads under DATA_DIR/uploads/<type>/<sha256>.<ext>: the same image twice is one file. */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../domain/errors.ts';
import { isUploadType, sniffImage } from './files.rules.ts';

export const NOT_AN_IMAGE = 'file must be a JPEG or PNG image';

/** Answers the public URL of the stored image. */
export async function storeImage(ctx: AppContext, type: string, bytes: Buffer): Promise<string> {
  if (!isUploadType(type)) {
    throw invalid('type must be a short lowercase word (letters, digits, - or _)');
  }
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(NOT_AN_IMAGE);
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${kind.ext}`;
  const dir = join(ctx.config.dataDir, 'uploads', type);
  await mkdir(dir, { recursive: true });
  // Written aside then renamed, so a reader never gets half a file.
  const part = join(dir, `.${name}.${process.pid}.${Date.now()}.part`);
  await writeFile(part, bytes);
  await rename(part, join(dir, name));
  return `/uploads/${type}/${name}`;
}
