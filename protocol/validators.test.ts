import { describe, expect, it } from 'vitest';
import { isEmail, isIsoDate, isMd5, isNonEmpty, isOwnUploadUrl, isPasswordLength, isUsername } from './validators.ts';

describe('isEmail (docs/product.md, Validation: local part, @, 2-10 letters or digits, 1-3 suffixes of 2-4 a-z)', () => {
  it.each([
    'a@bc.de',
    'first.last+tag@example.com',
    'x_y-z%1@abcdefghij.co',
    'me@mail.co.uk',
    'me@mail.ab.cd.ef',
    'UPPER@Example.com',
  ])('accepts %s', (email) => expect(isEmail(email)).toBe(true));

  it.each([
    ['no at sign', 'example.com'],
    ['one-letter label', 'a@b.com'],
    ['label of 11', 'a@abcdefghijk.com'],
    ['no suffix', 'a@example'],
    ['suffix of 1', 'a@example.c'],
    ['suffix of 5', 'a@example.comms'],
    ['uppercase suffix', 'a@example.COM'],
    ['four suffixes', 'a@mail.ab.cd.ef.gh'],
    ['hyphen in label', 'a@ex-ample.com'],
    ['space', 'a b@example.com'],
    ['empty local part', '@example.com'],
    ['two at signs', 'a@b@example.com'],
    ['empty', ''],
  ])('rejects %s', (_why, email) => expect(isEmail(email)).toBe(false));

  it('rejects addresses longer than 254 characters', () => {
    expect(isEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    expect(isEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
  });
});

describe('isNonEmpty', () => {
  it('needs a non-whitespace character', () => {
    expect(isNonEmpty('a')).toBe(true);
    expect(isNonEmpty('  x ')).toBe(true);
    expect(isNonEmpty('')).toBe(false);
    expect(isNonEmpty('   ')).toBe(false);
    expect(isNonEmpty('\t\n\u00a0')).toBe(false);
    expect(isNonEmpty(null)).toBe(false);
    expect(isNonEmpty(undefined)).toBe(false);
  });
});

describe('other field rules', () => {
  it('password length is 4-20', () => {
    expect(isPasswordLength('abc')).toBe(false);
    expect(isPasswordLength('abcd')).toBe(true);
    expect(isPasswordLength('a'.repeat(20))).toBe(true);
    expect(isPasswordLength('a'.repeat(21))).toBe(false);
  });

  it('username is 2-20 letters, digits or underscores', () => {
    expect(isUsername('ab')).toBe(true);
    expect(isUsername('a')).toBe(false);
    expect(isUsername('a'.repeat(21))).toBe(false);
    expect(isUsername('bad name')).toBe(false);
    expect(isUsername("' OR 1=1 --")).toBe(false);
    expect(isUsername('ünï')).toBe(false);
  });

  it('md5 is 32 lowercase hex digits', () => {
    expect(isMd5('e10adc3949ba59abbe56e057f20f883e')).toBe(true);
    expect(isMd5('E10ADC3949BA59ABBE56E057F20F883E')).toBe(false);
    expect(isMd5('secret')).toBe(false);
    expect(isMd5('e10adc3949ba59abbe56e057f20f883')).toBe(false);
  });

  it('ISO dates must be real calendar days', () => {
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('1990-13-01')).toBe(false);
    expect(isIsoDate('1990-1-01')).toBe(false);
    expect(isIsoDate('1990-01-01T00:00')).toBe(false);
  });
});

/** Every image field (avatar, chat photo, later moments) is judged by this; the variants are an attacker's. */
describe('isOwnUploadUrl', () => {
  it.each([
    '/uploads/media/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.jpg',
    '/uploads/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png',
    '/uploads/avatars/demo-alice.svg',
  ])('accepts our own upload path %s', (url) => expect(isOwnUploadUrl(url)).toBe(true));

  it.each([
    ['a script URL', 'javascript:alert(1)'],
    ['an uppercase script URL', 'JAVASCRIPT:alert(1)'],
    ['a mixed-case script URL', 'JaVaScRiPt:alert(1)//.png'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a data URL with HTML', 'data:text/html,<script>alert(1)</script>'],
    ['a vbscript URL', 'vbscript:msgbox(1)'],
    ['another site', 'https://evil.com/x.png'],
    ['a protocol-relative URL', '//evil.com/x.png'],
    ['a backslash host', '/\\evil.com/x.png'],
    ['another site with our path', 'https://evil.com/uploads/media/a.png'],
    ['another site climbing out', 'https://evil.com/uploads/..'],
    ['our path climbing out', '/uploads/../../etc/passwd'],
    ['a percent-encoded climb', '/uploads/%2e%2e/%2e%2e/etc/passwd.png'],
    ['a dot folder', '/uploads/../a.png'],
    ['two folders', '/uploads/a/b/c.png'],
    ['a double slash', '/uploads//a.png'],
    ['a query', '/uploads/a.png?x=1'],
    ['a fragment', '/uploads/a.png#x'],
    ['a leading space', ' /uploads/a.png'],
    ['a leading tab', '\t/uploads/a.png'],
    ['a leading NUL', '\u0000/uploads/a.png'],
    ['a leading control character', '\u0001javascript:alert(1)'],
    ['a trailing newline', '/uploads/a.png\n'],
    ['a zero-width prefix', '\u200b/uploads/a.png'],
    ['a right-to-left override', '/uploads/\u202egnp.exe'],
    ['an HTML file', '/uploads/a.html'],
    ['an uppercase extension', '/uploads/a.PNG'],
    ['no extension', '/uploads/a'],
    ['another folder of ours', '/assets/a.png'],
    ['the folder itself', '/uploads/'],
    ['empty', ''],
  ])('refuses %s', (_why, url) => expect(isOwnUploadUrl(url)).toBe(false));

  it('accepts keys under a configured https storage base, and nothing else there', () => {
    const base = 'https://bucket-1250000000.cos.ap-guangzhou.myqcloud.com/amity/';
    expect(isOwnUploadUrl(`${base}media/abc.jpg`, base)).toBe(true);
    expect(isOwnUploadUrl(`${base}abc.png`, base)).toBe(true);
    for (const bad of [`${base}../x.png`, `${base}a.html`, `${base}abc.png?x`, `${base}a/b/c.png`, `${base}a.svg`])
      expect(isOwnUploadUrl(bad, base)).toBe(false);
    expect(isOwnUploadUrl('https://bucket-1250000000.cos.ap-guangzhou.myqcloud.com.evil.com/amity/a.png', base)).toBe(
      false,
    );
    // A base that is not a plain https folder is no base at all.
    expect(isOwnUploadUrl('http://cdn.example/a.png', 'http://cdn.example/')).toBe(false);
    expect(isOwnUploadUrl('javascript:alert(1)//a.png', 'javascript:alert(1)//')).toBe(false);
  });
});
