import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_TEXTS, parseTexts, pushNotice } from './push.ts';

const texts = { ...DEFAULT_PUSH_TEXTS, photo: 'Hat ein Foto gesendet', like: 'Mag dich' };
const from = { id: 7, name: 'Ana', avatar: '/uploads/ana.jpg' };

describe('pushNotice', () => {
  it('shows a message with the sender, grouped per conversation, opening it, with the badge', () => {
    const n = pushNotice({ event: 'message', from, msgId: 3, msgType: 1, text: 'Hola', unread: 4 }, texts);
    expect(n).toEqual({
      title: 'Ana',
      options: {
        body: 'Hola',
        icon: '/uploads/ana.jpg',
        badge: '/icons/icon-192.png',
        tag: 'chat-7',
        renotify: true,
        data: { url: '/chat?userId=7' },
      },
      badge: 4,
    });
  });

  it('names photos, gifts, likes and visits in the posted language; likes and visits open the homepage', () => {
    expect(pushNotice({ event: 'message', from, msgType: 2 }, texts).options.body).toBe('Hat ein Foto gesendet');
    expect(pushNotice({ event: 'message', from, msgType: 9 }, texts).options.body).toBe('Sent a voice message');
    expect(pushNotice({ event: 'gift', from, msgType: 4 }, texts).options).toMatchObject({
      body: 'Sent you a gift',
      tag: 'chat-7',
      data: { url: '/chat?userId=7' },
    });
    const like = pushNotice({ event: 'like', from: { ...from, avatar: '' } }, texts);
    expect(like.options).toMatchObject({ body: 'Mag dich', icon: '/icons/icon-192.png', data: { url: '/homepage/7' } });
    expect(like.badge).toBeUndefined();
  });

  it('still shows something for a payload it cannot read', () => {
    for (const data of [undefined, null, 'x', { event: 'poke', from }, { event: 'like', from: { id: '7' } }]) {
      expect(pushNotice(data, texts)).toMatchObject({ title: 'Amity', options: { data: { url: '/chat' } } });
    }
  });
});

describe('parseTexts', () => {
  it('keeps only a complete set of short strings', () => {
    expect(parseTexts(texts)).toEqual(texts);
    expect(parseTexts({ ...texts, like: 5 })).toBeUndefined();
    expect(parseTexts({ ...texts, like: 'x'.repeat(201) })).toBeUndefined();
    expect(parseTexts(null)).toBeUndefined();
  });
});
