import { describe, expect, it } from 'vitest';
import { checkChart, pairKey, parseHistoryQuery, toMessage } from './chat.rules.ts';

describe('toMessage', () => {
  it('maps a row to the wire Message with a numeric id and ISO dates', () => {
    const row = {
      id: '42',
      client_id: 'c0ffee00-0000-4000-8000-000000000000',
      sender_id: 1,
      to_id: 2,
      type: 1,
      msg: 'hi',
      lang: 'en',
      created_at: new Date('2026-01-02T03:04:05.678Z'),
      read_at: null,
      translations: { es: 'hola' },
    };
    expect(toMessage(row)).toEqual({
      id: 42,
      clientId: row.client_id,
      senderId: 1,
      toId: 2,
      type: 1,
      msg: 'hi',
      lang: 'en',
      createdAt: '2026-01-02T03:04:05.678Z',
      readAt: null,
      translations: { es: 'hola' },
    });
    expect(toMessage({ ...row, read_at: '2026-01-02 03:04:06+00', translations: '{}' })).toMatchObject({
      readAt: '2026-01-02T03:04:06.000Z',
      translations: {},
    });
  });
});

describe('checkChart', () => {
  const frame = { toId: 2, type: 1 as const, msg: 'hi', lang: '', clientId: 'x' };
  it('refuses oneself and image messages without an upload URL', () => {
    expect(() => checkChart(2, frame)).toThrow(/yourself/);
    expect(() => checkChart(1, frame)).not.toThrow();
    expect(() => checkChart(1, { ...frame, type: 2, msg: 'hello' })).toThrow(/URL/);
    expect(() => checkChart(1, { ...frame, type: 2, msg: '/uploads/media/ab12.jpg' })).not.toThrow();
  });
  it('takes only paths of our own uploads as an image, never another site (protocol isOwnUploadUrl)', () => {
    for (const msg of ['https://cdn.example/a.png', '/uploads/../etc/passwd', 'javascript:alert(1)', ' /uploads/a.png'])
      expect(() => checkChart(1, { ...frame, type: 2, msg })).toThrow(/URL of an uploaded image/);
  });
});

describe('parseHistoryQuery', () => {
  it('defaults, bounds and empty values', () => {
    expect(parseHistoryQuery({})).toEqual({ size: 30 });
    expect(parseHistoryQuery({ before: '', size: '' })).toEqual({ size: 30 });
    expect(parseHistoryQuery({ before: '17', size: '100' })).toEqual({ before: 17, size: 100 });
    for (const bad of [{ size: '0' }, { size: '101' }, { size: '1e2' }, { before: '0' }, { before: '1.5' }]) {
      expect(() => parseHistoryQuery(bad)).toThrow(/must be/);
    }
  });
});

describe('pairKey', () => {
  it('is the same both ways', () => {
    expect(pairKey(9, 3)).toEqual([3, 9]);
    expect(pairKey(3, 9)).toEqual([3, 9]);
  });
});
