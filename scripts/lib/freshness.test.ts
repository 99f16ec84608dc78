import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientIsStale } from './freshness.ts';

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'amity-fresh-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'src', 'main.tsx'), 'x');
  return root;
}

const setTime = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe('clientIsStale', () => {
  it('is stale when nothing was built', () => {
    const root = tree();
    expect(clientIsStale(root, join(root, 'dist'))).toBe(true);
  });

  it('is fresh when the build is newer than every source, stale once a source changes', () => {
    const root = tree();
    const index = join(root, 'dist', 'index.html');
    writeFileSync(index, '<html>');
    setTime(join(root, 'src', 'main.tsx'), 1_000);
    setTime(join(root, 'src'), 1_000);
    setTime(index, 2_000);
    expect(clientIsStale(root, join(root, 'dist'))).toBe(false);
    setTime(join(root, 'src', 'main.tsx'), 3_000);
    expect(clientIsStale(root, join(root, 'dist'))).toBe(true);
  });

  it('ignores test files and the generated route tree', () => {
    const root = tree();
    const index = join(root, 'dist', 'index.html');
    writeFileSync(index, '<html>');
    writeFileSync(join(root, 'src', 'a.test.tsx'), 'x');
    writeFileSync(join(root, 'src', 'routeTree.gen.ts'), 'x');
    setTime(join(root, 'src', 'main.tsx'), 1_000);
    setTime(join(root, 'src'), 1_000);
    setTime(index, 2_000);
    setTime(join(root, 'src', 'a.test.tsx'), 5_000);
    setTime(join(root, 'src', 'routeTree.gen.ts'), 5_000);
    expect(clientIsStale(root, join(root, 'dist'))).toBe(false);
  });
});
