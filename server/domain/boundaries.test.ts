/**
 * The module boundaries of docs/architecture.md that imports alone can show: rules, services and repositories
 * know no transport (no plugins/, no realtime/), and no module reaches into another module's service or routes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '..', 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
}

const files = sources(MODULES).map((path) => ({
  path,
  name: relative(MODULES, path),
  module: relative(MODULES, path).split(/[\\/]/)[0]!,
  imports: importsOf(path),
}));

describe('module boundaries', () => {
  it('finds the modules it guards', () => {
    for (const m of ['auth', 'users', 'chat', 'social', 'files']) expect(files.some((f) => f.module === m)).toBe(true);
  });

  it('only *.routes.ts files import from plugins/ or realtime/ (the rest throws DomainError)', () => {
    const offenders = files
      .filter((f) => !f.name.endsWith('.routes.ts'))
      .flatMap((f) => f.imports.filter((i) => /\/(plugins|realtime)\//.test(i)).map((i) => `${f.name} → ${i}`));
    expect(offenders).toEqual([]);
  });

  it("no module imports another module's service or routes", () => {
    const offenders = files.flatMap((f) =>
      f.imports
        .filter((i) => {
          const other = /^\.\.\/([^/]+)\/[^/]+\.(service|routes)\.ts$/.exec(i);
          return other !== null && other[1] !== f.module;
        })
        .map((i) => `${f.name} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });
});
