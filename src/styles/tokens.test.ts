import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

describe('design tokens', () => {
  it('declare every token once: the dark palette is the second half of light-dark(), not a second block', () => {
    const names = [...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]);
    const twice = names.filter((name, i) => names.indexOf(name) !== i);
    expect(twice).toEqual([]);
    expect(css).not.toContain('prefers-color-scheme');
  });

  it('let the system choose unless data-theme pins a scheme', () => {
    expect(css).toMatch(/:root\s*{[^}]*color-scheme:\s*light dark;/);
    expect(css).toMatch(/:root\[data-theme="light"\]\s*{\s*color-scheme:\s*light;\s*}/);
    expect(css).toMatch(/:root\[data-theme="dark"\]\s*{\s*color-scheme:\s*dark;\s*}/);
  });
});
