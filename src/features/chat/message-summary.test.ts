/** Conversation summaries of videos and voice notes are words in the member's language, never the file's URL. */
import { i18n, type Messages } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messageSummary } from './message-summary.ts';

const catalog = async (locale: string) =>
  ((await import(`../../../locale/${locale}.po`)) as { messages: Messages }).messages;

afterAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));

describe('messageSummary for types 8 and 9', () => {
  it.each([
    ['en-us', 'sent a video', 'sent a voice message'],
    ['de-de', 'Video gesendet', 'Sprachnachricht gesendet'],
    ['zh-cn', '发送了视频', '发送了语音消息'],
    ['ja-jp', '動画を送信しました', 'ボイスメッセージを送信しました'],
  ])('%s', async (locale, video, voice) => {
    i18n.loadAndActivate({ locale, messages: await catalog(locale) });
    expect(messageSummary(8, '/uploads/a.webm')).toBe(video);
    expect(messageSummary(9, '/uploads/b.weba')).toBe(voice);
    expect(messageSummary(1, 'hello')).toBe('hello');
  });
});
