import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasBidiControls, stripBidiControls } from './validators.ts';

const CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map(
  (c) => String.fromCodePoint(c),
);
const control = fc.constantFrom(...CONTROLS);
/** Any text, with bidirectional controls mixed in often enough to matter. */
const mixed = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), control), { maxLength: 20 })
  .map((parts) => parts.join(''));

describe('bidirectional controls (issue 7 item 12)', () => {
  it('knows every control of the class and nothing next to it', () => {
    for (const c of CONTROLS) expect(hasBidiControls(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const c of [0x061b, 0x061d, 0x200d, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a, 0x05d0, 0x0627]) {
      expect(hasBidiControls(`a${String.fromCodePoint(c)}b`), c.toString(16)).toBe(false);
    }
    expect(stripBidiControls('gnp\u202Eexe.png')).toBe('gnpexe.png');
  });

  it('stripping leaves no control, and changes nothing else', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const stripped = stripBidiControls(text);
        expect(hasBidiControls(stripped)).toBe(false);
        expect(stripBidiControls(stripped)).toBe(stripped);
        expect([...stripped]).toEqual([...text].filter((ch) => !CONTROLS.includes(ch)));
      }),
    );
  });

  it('text without controls is untouched and has none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        fc.pre(!CONTROLS.some((c) => text.includes(c)));
        expect(hasBidiControls(text)).toBe(false);
        expect(stripBidiControls(text)).toBe(text);
      }),
    );
  });
});
