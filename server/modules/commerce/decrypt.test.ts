/** The server's node:crypto reading of crypto-js's passphrase AES (what the client sends) agrees with crypto-js. */
import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { decryptCryptoJs } from './commerce.service.ts';

describe('decryptCryptoJs', () => {
  it('reads what CryptoJS.AES.encrypt wrote, for any text and passphrase', () => {
    for (const [text, key] of [
      ['{"id":1,"paypalStatus":1}', 'amity-payload'],
      ['héllo ✓ 你好 🎁', 'ключ'],
      ['', 'k'],
      ['x'.repeat(5000), 'a long passphrase with spaces'],
    ] as const) {
      expect(decryptCryptoJs(CryptoJS.AES.encrypt(text, key).toString(), key)).toBe(text);
    }
  });

  it('answers nothing for another passphrase, a cut or unsalted ciphertext, or text that is not Base64', () => {
    const sealed = CryptoJS.AES.encrypt('{"id":1}', 'right').toString();
    expect(decryptCryptoJs(sealed, 'wrong')).not.toBe('{"id":1}');
    expect(decryptCryptoJs(sealed.slice(0, -8), 'right')).toBeUndefined();
    const raw = CryptoJS.AES.encrypt('{"id":1}', CryptoJS.enc.Hex.parse('00'.repeat(32)), {
      iv: CryptoJS.enc.Hex.parse('00'.repeat(16)),
    }).toString();
    expect(decryptCryptoJs(raw, 'right')).toBeUndefined();
    expect(decryptCryptoJs('not base64 at all!', 'right')).toBeUndefined();
  });
});
