import { describe, expect, it } from 'vitest';
import { serverFieldError } from './server-errors.ts';

const fields = ['oldPassword', 'password', 'username', 'birthday', 'email', 'code'] as const;
const text = (t: unknown) => (typeof t === 'string' ? t : (t as { message?: string }).message);

describe('serverFieldError', () => {
  it('puts a known refusal beside its field in the product words', () => {
    const old = serverFieldError('oldPassword is wrong', fields);
    expect(old.field).toBe('oldPassword');
    expect(text(old.text)).toBe('The current password is wrong');
    expect(serverFieldError('Username is already taken', fields).field).toBe('username');
    expect(serverFieldError('birthday: you must be at least 18', fields).field).toBe('birthday');
    expect(serverFieldError('code is wrong or has expired', fields).field).toBe('code');
  });

  it('keeps an unknown message as written and finds its field by the first word', () => {
    const r = serverFieldError('username must not contain right-to-left or other text direction controls', fields);
    expect(r).toEqual({
      field: 'username',
      text: 'username must not contain right-to-left or other text direction controls',
    });
  });

  it('leaves a message about no field to the form', () => {
    const r = serverFieldError('Too many attempts, try again in 12 seconds', fields);
    expect(r.field).toBeUndefined();
    expect(r.text).toBe('Too many attempts, try again in 12 seconds');
    // A field not in this form is not guessed.
    expect(serverFieldError('height must be at most 272', fields).field).toBeUndefined();
  });
});
