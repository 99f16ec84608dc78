/** Decides whether the built client in dist/client is older than any of its sources. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'sw',
  'protocol',
  'locale',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'routeTree.gen.ts' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function clientIsStale(root: string, clientDir: string): boolean {
  const built = newestMtime(join(clientDir, 'index.html'));
  if (built === 0) return true;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}
