/**
 * The one way the client is built: Vite, then brotli and gzip copies of every text asset next to it, which the
 * server hands out by Accept-Encoding (@fastify/static preCompressed) at no CPU cost per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bin, run } from './run.ts';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the extra round of header bytes costs. */
const MIN_BYTES = 1024;

export function compressTree(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const sub = compressTree(path);
      totals.files += sub.files;
      totals.bytes += sub.bytes;
      totals.brotli += sub.brotli;
      continue;
    }
    if (!TEXT.test(entry) || stat.size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotli += br.length;
  }
  return totals;
}

export async function buildClient(outDir?: string): Promise<void> {
  await run(bin('vite'), ['build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir] : [])]);
  compressTree(outDir ?? join(process.cwd(), 'dist', 'client'));
}
