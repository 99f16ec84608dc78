/**
 * Property tests of the storable-text and id rules every route and frame uses: any string with a NUL or an unpaired
 * surrogate is refused, any other within the length is accepted, and ids outside 1..2147483647 never pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dbId,
  hasLoneSurrogate,
  INT4_MAX,
  idText,
  isSafeText,
  messageId,
  requiredText,
  safeText,
  unsafeTextMessage,
  wholeNumberText,
} from './validators.ts';

/** Well-formed text over all of Unicode (astral characters as surrogate pairs), NUL removed. */
const validText = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\0', ''));
/** Any sequence of UTF-16 code units, lone surrogates and NUL included. */
const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const wellFormed = fc.string({ unit: 'binary', maxLength: 20 });
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** The oracle: encodeURIComponent throws exactly on text with no UTF-8 form. */
function encodable(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

const field = safeText('sign', 1000);

describe('safe text', () => {
  it('accepts every well-formed string without NUL', () => {
    fc.assert(
      fc.property(validText, (s) => {
        expect(isSafeText(s)).toBe(true);
        expect(field.safeParse(s).success).toBe(true);
      }),
    );
  });

  it('refuses every string holding a NUL, naming the field and the rule', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, (a, b) => {
        const s = `${a}\0${b}`;
        expect(isSafeText(s)).toBe(false);
        const result = field.safeParse(s);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('sign must not contain a NUL character');
      }),
    );
  });

  it('refuses every string holding an unpaired surrogate, wherever it sits', () => {
    fc.assert(
      fc.property(
        wellFormed.map((s) => s.replaceAll('\0', '')),
        loneSurrogate,
        wellFormed,
        (a, lone, b) => {
          // Well-formed text neither ends in a high surrogate nor starts with a low one, so `lone` stays unpaired.
          const s = `${a}${lone}${b.replaceAll('\0', '')}`;
          expect(hasLoneSurrogate(s)).toBe(true);
          const result = field.safeParse(s);
          expect(result.success).toBe(false);
          expect(result.error?.issues[0]?.message).toBe(
            'sign must not contain an unpaired surrogate (invalid Unicode)',
          );
        },
      ),
    );
  });

  it('agrees with UTF-8 encodability on any sequence of code units', () => {
    fc.assert(
      fc.property(anyUnits, (s) => {
        expect(isSafeText(s)).toBe(!s.includes('\0') && encodable(s));
        expect(unsafeTextMessage('x', s) === undefined).toBe(isSafeText(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('pairs in either order: high+low is a character, low+high is two lone halves', () => {
    expect(isSafeText('\ud83d\ude00')).toBe(true);
    expect(isSafeText('\ude00\ud83d')).toBe(false);
    expect(isSafeText('\ud83d\ud83d\ude00')).toBe(false);
    expect(isSafeText('a\ud83d')).toBe(false);
    expect(isSafeText('\ude00a')).toBe(false);
  });

  it('caps the length and requires a non-blank value where asked', () => {
    expect(safeText('sign', 3).safeParse('abcd').error?.issues[0]?.message).toBe('sign must be at most 3 characters');
    expect(requiredText('country', 9).safeParse(' \t').error?.issues[0]?.message).toBe('country is required');
    expect(requiredText('country', 9).safeParse(undefined).error?.issues[0]?.message).toBe('country is required');
    expect(safeText('sign', 3).safeParse(7).error?.issues[0]?.message).toBe('sign must be a string');
  });
});

describe('db ids', () => {
  const id = dbId('toId');
  const rule = 'toId must be a user id (a whole number from 1 to 2147483647)';

  it('accepts every whole number from 1 to 2147483647, as a number and as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: INT4_MAX }), (n) => {
        expect(id.parse(n)).toBe(n);
        expect(idText('userId').parse(String(n))).toBe(n);
      }),
    );
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('refuses every other number with the rule', () => {
    const outside = fc.oneof(
      fc.maxSafeInteger().filter((n) => n < 1),
      fc.maxSafeNat().filter((n) => n > INT4_MAX),
      fc.double({ min: 2 ** 31, noNaN: true }),
      fc.double({ noInteger: true }),
      fc.constantFrom(2 ** 31, -1, 0, 1e20, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Infinity, -Infinity),
    );
    fc.assert(
      fc.property(outside, (n) => {
        expect(id.safeParse(n).error?.issues[0]?.message).toBe(rule);
      }),
    );
  });

  it('refuses text for a JSON number, and anything but plain digits in range for a path or query value', () => {
    expect(id.safeParse('7').error?.issues[0]?.message).toBe(rule);
    expect(id.safeParse(undefined).error?.issues[0]?.message).toBe('toId is required');
    const text = idText('userId');
    for (const bad of [
      '',
      '0',
      '-1',
      '+1',
      '1e3',
      '1.0',
      ' 1',
      '0x10',
      '2147483648',
      '99999999999999999',
      'a',
      '1\0',
    ]) {
      expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const ok = /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= INT4_MAX;
        expect(text.safeParse(s).success).toBe(ok);
      }),
    );
  });

  it('message ids go up to the largest exact JavaScript integer; other whole numbers keep their range', () => {
    expect(messageId('msgId').parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(messageId('msgId').safeParse(1e20).success).toBe(false);
    expect(wholeNumberText('size', 1, 100).safeParse('101').error?.issues[0]?.message).toBe(
      'size must be a whole number from 1 to 100',
    );
  });
});
