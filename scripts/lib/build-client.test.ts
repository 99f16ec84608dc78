import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressTree } from './build-client.ts';

describe('compressTree', () => {
  it('writes brotli and gzip copies that decompress to the original, for text assets above 1 KB only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amity-compress-'));
    mkdirSync(join(dir, 'assets'));
    const js = 'console.log("amity");\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'app.js'), js);
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 1));
    const totals = compressTree(dir);
    expect(totals.files).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(js);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.br'))).toBe(false);
    expect(totals.brotli).toBeLessThan(totals.bytes / 10);
  });
});
